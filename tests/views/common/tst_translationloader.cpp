// SPDX-License-Identifier: MIT
#include "engine/core/issuejsonreader.h"
#include "engine/triage/triageengine.h"
#include "tests/support/testdata.h"
#include "views/common/apppalette.h"
#include "views/common/translationloader.h"
#include "views/queue/suggestionpanel.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>

using namespace Qt::StringLiterals;

// The catalogue built from translations/*.ts and Qt's own, installed by locale; what the window then shows.
class tst_TranslationLoader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void shipsGerman();
    void installsByLocale_data();
    void installsByLocale();
    void widgetsShowTheTranslation();
    void pluralFormsCount_data();
    void pluralFormsCount();
};

void tst_TranslationLoader::initTestCase()
{
    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(AppPalette::light());
}

void tst_TranslationLoader::cleanup()
{
    TranslationLoader::install(QLocale(QLocale::English, QLocale::UnitedStates));
}

void tst_TranslationLoader::shipsGerman()
{
    QVERIFY2(TranslationLoader::languages().contains(u"de"_s), qPrintable(TranslationLoader::languages().join(u' ')));
}

void tst_TranslationLoader::installsByLocale_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QStringList>("loaded");
    QTest::addColumn<QString>("addLabel");  // the picker's placeholder
    QTest::addColumn<QString>("cancel");    // Qt's own Cancel button
    QTest::addColumn<QString>("notSynced"); // a string that moved from MainWindow into SyncStatusWidget
    QTest::addRow("German") << u"de_DE"_s << QStringList{u"triage-console_de"_s, u"qt_de"_s}
                            << u"Label hinzufügen… (Tippen filtert)"_s << u"Abbrechen"_s
                            << u"Noch nicht synchronisiert"_s;
    QTest::addRow("Austrian German falls back to German")
        << u"de_AT"_s << QStringList{u"triage-console_de"_s, u"qt_de"_s} << u"Label hinzufügen… (Tippen filtert)"_s
        << u"Abbrechen"_s << u"Noch nicht synchronisiert"_s;
    QTest::addRow("English: the source text")
        << u"en_GB"_s << QStringList() << u"Add a label… (type to filter)"_s << u"Cancel"_s << u"Not synced yet"_s;
    // French: Qt has its own catalogue, the console none yet: the console stays English, Qt's dialogs French.
    QTest::addRow("French: Qt's own only") << u"fr_FR"_s << QStringList{u"qt_fr"_s}
                                           << u"Add a label… (type to filter)"_s << u"Annuler"_s << u"Not synced yet"_s;
}

void tst_TranslationLoader::installsByLocale()
{
    QFETCH(QString, locale);
    QFETCH(QStringList, loaded);
    QFETCH(QString, addLabel);
    QFETCH(QString, cancel);
    QFETCH(QString, notSynced);
    QCOMPARE(TranslationLoader::install(QLocale(locale)), loaded);
    QCOMPARE(QCoreApplication::translate("SuggestionPanel", "Add a label… (type to filter)"), addLabel);
    QCOMPARE(QCoreApplication::translate("SyncStatusWidget", "Not synced yet"), notSynced);
    QDialogButtonBox buttons(QDialogButtonBox::Cancel);
    QCOMPARE(buttons.button(QDialogButtonBox::Cancel)->text().remove(u'&'), cancel);
    // Installing again replaces, never stacks.
    QCOMPARE(TranslationLoader::install(QLocale(locale)), loaded);
    const QList<QObject *> children = qApp->children();
    QCOMPARE(std::count_if(children.cbegin(), children.cend(),
                           [](QObject *child) { return child->property("triageTranslation").toBool(); }),
             qsizetype(loaded.size()));
}

void tst_TranslationLoader::widgetsShowTheTranslation()
{
    QVERIFY(!TranslationLoader::install(QLocale(u"de_DE"_s)).isEmpty());
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY2(pack.ok(), qPrintable(pack.error()));
    SuggestionPanel panel;
    panel.setPack(pack.value());
    const QList<Issue> issues = TestData::issues(u"queue-small.json"_s);
    panel.setSuggestion(issues.first(), TriageEngine(pack.value()).plan(issues.first()), std::nullopt,
                        ReviewState::New);
    panel.resize(480, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCOMPARE(panel.findChild<QComboBox *>(u"addLabelCombo"_s)->lineEdit()->placeholderText(),
             u"Label hinzufügen… (Tippen filtert)"_s);
    QStringList texts;
    for (const QLabel *label : panel.findChildren<QLabel *>())
        texts.append(label->text());
    QVERIFY2(texts.contains(u"Vorschlag"_s), qPrintable(texts.join(u" | "_s)));
    QVERIFY2(texts.contains(u"neu"_s), qPrintable(texts.join(u" | "_s))); // the review state chip
}

void tst_TranslationLoader::pluralFormsCount_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("text");
    QTest::addRow("de 2") << u"de_DE"_s << 2 << u"2 Kommentare"_s;
    QTest::addRow("de 21") << u"de_DE"_s << 21 << u"21 Kommentare"_s;
    QTest::addRow("en 2, no catalogue") << u"en_US"_s << 2 << u"2 comments"_s;
}

void tst_TranslationLoader::pluralFormsCount()
{
    QFETCH(QString, locale);
    QFETCH(int, count);
    QFETCH(QString, text);
    TranslationLoader::install(QLocale(locale));
    QCOMPARE(QCoreApplication::translate("IssueView", "%n comments", nullptr, count), text);
}

QTEST_MAIN(tst_TranslationLoader)
#include "tst_translationloader.moc"

// SPDX-License-Identifier: MIT
#include "views/queue/queuepickerdialog.h"

#include "engine/triage/rubricpack.h"
#include "tests/support/screenshottest.h"
#include "tests/support/testdata.h"
#include "views/common/apppalette.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace Qt::StringLiterals;

class tst_QueuePickerDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void validate_data();
    void validate();
    void parseLabels_data();
    void parseLabels();
    void openFollowsValidation();
    void storedQueueFillsTheForm();
    void rubric_data();
    void rubric();
    void screenshot_data();
    void screenshot();
};

void tst_QueuePickerDialog::validate_data()
{
    QTest::addColumn<QString>("repository");
    QTest::addColumn<QString>("labels");
    QTest::addColumn<bool>("valid");
    QTest::addRow("owner/name") << u"pytorch/pytorch"_s << u"oncall: distributed"_s << true;
    QTest::addRow("no labels") << u"pytorch/pytorch"_s << QString() << true;
    QTest::addRow("padded") << u"  pytorch/vision "_s << u" a , b "_s << true;
    QTest::addRow("dots and dashes") << u"my-org/repo.name_2"_s << QString() << true;
    QTest::addRow("empty") << QString() << QString() << false;
    QTest::addRow("no slash") << u"pytorch"_s << QString() << false;
    QTest::addRow("two slashes") << u"pytorch/pytorch/issues"_s << QString() << false;
    QTest::addRow("empty owner") << u"/pytorch"_s << QString() << false;
    QTest::addRow("empty name") << u"pytorch/"_s << QString() << false;
    QTest::addRow("space in owner") << u"py torch/pytorch"_s << QString() << false;
    QTest::addRow("URL") << u"https://github.com/pytorch/pytorch"_s << QString() << false;
    QTest::addRow("label too long") << u"pytorch/pytorch"_s << QString(101, u'x') << false;
}

void tst_QueuePickerDialog::validate()
{
    QFETCH(QString, repository);
    QFETCH(QString, labels);
    QFETCH(bool, valid);
    const QString problem = QueuePickerDialog::validate(repository, labels);
    QCOMPARE(problem.isEmpty(), valid);
}

void tst_QueuePickerDialog::parseLabels_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("labels");
    QTest::addRow("empty") << QString() << QStringList();
    QTest::addRow("one with a colon") << u"oncall: distributed"_s << QStringList{u"oncall: distributed"_s};
    QTest::addRow("two") << u"module: nccl, triaged"_s << QStringList{u"module: nccl"_s, u"triaged"_s};
    QTest::addRow("blanks and duplicates") << u" a ,, a, b ,"_s << QStringList{u"a"_s, u"b"_s};
    QTest::addRow("unicode") << u"🚀 perf, ä"_s << QStringList{u"🚀 perf"_s, u"ä"_s};
    // Excluded labels, as GitHub's search writes them: "unprocessed only" is one saved queue.
    QTest::addRow("an excluded label, quoted") << u"oncall: distributed, -label:\"ptd-bot-triaged\""_s
                                               << QStringList{u"oncall: distributed"_s, u"-ptd-bot-triaged"_s};
    QTest::addRow("an excluded label, bare") << u"-label:bot-triaged"_s << QStringList{u"-bot-triaged"_s};
    QTest::addRow("an empty exclusion") << u"a, -label:\"\""_s << QStringList{u"a"_s};
}

void tst_QueuePickerDialog::parseLabels()
{
    QFETCH(QString, text);
    QFETCH(QStringList, labels);
    QCOMPARE(QueuePickerDialog::parseLabels(text), labels);
    // And back: the field shows the queue it opens.
    QueueSpec queue;
    queue.setLabelTerms(labels);
    QCOMPARE(QueuePickerDialog::parseLabels(QueuePickerDialog::labelsText(queue)), labels);
}

void tst_QueuePickerDialog::openFollowsValidation()
{
    QueuePickerDialog dialog;
    auto *repo = dialog.findChild<QLineEdit *>(u"repoEdit"_s);
    auto *labels = dialog.findChild<QLineEdit *>(u"labelsEdit"_s);
    auto *message = dialog.findChild<QLabel *>(u"validationMessage"_s);
    auto *buttons = dialog.findChild<QDialogButtonBox *>();
    QVERIFY(repo && labels && message && buttons);
    QPushButton *open = buttons->button(QDialogButtonBox::Open);

    // Empty: nothing to open, but no scolding before anything was typed.
    QVERIFY(!open->isEnabled());
    QVERIFY(message->text().isEmpty());

    repo->setText(u"pytorch"_s);
    QVERIFY(!open->isEnabled());
    QVERIFY(message->text().contains(u"owner/name"_s));

    repo->setText(u"pytorch/pytorch"_s);
    labels->setText(u"oncall: distributed, module: nccl"_s);
    QVERIFY(open->isEnabled());
    QVERIFY(message->text().isEmpty());

    const QueueSpec queue = dialog.queue();
    QCOMPARE(queue.owner, u"pytorch"_s);
    QCOMPARE(queue.name, u"pytorch"_s);
    QCOMPARE(queue.labels, (QStringList{u"oncall: distributed"_s, u"module: nccl"_s}));
    QCOMPARE(queue.state, QueueState::Open);
}

void tst_QueuePickerDialog::storedQueueFillsTheForm()
{
    StoredQueue first;
    first.queue.setRepository(u"pytorch/pytorch"_s);
    first.queue.labels = {u"oncall: distributed"_s};
    first.lastSync = QDateTime(QDate(2026, 11, 20), QTime(9, 30), QTimeZone::UTC);
    StoredQueue second;
    second.queue.setRepository(u"pytorch/vision"_s);
    second.queue.state = QueueState::All;

    QueuePickerDialog dialog;
    dialog.setStoredQueues({first, second});
    auto *list = dialog.findChild<QListWidget *>(u"storedQueues"_s);
    QVERIFY(list);
    QCOMPARE(list->count(), 2);
    QVERIFY(list->item(0)->text().contains(u"pytorch/pytorch"_s));
    QVERIFY(list->item(0)->text().contains(u"synced"_s));
    QVERIFY(list->item(1)->text().contains(u"never synced"_s));

    list->setCurrentRow(1);
    const QueueSpec picked = dialog.queue();
    QCOMPARE(picked.repository(), u"pytorch/vision"_s);
    QVERIFY(picked.labels.isEmpty());
    QCOMPARE(picked.state, QueueState::All);
    QCOMPARE(dialog.findChild<QComboBox *>(u"stateCombo"_s)->currentData().toString(), u"all"_s);
}

void tst_QueuePickerDialog::rubric_data()
{
    QTest::addColumn<QString>("labels");
    QTest::addColumn<QString>("chosen");
    QTest::addColumn<QString>("packFile"); // "bad": a file that is not a pack
    QTest::addColumn<QString>("profile");  // expected; empty: whatever the labels name
    QTest::addColumn<bool>("canOpen");

    QTest::addRow("automatic, distributed queue")
        << u"oncall: distributed"_s << QString() << QString() << u"distributed"_s << true;
    QTest::addRow("automatic, no queue label") << u"module: nn"_s << QString() << QString() << QString() << true;
    QTest::addRow("chosen over the labels") << u"oncall: distributed"_s << RubricPack::builtinProfiles().constLast()
                                            << QString() << RubricPack::builtinProfiles().constLast() << true;
    QTest::addRow("team pack file") << u"oncall: distributed"_s << QString() << TestData::path(u"packs/minimal.json"_s)
                                    << u"distributed"_s << true;
    QTest::addRow("broken pack file") << u"oncall: distributed"_s << QString() << u"bad"_s << u"distributed"_s << false;
}

void tst_QueuePickerDialog::rubric()
{
    QFETCH(QString, labels);
    QFETCH(QString, chosen);
    QFETCH(QString, packFile);
    QFETCH(QString, profile);
    QFETCH(bool, canOpen);
    QTemporaryDir dir;
    if (packFile == u"bad"_s) {
        packFile = dir.filePath(u"broken.json"_s);
        QFile file(packFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"format\": \"triage-console/rubric-pack\", \"version\": 1, \"labels\": [");
    }

    QueuePickerDialog dialog;
    dialog.findChild<QLineEdit *>(u"repoEdit"_s)->setText(u"pytorch/pytorch"_s);
    dialog.findChild<QLineEdit *>(u"labelsEdit"_s)->setText(labels);
    dialog.setRubric(chosen, packFile);
    auto *combo = dialog.findChild<QComboBox *>(u"profileCombo"_s);
    auto *message = dialog.findChild<QLabel *>(u"validationMessage"_s);
    QVERIFY(combo && message);

    QCOMPARE(dialog.chosenProfile(), chosen);
    QCOMPARE(dialog.packFile(), packFile);
    QCOMPARE(dialog.profile(), profile.isEmpty() ? RubricPack::profileForQueueLabels({labels}) : profile);
    // The automatic entry names the profile it stands for, so nobody has to guess.
    QVERIFY(combo->itemText(0).contains(RubricPack::profileForQueueLabels({labels})));
    // A pack file decides the rubric: the profile choice has no say then.
    QCOMPARE(combo->isEnabled(), packFile.isEmpty());
    QCOMPARE(dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Open)->isEnabled(), canOpen);
    if (!canOpen)
        QVERIFY2(message->text().contains(u"broken.json"_s), qPrintable(message->text()));
}

void tst_QueuePickerDialog::screenshot_data()
{
    ScreenshotTest::addThemes();
}

// With TRIAGE_SCREENSHOT_DIR set: the dialog as a reviewer opens it on a stored pt2 queue.
void tst_QueuePickerDialog::screenshot()
{
    QFETCH(bool, dark);
    const QString dir = qEnvironmentVariable("TRIAGE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("TRIAGE_SCREENSHOT_DIR is not set");
    QVERIFY(QDir().mkpath(dir));
    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(dark ? AppPalette::dark() : AppPalette::light());
    StoredQueue pt2;
    pt2.queue.setRepository(u"pytorch/pytorch"_s);
    pt2.queue.labels = {u"oncall: pt2"_s};
    pt2.lastSync = QDateTime(QDate(2026, 11, 21), QTime(16, 5), QTimeZone::UTC);
    StoredQueue distributed = pt2;
    distributed.queue.labels = {u"oncall: distributed"_s};
    StoredQueue untriaged = pt2;
    untriaged.queue.labels = {u"triage review"_s};
    untriaged.lastSync = {};

    QueuePickerDialog dialog;
    dialog.setStoredQueues({pt2, distributed, untriaged});
    dialog.findChild<QListWidget *>(u"storedQueues"_s)->setCurrentRow(0);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.profile(), u"pt2"_s);
    const QString path = dir + (dark ? u"/queue-picker-dark.png"_s : u"/queue-picker.png"_s);
    QVERIFY(dialog.grab().save(path));
    QVERIFY(QFileInfo(path).size() > 0);
}

QTEST_MAIN(tst_QueuePickerDialog)
#include "tst_queuepickerdialog.moc"

// SPDX-License-Identifier: MIT
#include "views/common/elidedlabel.h"

#include <QHBoxLayout>
#include <QTest>

using namespace Qt::StringLiterals;

class tst_ElidedLabel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsWhatFits_data();
    void showsWhatFits();
    void neverWidensItsParent();
};

void tst_ElidedLabel::showsWhatFits_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("elided");
    QTest::newRow("short text, room to spare") << u"Done"_s << 400 << false;
    QTest::newRow("long text, narrow") << u"Done; stored with the issue, 5 runs in 11 s"_s << 80 << true;
    QTest::newRow("empty") << QString() << 10 << false;
}

void tst_ElidedLabel::showsWhatFits()
{
    QFETCH(QString, text);
    QFETCH(int, width);
    QFETCH(bool, elided);
    ElidedLabel label(text);
    label.resize(width, label.sizeHint().height());
    const QString shown = label.shownText();
    QCOMPARE(shown != text, elided);
    QVERIFY(label.fontMetrics().horizontalAdvance(shown) <= width);
    if (elided) {
        QVERIFY(shown.endsWith(u'…'));
        QVERIFY(text.startsWith(shown.chopped(1)));
    }
}

void tst_ElidedLabel::neverWidensItsParent()
{
    QWidget parent;
    auto *layout = new QHBoxLayout(&parent);
    auto *label = new ElidedLabel(&parent);
    layout->addWidget(label, 1);
    const int before = parent.minimumSizeHint().width();
    label->setText(QString(500, u'x'));
    QCOMPARE(parent.minimumSizeHint().width(), before);
    QCOMPARE(label->minimumSizeHint().width(), 0);
}

QTEST_MAIN(tst_ElidedLabel)
#include "tst_elidedlabel.moc"

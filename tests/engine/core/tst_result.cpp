// SPDX-License-Identifier: MIT
#include "engine/core/result.h"

#include <QStringList>
#include <QTest>

using namespace Qt::StringLiterals;

// How every job ends: a value, or an error of a kind, with the work done so far when the job stopped part-way.
class tst_Result : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ends_data();
    void ends();
};

void tst_Result::ends_data()
{
    QTest::addColumn<bool>("failing");
    QTest::addColumn<int>("kind");
    QTest::addColumn<bool>("withPartial");

    QTest::newRow("a value") << false << int(ErrorKind::Failed) << true;
    QTest::newRow("failed, nothing done") << true << int(ErrorKind::Failed) << false;
    QTest::newRow("transient") << true << int(ErrorKind::Transient) << false;
    QTest::newRow("refused") << true << int(ErrorKind::Refused) << false;
    QTest::newRow("cancelled part-way") << true << int(ErrorKind::Cancelled) << true;
    QTest::newRow("failed part-way") << true << int(ErrorKind::Failed) << true;
}

void tst_Result::ends()
{
    QFETCH(bool, failing);
    QFETCH(int, kind);
    QFETCH(bool, withPartial);

    const QStringList work{u"step 1"_s, u"step 2"_s};
    const Error error{u"stopped"_s, ErrorKind(kind)};
    const Result<QStringList> result = !failing      ? Result<QStringList>(work)
                                       : withPartial ? Result<QStringList>(error, work)
                                                     : Result<QStringList>(error);

    QCOMPARE(result.ok(), !failing);
    QCOMPARE(bool(result), !failing);
    QCOMPARE(result.partial() != nullptr, withPartial);
    if (withPartial)
        QCOMPARE(*result.partial(), work);
    if (!failing) {
        QCOMPARE(result.value(), work);
        return;
    }
    QCOMPARE(result.error(), u"stopped"_s);
    QCOMPARE(int(result.errorKind()), kind);
    QCOMPARE(result.failure().message, u"stopped"_s);
    QCOMPARE(result.cancelled(), ErrorKind(kind) == ErrorKind::Cancelled);
}

QTEST_GUILESS_MAIN(tst_Result)
#include "tst_result.moc"

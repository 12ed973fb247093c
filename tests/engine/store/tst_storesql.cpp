// SPDX-License-Identifier: MIT
#include "engine/store/storesql.h"

#include <QTest>

using namespace Qt::StringLiterals;

// StoreSql::fromIso reads what isoTime() writes without QDateTime::fromString (the scoreboard reads one time per
// decision); every text must come out as the general parser reads it, written or not by isoTime().
class tst_StoreSql final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fromIsoAgreesWithQt_data();
    void fromIsoAgreesWithQt();
    void isoTimeRoundTrips();
};

void tst_StoreSql::fromIsoAgreesWithQt_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::newRow("isoTime's shape") << u"2026-03-01T12:34:56.789Z"_s << true;
    QTest::newRow("midnight, first day") << u"2026-01-01T00:00:00.000Z"_s << true;
    QTest::newRow("leap day") << u"2024-02-29T23:59:59.999Z"_s << true;
    QTest::newRow("no such day") << u"2026-02-30T10:00:00.000Z"_s << false;
    QTest::newRow("no such hour") << u"2026-02-03T24:30:00.000Z"_s << false;
    QTest::newRow("a letter in the digits") << u"2026-0a-03T10:00:00.000Z"_s << false;
    QTest::newRow("an offset instead of Z") << u"2026-03-01T12:34:56.789+02:00"_s << true;
    QTest::newRow("no milliseconds") << u"2026-03-01T12:34:56Z"_s << true;
    QTest::newRow("no zone") << u"2026-03-01T12:34:56.789"_s << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("not a time") << u"yesterday, around noon"_s << false;
}

void tst_StoreSql::fromIsoAgreesWithQt()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    const QDateTime read = StoreSql::fromIso(text);
    QCOMPARE(read.isValid(), valid);
    if (!valid)
        return;
    const QDateTime qt = QDateTime::fromString(text, Qt::ISODateWithMs).toUTC();
    QCOMPARE(read, qt);
    QCOMPARE(read.toMSecsSinceEpoch(), qt.toMSecsSinceEpoch());
    QCOMPARE(read.timeSpec(), Qt::UTC);
}

void tst_StoreSql::isoTimeRoundTrips()
{
    const QDateTime local(QDate(2026, 7, 14), QTime(9, 5, 7, 42), QTimeZone::fromSecondsAheadOfUtc(5 * 3600 + 1800));
    const QString text = StoreSql::isoTime(local);
    QCOMPARE(text, u"2026-07-14T03:35:07.042Z"_s);
    QCOMPARE(StoreSql::fromIso(text), local);
    QCOMPARE(StoreSql::fromIso(text).toMSecsSinceEpoch(), local.toMSecsSinceEpoch());
}

QTEST_GUILESS_MAIN(tst_StoreSql)
#include "tst_storesql.moc"

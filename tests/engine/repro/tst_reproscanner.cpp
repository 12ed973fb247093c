// SPDX-License-Identifier: MIT
#include "engine/repro/reproscanner.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;

// The analyser is real Python (`ast`) run by ReproScanner; the corpus is in tests/data/repro/scanner.
class tst_ReproScanner final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void flagsDangerous_data();
    void flagsDangerous();
    void passesBenign_data();
    void passesBenign();
    void reportsParseFailure();
    void limitsTheAnalyser();
    void trustAndConsent_data();
    void trustAndConsent();
    void parsesReport();

private:
    static Result<ScanReport> scan(const QByteArray &code);
    static void addCorpus(const QString &folder);
};

Result<ScanReport> tst_ReproScanner::scan(const QByteArray &code)
{
    ReproScanner scanner;
    std::optional<Result<ScanReport>> report;
    connect(&scanner, &ReproScanner::finished, &scanner, [&](const Result<ScanReport> &r) { report = r; });
    QSignalSpy finished(&scanner, &ReproScanner::finished);
    scanner.scan(QString::fromUtf8(code));
    if (!finished.wait(30000) || !report)
        return Error{u"no answer from the scanner"_s};
    return *report;
}

void tst_ReproScanner::addCorpus(const QString &folder)
{
    QTest::addColumn<QString>("file");
    const QDir dir(TestData::path(u"repro/scanner/"_s + folder));
    const QStringList files = dir.entryList({u"*.py"_s}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 40);
    for (const QString &file : files)
        QTest::newRow(qPrintable(file)) << dir.filePath(file);
}

void tst_ReproScanner::flagsDangerous_data()
{
    addCorpus(u"dangerous"_s);
}

void tst_ReproScanner::flagsDangerous()
{
    QFETCH(QString, file);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray code = f.readAll();
    // Each dangerous snippet names the rule it must trip on its first line: `# expect: network`.
    const QString expected = QString::fromUtf8(code.left(code.indexOf('\n'))).section(u':', 1).trimmed();
    const Result<ScanReport> report = scan(code);
    QVERIFY2(report.ok(), qPrintable(report.error()));
    QVERIFY2(report->rules().contains(expected),
             qPrintable(u"expected %1, got %2"_s.arg(expected, report->rules().join(u", "_s))));
    QVERIFY(!report->clean());
    for (const ScanFinding &finding : report->findings) {
        QVERIFY(finding.line > 0);
        QVERIFY(!finding.reason.isEmpty());
    }
}

void tst_ReproScanner::passesBenign_data()
{
    addCorpus(u"benign"_s);
}

void tst_ReproScanner::passesBenign()
{
    QFETCH(QString, file);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const Result<ScanReport> report = scan(f.readAll());
    QVERIFY2(report.ok(), qPrintable(report.error()));
    QStringList found;
    for (const ScanFinding &finding : report->findings)
        found << u"%1:%2 %3"_s.arg(finding.line).arg(finding.rule, finding.reason);
    QVERIFY2(report->clean(), qPrintable(found.join(u"; "_s)));
}

void tst_ReproScanner::reportsParseFailure()
{
    const Result<ScanReport> report = scan("import torch\nx = torch.ones(2\nprint(x)\n");
    QVERIFY(report.ok());
    QVERIFY(!report->parsed);
    QVERIFY(!report->parseError.isEmpty());
    QVERIFY(report->rules().contains(u"parse-error"_s));
    ReproReview review{report.value(), u"alice"_s, u"MEMBER"_s, AuthorTrust::Trusted};
    QVERIFY(!review.runnable());
    QVERIFY(review.consentRequired());
}

void tst_ReproScanner::limitsTheAnalyser()
{
    // Deeply nested input must end in a report or a clean error, not hang or take the machine down.
    QByteArray code = "x = " + QByteArray(20000, '(') + "1" + QByteArray(20000, ')') + "\n";
    const Result<ScanReport> report = scan(code);
    QVERIFY(!report.ok() || !report->parsed);
}

void tst_ReproScanner::trustAndConsent_data()
{
    QTest::addColumn<QString>("association");
    QTest::addColumn<bool>("findings");
    QTest::addColumn<int>("trust");
    QTest::addColumn<bool>("consent");
    QTest::addRow("member, clean") << u"MEMBER"_s << false << int(AuthorTrust::Trusted) << false;
    QTest::addRow("owner, clean") << u"owner"_s << false << int(AuthorTrust::Trusted) << false;
    QTest::addRow("collaborator, findings") << u"COLLABORATOR"_s << true << int(AuthorTrust::Trusted) << true;
    QTest::addRow("contributor, clean") << u"CONTRIBUTOR"_s << false << int(AuthorTrust::Untrusted) << true;
    QTest::addRow("none, clean") << u"NONE"_s << false << int(AuthorTrust::Untrusted) << true;
    QTest::addRow("first timer, findings")
        << u"FIRST_TIME_CONTRIBUTOR"_s << true << int(AuthorTrust::Untrusted) << true;
    QTest::addRow("local file, clean") << QString() << false << int(AuthorTrust::Unknown) << false;
}

void tst_ReproScanner::trustAndConsent()
{
    QFETCH(QString, association);
    QFETCH(bool, findings);
    QFETCH(int, trust);
    QFETCH(bool, consent);
    ReproReview review;
    review.scan.parsed = true;
    if (findings)
        review.scan.findings << ScanFinding{3, u"network"_s, u"imports requests"_s};
    review.authorAssociation = association;
    review.trust = ReproReview::trustFor(association);
    QCOMPARE(int(review.trust), trust);
    QCOMPARE(review.consentRequired(), consent);
}

void tst_ReproScanner::parsesReport()
{
    const auto report = ReproScanner::parseReport(
        R"({"parsed": true, "error": null, "findings": [{"line": 4, "rule": "network", "reason": "r"}]})");
    QVERIFY(report.ok());
    QCOMPARE(report->findings.size(), 1);
    QCOMPARE(report->findings.first(), (ScanFinding{4, u"network"_s, u"r"_s}));
    QVERIFY(!ReproScanner::parseReport("not json").ok());
}

QTEST_GUILESS_MAIN(tst_ReproScanner)
#include "tst_reproscanner.moc"

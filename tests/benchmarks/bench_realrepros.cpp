// SPDX-License-Identifier: MIT
// Real reproductions from public pytorch/pytorch issues, each with the verdict a careful person reached by
// running it on this machine's torch: runs every case the way the console does headless
// (`triage-console repro run --issue NAME.issue.json`) and prints the confusion matrix of the console's verdict
// class against the person's, the class match rate, and the cases where the console would say "reproduces"
// or draft a close although the person says cannot-run-here, environment or no-check.
//
// usage: bench_realrepros [--timeout S] [--only NAME[,NAME…]] [DIR…]
// Each DIR holds cases.jsonl (name, verdict, prints_only, …), NAME.py and NAME.issue.json. The shared starting
// set (../shared/eval/realrepros beside the repository) is read too when present. The corpus is third-party
// text and stays outside the repository.
// A later DIR's cases.jsonl may re-decide a case of an earlier one (same name, a "was" field and a "why"): the
// verdict is of a machine, and a record made on another machine can stop holding here. The bench then scores the
// re-decided verdict, names each re-decision, and prints the match against the first records too.
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QTextStream>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

QTextStream out(stdout);

struct Case
{
    QString name;
    QString dir;
    QString verdict; // the person's
    bool printsOnly = false;
    QString firstVerdict; // the record this case was first read with, before a later folder re-decided it
    QString redecidedWhy;
};

// The person's verdict as a class the console can reach: a print-only script's values are for a person to
// read, so what the console can say about it at best is "no pass/fail check"; a reproduced hang reproduces.
QString expectedClass(const Case &c)
{
    if (c.verdict == u"hang"_s)
        return u"reproduces"_s;
    if (c.printsOnly && (c.verdict == u"fixed"_s || c.verdict == u"reproduces"_s))
        return u"no-check"_s;
    return c.verdict;
}

QString consoleClass(const QJsonObject &result)
{
    const QString outcome = result.value(u"outcome"_s).toString();
    if (result.value(u"reproduces"_s).toBool())
        return u"reproduces"_s;
    if (outcome == u"passed"_s)
        return u"fixed"_s;
    if (outcome == u"different-error"_s || outcome == u"failed"_s)
        return u"different-error"_s;
    if (outcome.isEmpty())
        return u"no-answer"_s;
    return outcome; // cannot-run-here, environment, no-check, timed-out, not-run, sandbox-refused
}

QList<Case> readCases(const QString &dir)
{
    QList<Case> cases;
    QFile file(dir + u"/cases.jsonl"_s);
    if (!file.open(QIODevice::ReadOnly))
        return cases;
    for (const QByteArray &line : file.readAll().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.isEmpty())
            continue;
        Case c;
        c.name = o.value(u"name"_s).toString();
        c.dir = dir;
        c.verdict = o.value(u"verdict"_s).toString();
        c.printsOnly = o.value(u"prints_only"_s).toBool();
        c.firstVerdict = c.verdict;
        c.redecidedWhy = o.value(u"why"_s).toString();
        if (o.contains(u"was"_s) || QFileInfo::exists(dir + u'/' + c.name + u".issue.json"_s))
            cases << c;
    }
    return cases;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int timeout = 120;
    QStringList only;
    QStringList dirs;
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == u"--timeout"_s && !args.isEmpty())
            timeout = args.takeFirst().toInt();
        else if (a == u"--only"_s && !args.isEmpty())
            only = args.takeFirst().split(u',');
        else
            dirs << a;
    }
    const QString shared = QDir::cleanPath(QStringLiteral(TRIAGE_SOURCE_DIR) + u"/../shared/eval/realrepros"_s);
    if (QFileInfo(shared + u"/cases.jsonl"_s).exists())
        dirs.prepend(shared);
    else
        out << "(the shared starting set " << shared << " is not here; reading only the folders given)\n";
    QList<Case> cases;
    int redecided = 0;
    for (const QString &dir : std::as_const(dirs)) {
        int added = 0;
        for (const Case &found : readCases(dir)) {
            const auto earlier =
                std::find_if(cases.begin(), cases.end(), [&](const Case &c) { return c.name == found.name; });
            if (earlier == cases.end()) {
                cases << found;
                ++added;
                continue;
            }
            out << "  re-decided in " << dir << ": " << found.name << " was " << earlier->verdict << ", now "
                << found.verdict << " (" << found.redecidedWhy.left(200) << ")\n";
            earlier->verdict = found.verdict;
            earlier->redecidedWhy = found.redecidedWhy;
            ++redecided;
        }
        out << added << " cases in " << dir << '\n';
    }
    cases.removeIf([](const Case &c) { return !QFileInfo::exists(c.dir + u'/' + c.name + u".issue.json"_s); });
    if (!only.isEmpty())
        cases.removeIf([&](const Case &c) { return !only.contains(c.name); });
    if (cases.isEmpty()) {
        out << "no cases: give a folder with cases.jsonl, NAME.py and NAME.issue.json\n";
        return 2;
    }
    const QString binary = QStringLiteral(TRIAGE_CONSOLE_BINARY);

    QMap<QString, QMap<QString, int>> matrix; // expected → console → count
    QStringList classes;
    int matched = 0;
    int matchedFirst = 0;
    QStringList unsafe;
    QStringList unsafeFirst;
    QStringList gated; // cases the scrub's actionability check would have stopped before the run
    QElapsedTimer total;
    total.start();
    for (const Case &c : std::as_const(cases)) {
        QProcess process;
        process.setProcessChannelMode(QProcess::SeparateChannels);
        QElapsedTimer clock;
        clock.start();
        process.start(binary,
                      {u"repro"_s, u"run"_s, u"--issue"_s, c.dir + u'/' + c.name + u".issue.json"_s, u"--runs"_s,
                       u"1"_s, u"--timeout"_s, QString::number(timeout), u"--consent"_s, u"bench_realrepros"_s,
                       // The recorded verdicts are of a run; the scrub's actionability gate is counted apart.
                       u"--go-on"_s});
        process.waitForFinished((timeout + 240) * 1000);
        const QJsonObject result = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
        const QString expected = expectedClass(c);
        const QString console = consoleClass(result);
        matrix[expected][console] += 1;
        for (const QString &k : {expected, console}) {
            if (!classes.contains(k))
                classes << k;
        }
        const bool ok = expected == console;
        matched += ok ? 1 : 0;
        const auto saysNothing = [](const QString &verdict) {
            return verdict == u"cannot-run-here"_s || verdict == u"environment"_s || verdict == u"no-check"_s;
        };
        const bool claims = console == u"reproduces"_s || console == u"fixed"_s;
        if (saysNothing(expected) && claims)
            unsafe << c.name;
        Case first = c;
        first.verdict = c.firstVerdict;
        const QString expectedFirst = expectedClass(first);
        matchedFirst += expectedFirst == console ? 1 : 0;
        if (saysNothing(expectedFirst) && claims)
            unsafeFirst << c.name;
        out << (ok ? "  ok   " : "  MISS ") << c.name << ": expected " << expected << ", console " << console << " ("
            << result.value(u"detail"_s).toString().left(160) << ") " << clock.elapsed() / 1000 << " s\n";
        if (!result.value(u"actionability"_s).toObject().value(u"stops"_s).toArray().isEmpty())
            gated << c.name;
        out.flush();
    }

    out << "\nconfusion matrix (rows: the person's verdict, columns: the console's)\n";
    out << QString(u"%1"_s).arg(u""_s, -18);
    for (const QString &k : std::as_const(classes))
        out << QString(u"%1"_s).arg(k.left(15), 16);
    out << '\n';
    for (const QString &row : std::as_const(classes)) {
        if (!matrix.contains(row))
            continue;
        out << QString(u"%1"_s).arg(row, -18);
        for (const QString &col : std::as_const(classes))
            out << QString(u"%1"_s).arg(matrix[row].value(col), 16);
        out << '\n';
    }
    out << "\nclass match: " << matched << "/" << cases.size() << " = "
        << QString::number(100.0 * matched / cases.size(), 'f', 1) << "%\n";
    out << "\"reproduces\" or a close where the person says cannot-run-here/environment/no-check: " << unsafe.size()
        << (unsafe.isEmpty() ? QString() : u" ("_s + unsafe.join(u", "_s) + u")"_s) << '\n';
    if (redecided > 0) {
        out << "against the first records, before the " << redecided << " re-decision(s): " << matchedFirst << "/"
            << cases.size() << " = " << QString::number(100.0 * matchedFirst / cases.size(), 'f', 1) << "%, unsafe "
            << unsafeFirst.size() << (unsafeFirst.isEmpty() ? QString() : u" ("_s + unsafeFirst.join(u", "_s) + u")"_s)
            << '\n';
    }
    out << "stopped by the scrub's actionability check before the run (run anyway with --go-on): " << gated.size()
        << (gated.isEmpty() ? QString() : u" ("_s + gated.join(u", "_s) + u")"_s) << '\n';
    out << "wall time: " << total.elapsed() / 1000 << " s for " << cases.size() << " cases\n";
    return 0;
}

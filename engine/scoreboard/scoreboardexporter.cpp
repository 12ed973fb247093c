// SPDX-License-Identifier: MIT
#include "engine/scoreboard/scoreboardexporter.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ScoreboardExporter", text);
}

double rounded(double ratio)
{
    return std::round(ratio * 10000.0) / 10000.0;
}

QJsonArray refs(const QList<IssueRef> &issues)
{
    QJsonArray array;
    for (const IssueRef &ref : issues)
        array.append(QString(ref.repository + u'#' + QString::number(ref.number)));
    return array;
}

QJsonArray rowsJson(const QList<AgreementRow> &rows)
{
    QJsonArray array;
    for (const AgreementRow &row : rows)
        array.append(QJsonObject{{u"key"_s, row.key},
                                 {u"suggested"_s, row.suggested},
                                 {u"accepted"_s, row.accepted},
                                 {u"overridden"_s, row.overridden()},
                                 {u"missed"_s, row.missed},
                                 {u"by_others"_s, row.byOthers},
                                 {u"acceptance"_s, rounded(row.acceptance())},
                                 {u"overridden_issues"_s, refs(row.overriddenIssues)}});
    return array;
}

QString tierName(Confidence tier)
{
    return tier == Confidence::None ? u"NONE"_s : confidenceName(tier);
}

QString csvField(const QString &text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n'))
        return text;
    return u'"' + QString(text).replace(u"\""_s, u"\"\""_s) + u'"';
}

QString markdownCell(const QString &text)
{
    return QString(text).replace(u"|"_s, u"\\|"_s);
}

QString issueList(const QList<IssueRef> &issues, int shown = 8)
{
    QStringList numbers;
    for (qsizetype i = 0; i < issues.size() && i < shown; ++i)
        numbers.append(u"#"_s + QString::number(issues.at(i).number));
    if (issues.size() > shown)
        numbers.append(tr("+%1 more").arg(issues.size() - shown));
    return numbers.join(u", "_s);
}

} // namespace

QString ScoreboardExporter::percent(double ratio)
{
    return QString::number(ratio * 100.0, 'f', 1) + u'%';
}

QJsonObject ScoreboardExporter::toJson(const Scoreboard &board)
{
    QJsonArray tiers;
    for (const TierRow &tier : board.tiers)
        tiers.append(QJsonObject{{u"tier"_s, tierName(tier.tier)},
                                 {u"issues"_s, tier.issues},
                                 {u"agreed"_s, tier.agreed},
                                 {u"at_or_above"_s, tier.atOrAbove},
                                 {u"agreed_at_or_above"_s, tier.agreedAtOrAbove},
                                 {u"coverage"_s, rounded(tier.coverage(board.scored))},
                                 {u"precision"_s, rounded(tier.precision())},
                                 {u"labels_suggested"_s, tier.labelsSuggested},
                                 {u"labels_accepted"_s, tier.labelsAccepted},
                                 {u"label_acceptance"_s, rounded(tier.labelAcceptance())}});
    QJsonArray weeks;
    for (const WeekRow &week : board.weeks)
        weeks.append(QJsonObject{{u"week"_s, week.weekStart.toString(Qt::ISODate)},
                                 {u"decided"_s, week.decided},
                                 {u"agreed"_s, week.agreed},
                                 {u"skipped"_s, week.skipped},
                                 {u"agreement"_s, rounded(week.agreement())},
                                 {u"labels_suggested"_s, week.labelsSuggested},
                                 {u"labels_accepted"_s, week.labelsAccepted},
                                 {u"label_acceptance"_s, rounded(week.labelAcceptance())}});
    QJsonArray slices;
    for (const ScoreboardSlice &slice : board.slices)
        slices.append(QJsonObject{{u"profile"_s, slice.profile},
                                  {u"pack_version"_s, slice.packVersion},
                                  {u"pack_source"_s, slice.packSource},
                                  {u"decisions"_s, slice.decisions}});
    return {{u"profile"_s, board.profile},
            {u"pack_version"_s, board.packVersion},
            {u"reviewed"_s, board.reviewed},
            {u"scored"_s, board.scored},
            {u"unscored"_s, board.unscored},
            {u"skipped"_s, board.skipped},
            {u"approved_as_suggested"_s, board.approvedAsSuggested},
            {u"edited"_s, board.edited},
            {u"agreed"_s, board.agreed},
            {u"agreement"_s, rounded(board.agreement())},
            {u"written"_s, board.written},
            {u"overridden_by_others"_s, board.overriddenByOthers},
            {u"labels"_s, rowsJson(board.labels)},
            {u"sub_oncalls"_s, rowsJson(board.subOncalls)},
            {u"rules"_s, rowsJson(board.rules)},
            {u"most_overridden_rules"_s, rowsJson(board.overriddenRules.mid(0, 10))},
            {u"tiers"_s, tiers},
            {u"weeks"_s, weeks},
            {u"slices"_s, slices}};
}

QString ScoreboardExporter::toMarkdown(const Scoreboard &board)
{
    QString md;
    const QString scope = board.profile.isEmpty() ? tr("all profiles") : board.profile;
    md += tr("## Scoreboard — %1%2\n\n")
              .arg(scope, board.packVersion.isEmpty() ? QString() : tr(", pack %1").arg(board.packVersion));
    md += tr("%1 issues reviewed: %2 scored (%3 approved as suggested, %4 edited), %5 skipped. The suggestion agreed "
             "with the final labels on **%6** (%7 of %2); %8 written to GitHub, %9 overridden there later.\n\n")
              .arg(board.reviewed)
              .arg(board.scored)
              .arg(board.approvedAsSuggested)
              .arg(board.edited)
              .arg(board.skipped)
              .arg(percent(board.agreement()))
              .arg(board.agreed)
              .arg(board.written)
              .arg(board.overriddenByOthers);
    md += tr("### Precision and coverage per confidence tier\n\n| tier | issues | at or above | coverage | precision | "
             "label acceptance |\n|---|---:|---:|---:|---:|---:|\n");
    for (const TierRow &tier : board.tiers)
        md +=
            u"| %1 | %2 | %3 | %4 | %5 | %6 |\n"_s.arg(tierName(tier.tier))
                .arg(tier.issues)
                .arg(tier.atOrAbove)
                .arg(percent(tier.coverage(board.scored)), percent(tier.precision()), percent(tier.labelAcceptance()));
    const auto table = [&md](const QString &title, const QString &what, const QList<AgreementRow> &rows) {
        md += u"\n### "_s + title + u"\n\n| "_s + what +
              tr(" | suggested | accepted | acceptance | overridden | added unsuggested | issues overridden |\n"
                 "|---|---:|---:|---:|---:|---:|---|\n");
        for (const AgreementRow &row : rows)
            md += u"| %1 | %2 | %3 | %4 | %5 | %6 | %7 |\n"_s.arg(markdownCell(row.key))
                      .arg(row.suggested)
                      .arg(row.accepted)
                      .arg(percent(row.acceptance()))
                      .arg(row.overridden())
                      .arg(row.missed)
                      .arg(issueList(row.overriddenIssues));
    };
    table(tr("Most overridden rules"), tr("rule"), board.overriddenRules.mid(0, 10));
    table(tr("Acceptance per label"), tr("label"), board.labels);
    table(tr("Acceptance per sub-oncall"), tr("sub-oncall"), board.subOncalls);
    md += tr("\n### Per week\n\n| week of | decided | agreed | agreement | label acceptance | skipped |\n"
             "|---|---:|---:|---:|---:|---:|\n");
    for (const WeekRow &week : board.weeks)
        md += u"| %1 | %2 | %3 | %4 | %5 | %6 |\n"_s.arg(week.weekStart.toString(Qt::ISODate))
                  .arg(week.decided)
                  .arg(week.agreed)
                  .arg(percent(week.agreement()), percent(week.labelAcceptance()))
                  .arg(week.skipped);
    return md;
}

QString ScoreboardExporter::toCsv(const Scoreboard &board)
{
    QString csv = u"table,key,suggested,accepted,acceptance,overridden,missed,by_others,coverage,precision,"
                  "overridden_issues\n"_s;
    const auto rows = [&csv](const QString &table, const QList<AgreementRow> &list) {
        for (const AgreementRow &row : list) {
            QStringList issues;
            for (const IssueRef &ref : row.overriddenIssues)
                issues.append(ref.repository + u'#' + QString::number(ref.number));
            csv += u"%1,%2,%3,%4,%5,%6,%7,%8,,,%9\n"_s.arg(table, csvField(row.key))
                       .arg(row.suggested)
                       .arg(row.accepted)
                       .arg(QString::number(row.acceptance(), 'f', 4))
                       .arg(row.overridden())
                       .arg(row.missed)
                       .arg(row.byOthers)
                       .arg(csvField(issues.join(u' ')));
        }
    };
    rows(u"label"_s, board.labels);
    rows(u"sub_oncall"_s, board.subOncalls);
    rows(u"rule"_s, board.rules);
    for (const TierRow &tier : board.tiers)
        csv +=
            u"tier,%1,%2,%3,%4,%5,,,%6,%7,\n"_s.arg(tierName(tier.tier))
                .arg(tier.labelsSuggested)
                .arg(tier.labelsAccepted)
                .arg(QString::number(tier.labelAcceptance(), 'f', 4))
                .arg(tier.labelsSuggested - tier.labelsAccepted)
                .arg(QString::number(tier.coverage(board.scored), 'f', 4), QString::number(tier.precision(), 'f', 4));
    for (const WeekRow &week : board.weeks)
        csv += u"week,%1,%2,%3,%4,%5,,,,,\n"_s.arg(week.weekStart.toString(Qt::ISODate))
                   .arg(week.decided)
                   .arg(week.agreed)
                   .arg(QString::number(week.agreement(), 'f', 4))
                   .arg(week.decided - week.agreed);
    return csv;
}

QJsonObject ScoreboardExporter::changeToJson(const ReplayChange &change)
{
    return {{u"repo"_s, change.issue.repository},
            {u"number"_s, change.issue.number},
            {u"before"_s, QJsonArray::fromStringList(change.before)},
            {u"after"_s, QJsonArray::fromStringList(change.after)},
            {u"approved"_s, QJsonArray::fromStringList(change.approved)},
            {u"sub_oncall_before"_s, change.subOncallBefore},
            {u"sub_oncall_after"_s, change.subOncallAfter},
            {u"sub_oncall_approved"_s, change.subOncallApproved},
            {u"agreed_before"_s, change.agreedBefore},
            {u"verdict"_s, change.agreesAfter ? u"agree"_s : u"disagree"_s}};
}

QJsonObject ScoreboardExporter::replayTotals(const ReplayReport &report)
{
    return {{u"decided"_s, report.decided},
            {u"changed"_s, report.changed()},
            {u"agree"_s, report.agree},
            {u"disagree"_s, report.disagree}};
}

QByteArray ScoreboardExporter::replayJsonLines(const ReplayReport &report)
{
    QByteArray lines;
    for (const ReplayChange &change : report.changes)
        lines += QJsonDocument(changeToJson(change)).toJson(QJsonDocument::Compact) + '\n';
    // Written by hand so the keys keep the documented order.
    lines += QStringLiteral("{\"decided\": %1, \"changed\": %2, \"agree\": %3, \"disagree\": %4}\n")
                 .arg(report.decided)
                 .arg(report.changed())
                 .arg(report.agree)
                 .arg(report.disagree)
                 .toUtf8();
    return lines;
}

QString ScoreboardExporter::replayDelta(const ReplayReport &report)
{
    const auto signedNumber = [](int n) {
        return n > 0 ? u"+"_s + QString::number(n) : n < 0 ? u"\u2212"_s + QString::number(-n) : u"\u00b10"_s;
    };
    return tr("%1 agree, %2 disagree")
        .arg(signedNumber(report.agree - report.agreeBefore), signedNumber(report.disagree - report.disagreeBefore));
}

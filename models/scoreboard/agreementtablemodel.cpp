// SPDX-License-Identifier: MIT
#include "models/scoreboard/agreementtablemodel.h"

#include "engine/scoreboard/scoreboardexporter.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace {

QString tierText(Confidence tier)
{
    return tier == Confidence::None ? AgreementTableModel::tr("none") : confidenceName(tier);
}

QString issuesText(const QList<IssueRef> &issues)
{
    QStringList numbers;
    for (qsizetype i = 0; i < issues.size() && i < 6; ++i)
        numbers.append(u"#"_s + QString::number(issues.at(i).number));
    if (issues.size() > 6)
        numbers.append(AgreementTableModel::tr("+%1").arg(issues.size() - 6));
    return u"   "_s + numbers.join(u"  "_s);
}

} // namespace

AgreementTableModel::AgreementTableModel(Content content, QObject *parent)
    : QAbstractTableModel(parent)
    , m_content(content)
{}

void AgreementTableModel::setRows(const QList<AgreementRow> &rows, const QString &keyTitle)
{
    beginResetModel();
    m_rows = rows;
    m_keyTitle = keyTitle;
    endResetModel();
}

void AgreementTableModel::setTiers(const QList<TierRow> &tiers, int scored)
{
    beginResetModel();
    m_tiers = tiers;
    m_scored = scored;
    endResetModel();
}

void AgreementTableModel::setWeeks(const QList<WeekRow> &weeks)
{
    beginResetModel();
    m_weeks = weeks;
    endResetModel();
}

int AgreementTableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    switch (m_content) {
    case Content::Agreement:
        return int(m_rows.size());
    case Content::Tiers:
        return int(m_tiers.size());
    case Content::Weeks:
        return int(m_weeks.size());
    }
    return 0;
}

int AgreementTableModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    switch (m_content) {
    case Content::Agreement: // key, suggested, accepted, acceptance, overridden, added unsuggested, issues
    case Content::Tiers:     // tier, issues, at or above, coverage, precision, labels, label acceptance
        return 7;
    case Content::Weeks:
        return 6; // week, decided, agreed, agreement, label acceptance, skipped
    }
    return 0;
}

QVariant AgreementTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (m_content) {
    case Content::Agreement: {
        const QStringList titles = {m_keyTitle,       tr("Suggested"),         tr("Kept"),         tr("Acceptance"),
                                    tr("Overridden"), tr("Added unsuggested"), tr("Overridden on")};
        return titles.value(section);
    }
    case Content::Tiers: {
        const QStringList titles = {tr("Tier"),      tr("Issues"), tr("At or above"),     tr("Coverage"),
                                    tr("Precision"), tr("Labels"), tr("Label acceptance")};
        return titles.value(section);
    }
    case Content::Weeks: {
        const QStringList titles = {tr("Week of"),   tr("Decided"),          tr("Agreed"),
                                    tr("Agreement"), tr("Label acceptance"), tr("Skipped")};
        return titles.value(section);
    }
    }
    return {};
}

QVariant AgreementTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == Qt::TextAlignmentRole)
        return index.column() == 0 || (m_content == Content::Agreement && index.column() == 6)
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    switch (m_content) {
    case Content::Agreement:
        return agreementData(index.row(), index.column(), role);
    case Content::Tiers:
        return tierData(index.row(), index.column(), role);
    case Content::Weeks:
        return weekData(index.row(), index.column(), role);
    }
    return {};
}

QVariant AgreementTableModel::agreementData(int row, int column, int role) const
{
    const AgreementRow &r = m_rows.at(row);
    if (role == IssuesRole)
        return QVariant::fromValue(r.overriddenIssues);
    if (role == RatioRole)
        return r.acceptance();
    if (role == Qt::ToolTipRole && column == 6 && !r.overriddenIssues.isEmpty())
        return tr("Double-click to open #%1 in the queue").arg(r.overriddenIssues.constFirst().number);
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool raw = role == SortRole;
    switch (column) {
    case 0:
        return r.key;
    case 1:
        return r.suggested;
    case 2:
        return r.accepted;
    case 3:
        return raw ? QVariant(r.acceptance())
                   : QVariant(r.suggested > 0 ? ScoreboardExporter::percent(r.acceptance()) : u"—"_s);
    case 4:
        return r.overridden();
    case 5:
        return r.missed;
    case 6:
        return raw ? QVariant(int(r.overriddenIssues.size())) : QVariant(issuesText(r.overriddenIssues));
    default:
        break;
    }
    return {};
}

QVariant AgreementTableModel::tierData(int row, int column, int role) const
{
    const TierRow &t = m_tiers.at(row);
    if (role == RatioRole)
        return t.precision();
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool raw = role == SortRole;
    switch (column) {
    case 0:
        return raw ? QVariant(int(t.tier)) : QVariant(tierText(t.tier));
    case 1:
        return t.issues;
    case 2:
        return t.atOrAbove;
    case 3:
        return raw ? QVariant(t.coverage(m_scored)) : QVariant(ScoreboardExporter::percent(t.coverage(m_scored)));
    case 4:
        return raw ? QVariant(t.precision()) : QVariant(ScoreboardExporter::percent(t.precision()));
    case 5:
        return t.labelsSuggested;
    case 6:
        return raw ? QVariant(t.labelAcceptance()) : QVariant(ScoreboardExporter::percent(t.labelAcceptance()));
    default:
        break;
    }
    return {};
}

QVariant AgreementTableModel::weekData(int row, int column, int role) const
{
    const WeekRow &w = m_weeks.at(row);
    if (role == RatioRole)
        return w.agreement();
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool raw = role == SortRole;
    switch (column) {
    case 0:
        return raw ? QVariant(w.weekStart) : QVariant(QLocale().toString(w.weekStart, QLocale::ShortFormat));
    case 1:
        return w.decided;
    case 2:
        return w.agreed;
    case 3:
        return raw ? QVariant(w.agreement()) : QVariant(ScoreboardExporter::percent(w.agreement()));
    case 4:
        return raw ? QVariant(w.labelAcceptance()) : QVariant(ScoreboardExporter::percent(w.labelAcceptance()));
    case 5:
        return w.skipped;
    default:
        break;
    }
    return {};
}

// SPDX-License-Identifier: MIT
#include "models/queue/issuetablemodel.h"
#include "models/common/tones.h"

#include <QFont>
#include <QLocale>

using namespace Qt::StringLiterals;

IssueTableModel::IssueTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void IssueTableModel::setIssues(QList<Issue> issues)
{
    beginResetModel();
    m_issues = std::move(issues);
    m_plans = QList<std::optional<TriagePlan>>(m_issues.size());
    m_plannedCount = 0;
    m_rowByNumber.clear();
    m_rowByNumber.reserve(m_issues.size());
    m_titleKeys.clear();
    m_titleKeys.reserve(m_issues.size());
    for (int row = 0; row < m_issues.size(); ++row) {
        m_rowByNumber.insert(m_issues.at(row).number, row);
        m_titleKeys.append(m_issues.at(row).title.toCaseFolded());
    }
    endResetModel();
    Q_EMIT reviewCountsChanged();
}

void IssueTableModel::setPack(const RubricPack &pack)
{
    m_moduleLabels.clear();
    for (const ModuleRule &module : pack.modules)
        m_moduleLabels.insert(module.label);
    m_reviewLabel = pack.reviewLabel;
    m_reproLabel = pack.reproLabel;
    if (!m_issues.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void IssueTableModel::addModuleLabels(const RubricPack &pack)
{
    for (const ModuleRule &module : pack.modules)
        m_moduleLabels.insert(module.label);
    if (!m_issues.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void IssueTableModel::setPlan(int row, const TriagePlan &plan)
{
    if (row < 0 || row >= m_plans.size())
        return;
    if (!m_plans.at(row))
        ++m_plannedCount;
    m_plans[row] = plan;
    emitRowChanged(row);
}

void IssueTableModel::clearPlans()
{
    if (m_plannedCount == 0)
        return;
    std::fill(m_plans.begin(), m_plans.end(), std::nullopt);
    m_plannedCount = 0;
    Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void IssueTableModel::setReview(int number, ReviewState state, const std::optional<TriagePlan> &plan)
{
    if (state == ReviewState::New && !plan)
        m_reviews.remove(number);
    else
        m_reviews.insert(number, RowReview{state, plan});
    const int row = rowForNumber(number);
    if (row >= 0)
        emitRowChanged(row);
    Q_EMIT reviewCountsChanged();
}

void IssueTableModel::setReviews(const QHash<int, ReviewDecision> &decisions)
{
    m_reviews.clear();
    for (const ReviewDecision &decision : decisions)
        m_reviews.insert(decision.number, RowReview{decision.state, decision.plan});
    if (!m_issues.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    Q_EMIT reviewCountsChanged();
}

ReviewState IssueTableModel::reviewState(int number) const
{
    const auto it = m_reviews.constFind(number);
    return it == m_reviews.cend() ? ReviewState::New : it->state;
}

std::optional<TriagePlan> IssueTableModel::reviewedPlan(int number) const
{
    const auto it = m_reviews.constFind(number);
    return it == m_reviews.cend() ? std::nullopt : it->plan;
}

std::array<int, ReviewStateCount> IssueTableModel::stateCounts() const
{
    std::array<int, ReviewStateCount> counts{};
    for (const Issue &issue : m_issues)
        ++counts[size_t(reviewState(issue.number))];
    return counts;
}

void IssueTableModel::emitRowChanged(int row)
{
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

const TriagePlan *IssueTableModel::shownPlan(int row) const
{
    const auto it = m_reviews.constFind(m_issues.at(row).number);
    if (it != m_reviews.cend() && it->plan)
        return &*it->plan;
    const std::optional<TriagePlan> &plan = m_plans.at(row);
    return plan ? &*plan : nullptr;
}

QStringList IssueTableModel::moduleLabels(const TriagePlan &plan) const
{
    QStringList labels;
    for (const QString &label : plan.addLabels) {
        if (m_moduleLabels.contains(label))
            labels.append(label);
    }
    return labels;
}

bool IssueTableModel::hasRepro(const TriagePlan &plan) const
{
    return plan.decision != TriageDecision::NeedsReproduction &&
           (m_reproLabel.isEmpty() || !plan.addLabels.contains(m_reproLabel));
}

bool IssueTableModel::needsReview(const TriagePlan &plan) const
{
    return plan.confidence == Confidence::Low || !plan.violations.isEmpty() ||
           (!m_reviewLabel.isEmpty() && plan.addLabels.contains(m_reviewLabel));
}

void IssueTableModel::setNow(const QDateTime &now)
{
    m_now = now;
    if (!m_issues.isEmpty())
        Q_EMIT dataChanged(index(0, Age), index(rowCount() - 1, Age), {Qt::DisplayRole, Qt::ToolTipRole});
}

QDateTime IssueTableModel::now() const
{
    return m_now.isValid() ? m_now : QDateTime::currentDateTimeUtc();
}

QString IssueTableModel::compactAge(const QDateTime &from, const QDateTime &now)
{
    if (!from.isValid() || !now.isValid())
        return {};
    const qint64 seconds = from.secsTo(now);
    constexpr qint64 Minute = 60;
    constexpr qint64 Hour = 60 * Minute;
    constexpr qint64 Day = 24 * Hour;
    // Clock skew can put a timestamp slightly in the future; it is still "now".
    if (seconds < Minute)
        return tr("now");
    if (seconds < Hour)
        return tr("%1 min").arg(seconds / Minute);
    if (seconds < Day)
        return tr("%1 h").arg(seconds / Hour);
    const qint64 days = seconds / Day;
    if (days < 14)
        return tr("%1 d").arg(days);
    if (days < 60)
        return tr("%1 w").arg(days / 7);
    if (days < 365)
        return tr("%1 mo").arg(days / 30);
    return tr("%1 y").arg(days / 365);
}

QString IssueTableModel::reviewStateText(ReviewState state)
{
    switch (state) {
    case ReviewState::New:
        return tr("new");
    case ReviewState::Approved:
        return tr("approved");
    case ReviewState::Edited:
        return tr("edited");
    case ReviewState::Skipped:
        return tr("skipped");
    case ReviewState::Submitted:
        return tr("submitted");
    }
    return {};
}

QString IssueTableModel::confidenceText(Confidence confidence)
{
    switch (confidence) {
    case Confidence::High:
        return tr("high");
    case Confidence::Medium:
        return tr("medium");
    case Confidence::Low:
        return tr("low");
    case Confidence::None:
        break;
    }
    return tr("none");
}

QString IssueTableModel::confidenceGlyph(Confidence confidence)
{
    switch (confidence) {
    case Confidence::High:
        return u"●"_s;
    case Confidence::Medium:
        return u"◆"_s;
    case Confidence::Low:
        return u"▲"_s;
    case Confidence::None:
        break;
    }
    return u"○"_s;
}

QString IssueTableModel::reviewStateGlyph(ReviewState state)
{
    switch (state) {
    case ReviewState::New:
        return u"○"_s;
    case ReviewState::Approved:
        return u"✓"_s;
    case ReviewState::Edited:
        return u"✎"_s;
    case ReviewState::Skipped:
        return u"↷"_s;
    case ReviewState::Submitted:
        return u"⇪"_s;
    }
    return {};
}

QColor IssueTableModel::confidenceColor(Confidence confidence)
{
    // Mid-tones that read on both the light and the dark base.
    switch (confidence) {
    case Confidence::High:
        return Tones::dot(Tone::Ok);
    case Confidence::Medium:
        return Tones::dot(Tone::Warning);
    case Confidence::Low:
        return Tones::dot(Tone::Problem);
    case Confidence::None:
        break;
    }
    return Tones::dot(Tone::Neutral);
}

QColor IssueTableModel::reviewStateColor(ReviewState state)
{
    switch (state) {
    case ReviewState::Approved:
        return Tones::dot(Tone::Ok);
    case ReviewState::Edited:
        return Tones::dot(Tone::Info);
    case ReviewState::Skipped:
        return Tones::dot(Tone::Warning);
    case ReviewState::Submitted:
        return QColor(0x8b, 0x5c, 0xd6);
    case ReviewState::New:
        break;
    }
    return Tones::dot(Tone::Neutral);
}

int IssueTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_issues.size());
}

int IssueTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant IssueTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Issue &issue = m_issues.at(index.row());
    const auto column = Column(index.column());
    // Sorting and filtering call this hundreds of thousands of times: the issue's own columns first, without
    // looking up the plan and the review.
    if (role == SortRole || role == Qt::DisplayRole) {
        switch (column) {
        case Number:
            return role == SortRole ? QVariant(issue.number) : QVariant(QString(u'#' + QString::number(issue.number)));
        case Title:
            return issue.title;
        case Author:
            return issue.author;
        case Age:
            return role == SortRole ? QVariant(issue.createdAt) : QVariant(compactAge(issue.createdAt, now()));
        default:
            break;
        }
    }
    const TriagePlan *plan = shownPlan(index.row());
    const ReviewState state = reviewState(issue.number);

    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case Number:
            return QString(u'#' + QString::number(issue.number));
        case Title:
            return issue.title;
        case Author:
            return issue.author;
        case Age:
            return compactAge(issue.createdAt, now());
        case Labels:
            return issue.labels.join(u", "_s);
        case SubOncall:
            return plan ? QString(plan->subOncall).remove(u"oncall: "_s) : QString();
        case Modules:
            return plan ? moduleLabels(*plan).join(u", "_s) : QString();
        case ConfidenceColumn:
            // A shape per level, so the column reads without its colour.
            return plan ? QString(confidenceGlyph(plan->confidence) + u' ' + confidenceText(plan->confidence))
                        : QString(u"…"_s);
        case Review:
            return QString(reviewStateGlyph(state) + u' ' + reviewStateText(state));
        case ColumnCount:
            break;
        }
        break;
    case Qt::ToolTipRole:
        switch (column) {
        case Title:
            return issue.title;
        case Age:
            return issue.createdAt.isValid()
                       ? tr("Opened %1").arg(QLocale().toString(issue.createdAt.toLocalTime(), QLocale::LongFormat))
                       : QString();
        case Labels:
            return issue.labels.join(u'\n');
        case SubOncall:
            return plan ? plan->subOncall : QString();
        case Modules:
            return plan ? moduleLabels(*plan).join(u'\n') : QString();
        case ConfidenceColumn:
            return plan ? tr("Overall confidence: %1 (%2)").arg(confidenceText(plan->confidence), plan->decision.name())
                        : tr("Triage in progress");
        case Number:
        case Author:
        case Review:
        case ColumnCount:
            break;
        }
        break;
    case Qt::ForegroundRole:
        if (column == ConfidenceColumn && plan)
            return confidenceColor(plan->confidence);
        if (column == Review && state != ReviewState::New)
            return reviewStateColor(state);
        break;
    case Qt::FontRole:
        if (column == Review && state != ReviewState::New) {
            QFont bold;
            bold.setWeight(QFont::DemiBold);
            return bold;
        }
        break;
    case Qt::TextAlignmentRole:
        if (column == Number || column == Age)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case SortRole:
        switch (column) {
        case Number:
            return issue.number;
        case Title:
            return issue.title;
        case Author:
            return issue.author;
        case Age:
            return issue.createdAt;
        case Labels:
            return issue.labels.join(u", "_s);
        case SubOncall:
            return plan ? plan->subOncall : QString();
        case Modules:
            return plan ? moduleLabels(*plan).join(u", "_s) : QString();
        case ConfidenceColumn:
            return plan ? int(plan->confidence) : -1;
        case Review:
            return int(state);
        case ColumnCount:
            break;
        }
        break;
    case IssueRole:
        return QVariant::fromValue(issue);
    case LabelsRole:
        if (column == Modules)
            return plan ? moduleLabels(*plan) : QStringList();
        return issue.labels;
    case PlanRole:
        return plan ? QVariant::fromValue(*plan) : QVariant();
    case EnginePlanRole: {
        const std::optional<TriagePlan> &engine = m_plans.at(index.row());
        return engine ? QVariant::fromValue(*engine) : QVariant();
    }
    case HasPlanRole:
        return plan != nullptr;
    case ReviewStateRole:
        return int(state);
    case ConfidenceRole:
        return plan ? int(plan->confidence) : -1;
    case HasReproRole:
        return plan ? hasRepro(*plan) : false;
    case NeedsReviewRole:
        return plan ? needsReview(*plan) : false;
    default:
        break;
    }
    return {};
}

QVariant IssueTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    const auto column = Column(section);
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue((column == Number || column == Age ? Qt::AlignRight : Qt::AlignLeft) |
                                   Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Number:
        return tr("#");
    case Title:
        return tr("Title");
    case Author:
        return tr("Author");
    case Age:
        return tr("Age");
    case Labels:
        return tr("Labels");
    case SubOncall:
        return tr("Sub-oncall");
    case Modules:
        return tr("Modules");
    case ConfidenceColumn:
        return tr("Confidence");
    case Review:
        return tr("Review");
    case ColumnCount:
        break;
    }
    return {};
}

QHash<int, QByteArray> IssueTableModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(SortRole, "sort");
    names.insert(IssueRole, "issue");
    names.insert(LabelsRole, "labels");
    names.insert(PlanRole, "plan");
    names.insert(EnginePlanRole, "enginePlan");
    names.insert(HasPlanRole, "hasPlan");
    names.insert(ReviewStateRole, "reviewState");
    names.insert(ConfidenceRole, "confidence");
    names.insert(HasReproRole, "hasRepro");
    names.insert(NeedsReviewRole, "needsReview");
    return names;
}

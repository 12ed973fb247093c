// SPDX-License-Identifier: MIT
#include "views/similar/similarissuespanel.h"

#include "engine/similar/issuefingerprint.h"
#include "engine/similar/similaritylookup.h"
#include "models/similar/similarmatchmodel.h"
#include "views/common/messagebanner.h"
#include "views/common/panelstyle.h"
#include "views/similar/similarmatchtable.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPalette>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

struct Span
{
    qsizetype from;
    qsizetype to;
};

// Where each of `words` stands in `text`, by the index's own notion of a word.
QList<Span> wordSpans(const QString &text, const QSet<QString> &words)
{
    QList<Span> spans;
    qsizetype start = -1;
    QString word;
    const auto close = [&](qsizetype end) {
        if (start >= 0 && words.contains(word))
            spans.append({start, end});
        start = -1;
        word.clear();
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c.isLetterOrNumber() || c == u'_') {
            if (start < 0)
                start = i;
            word.append(c.toLower());
        } else {
            close(i);
        }
    }
    close(text.size());
    return spans;
}

QString markColor(const QPalette &palette)
{
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    return dark ? u"#6b5a12"_s : u"#fff1a8"_s;
}

} // namespace

SimilarIssuesPanel::SimilarIssuesPanel(QWidget *parent)
    : QWidget(parent)
    , m_header(new QLabel(this))
    , m_banner(new MessageBanner(this))
    , m_model(new SimilarMatchModel(this))
    , m_table(new QTableView(this))
    , m_why(new QTextBrowser(this))
    , m_openButton(new QPushButton(this))
    , m_duplicateButton(new QPushButton(this))
{
    setObjectName(u"similarIssuesPanel"_s);
    m_header->setObjectName(u"similarHeader"_s);
    m_header->setTextFormat(Qt::PlainText);
    m_banner->setObjectName(u"similarBanner"_s);

    m_table->setObjectName(u"similarTable"_s);
    m_table->setAccessibleName(tr("Similar issues"));
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    SimilarMatchTable::setUp(m_table, m_model);
    header->setStretchLastSection(false);
    m_table->setColumnWidth(SimilarMatchModel::Matched, 130);
    m_table->setColumnHidden(SimilarMatchModel::Score, true);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        m_confirmClosed = 0;
        showWhy();
        updateActions();
    });
    connect(m_table, &QTableView::activated, this,
            [this](const QModelIndex &index) { Q_EMIT openIssueRequested(m_model->matchAt(index.row()).number); });

    m_why->setObjectName(u"similarWhy"_s);
    m_why->setOpenLinks(false);
    m_why->setAccessibleName(tr("Why it matches"));

    m_openButton->setObjectName(u"similarOpen"_s);
    m_duplicateButton->setObjectName(u"similarDuplicate"_s);
    m_duplicateButton->setToolTip(tr("Comment \"Duplicate of #N\" and close as duplicate, through the outbox (d)"));
    connect(m_openButton, &QPushButton::clicked, this, [this] {
        if (const SimilarityMatch match = currentMatch(); match.number > 0)
            Q_EMIT openIssueRequested(match.number);
    });
    connect(m_duplicateButton, &QPushButton::clicked, this, &SimilarIssuesPanel::markDuplicate);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_table);
    splitter->addWidget(m_why);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_openButton);
    buttons->addWidget(m_duplicateButton);
    buttons->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->addWidget(m_header);
    layout->addWidget(m_banner);
    layout->addWidget(splitter, 1);
    layout->addLayout(buttons);
    clearIssue();
}

SimilarIssuesPanel::~SimilarIssuesPanel() = default;

void SimilarIssuesPanel::setLookup(SimilarityLookup *lookup)
{
    m_lookup = lookup;
    if (m_issue.number > 0)
        setIssue(m_issue);
}

void SimilarIssuesPanel::clearIssue()
{
    m_issue = {};
    m_pending = false;
    m_confirmClosed = 0;
    m_model->clear();
    m_header->setText(tr("Similar issues"));
    m_why->clear();
    showBanner({});
    updateActions();
}

void SimilarIssuesPanel::setIssue(const Issue &issue)
{
    m_issue = issue;
    m_confirmClosed = 0;
    showBanner({});
    if (!m_lookup || m_repository.isEmpty()) {
        m_pending = false;
        m_model->clear();
        m_why->clear();
        m_header->setText(tr("Similar issues"));
        showBanner(tr("Similar issues come from the local store: open a queue synced from GitHub (Ctrl+O)."));
        updateActions();
        Q_EMIT matchesShown(issue.number);
        return;
    }
    m_pending = true;
    m_clock.start();
    // The previous matches stay until the new ones arrive (no flicker while moving with j/k), marked stale.
    m_header->setText(tr("Similar to #%1 · looking…").arg(issue.number));
    updateActions();
    const int number = issue.number;
    m_ticket = m_lookup->similar(m_repository, number, DefaultTop, this,
                                 [this, number](int ticket, const Result<QList<SimilarityMatch>> &result) {
                                     showMatches(ticket, number, result);
                                 });
}

void SimilarIssuesPanel::showMatches(int ticket, int number, const Result<QList<SimilarityMatch>> &result)
{
    // An answer for an issue no longer shown, or overtaken by a newer question: dropped.
    if (ticket != m_ticket || number != m_issue.number)
        return;
    m_pending = false;
    if (!result) {
        m_model->clear();
        m_why->clear();
        m_header->setText(tr("Similar to #%1").arg(number));
        showBanner(result.error());
    } else {
        m_model->setMatches(result.value());
        int open = 0;
        for (const SimilarityMatch &match : result.value())
            open += match.isOpen() ? 1 : 0;
        m_header->setText(result->isEmpty() ? tr("Similar to #%1 · nothing in the store is close").arg(number)
                                            : tr("Similar to #%1 · %2 matches, %3 open · %4 ms")
                                                  .arg(number)
                                                  .arg(result->size())
                                                  .arg(open)
                                                  .arg(m_clock.elapsed()));
        if (!result->isEmpty())
            m_table->setCurrentIndex(m_model->index(0, SimilarMatchModel::Title));
        else
            m_why->clear();
    }
    updateActions();
    Q_EMIT matchesShown(number);
}

SimilarityMatch SimilarIssuesPanel::currentMatch() const
{
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? m_model->matchAt(current.row()) : SimilarityMatch();
}

bool SimilarIssuesPanel::selectMatch(int number)
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->matchAt(row).number == number) {
            m_table->setCurrentIndex(m_model->index(row, SimilarMatchModel::Title));
            return true;
        }
    }
    return false;
}

QString SimilarIssuesPanel::bannerText() const
{
    return m_banner->shownText();
}

QString SimilarIssuesPanel::whyHtml() const
{
    return m_why->toHtml();
}

void SimilarIssuesPanel::showBanner(const QString &text)
{
    if (text.isEmpty())
        m_banner->clear();
    else
        m_banner->showMessage(Tone::Warning, text);
}

void SimilarIssuesPanel::updateActions()
{
    const SimilarityMatch match = currentMatch();
    const bool has = match.number > 0 && !m_pending;
    m_openButton->setEnabled(has);
    m_openButton->setText(has ? tr("Open #%1").arg(match.number) : tr("Open"));
    m_duplicateButton->setEnabled(has && m_outboxUnavailable.isEmpty() && m_issue.isOpen());
    m_duplicateButton->setText(has ? tr("Mark as duplicate of #%1  (d)").arg(match.number)
                                   : tr("Mark as duplicate  (d)"));
    if (!m_outboxUnavailable.isEmpty())
        m_duplicateButton->setToolTip(m_outboxUnavailable);
}

QString SimilarIssuesPanel::highlighted(const QString &text, const QSet<QString> &words, int maxChars)
{
    const QList<Span> spans = wordSpans(text, words);
    const QString mark = markColor(QApplication::palette());
    const auto render = [&](qsizetype from, qsizetype to) {
        QString html;
        qsizetype at = from;
        for (const Span &span : spans) {
            if (span.to <= from || span.from >= to)
                continue;
            html += text.mid(at, span.from - at).toHtmlEscaped();
            html += u"<span style=\"background-color:%1; font-weight:600;\">"_s.arg(mark) +
                    text.mid(span.from, span.to - span.from).toHtmlEscaped() + u"</span>"_s;
            at = span.to;
        }
        html += text.mid(at, to - at).toHtmlEscaped();
        return html;
    };
    if (maxChars <= 0 || text.size() <= maxChars)
        return render(0, text.size()).replace(u'\n', u"<br>"_s);
    if (spans.isEmpty())
        return QString(text.left(maxChars).toHtmlEscaped() + u" …"_s).replace(u'\n', u"<br>"_s);
    // Passages of ±70 characters around the first marks, merged where they touch.
    QList<Span> passages;
    qsizetype budget = maxChars;
    for (const Span &span : spans) {
        const qsizetype from = std::max<qsizetype>(0, span.from - 70);
        const qsizetype to = std::min<qsizetype>(text.size(), span.to + 70);
        if (!passages.isEmpty() && from <= passages.last().to) {
            budget -= to - passages.last().to;
            passages.last().to = std::max(passages.last().to, to);
        } else {
            budget -= to - from;
            passages.append({from, to});
        }
        if (budget <= 0)
            break;
    }
    QStringList parts;
    for (const Span &passage : std::as_const(passages))
        parts.append(render(passage.from, passage.to).simplified());
    return (passages.constFirst().from > 0 ? u"… "_s : QString()) + parts.join(u" … "_s) +
           (passages.constLast().to < text.size() ? u" …"_s : QString());
}

void SimilarIssuesPanel::showWhy()
{
    const SimilarityMatch match = currentMatch();
    if (match.number <= 0) {
        m_why->clear();
        return;
    }
    static const QList<QPair<QString, const char *>> fields = {
        {u"signature"_s, QT_TR_NOOP("error signature")}, {u"frames"_s, QT_TR_NOOP("traceback frames")},
        {u"title"_s, QT_TR_NOOP("title words")},         {u"identifiers"_s, QT_TR_NOOP("code names")},
        {u"body"_s, QT_TR_NOOP("body words")},           {u"comments"_s, QT_TR_NOOP("comment words")}};
    QSet<QString> words;
    QStringList reasons;
    for (const auto &field : fields) {
        // Each word once, under the heaviest field it matched in.
        QStringList shared;
        for (const QString &word : match.why.value(field.first)) {
            if (!words.contains(word))
                shared.append(word);
        }
        if (shared.isEmpty())
            continue;
        for (const QString &word : std::as_const(shared))
            words.insert(word);
        QStringList shown = shared.mid(0, 8);
        for (QString &word : shown)
            word = u"<code>%1</code>"_s.arg(word.toHtmlEscaped());
        reasons.append(u"<li><b>%1</b>: %2%3</li>"_s.arg(
            tr(field.second), shown.join(u", "_s), shared.size() > 8 ? tr(", +%1").arg(shared.size() - 8) : QString()));
    }
    // This issue's text as the match's is kept (20,000 characters): a 5 MB body must not stall the window.
    Issue shown = m_issue;
    shown.body.truncate(20000);
    shown.comments.clear();
    const IssueFingerprint mine = IssueFingerprint::of(shown);
    const QString muted = PanelStyle::cssColor(palette().color(QPalette::PlaceholderText));
    const auto side = [&](int number, const QString &title, const QString &signature, const QString &body,
                          const QString &caption) {
        QString html = u"<p style=\"margin-top:10px;\"><span style=\"color:%1;\">%2</span><br><b>#%3 %4</b></p>"_s.arg(
            muted, caption.toHtmlEscaped(), QString::number(number), highlighted(title, words));
        if (!signature.isEmpty())
            html += u"<p><code>%1</code></p>"_s.arg(highlighted(signature, words));
        if (!body.isEmpty())
            html += u"<p>%1</p>"_s.arg(highlighted(body, words, 360));
        return html;
    };
    QString html = u"<p><b>%1</b></p><ul style=\"margin-left:-20px;\">%2</ul>"_s.arg(
        tr("Why #%1 matches").arg(match.number), reasons.join(QString()));
    const QString state = match.isOpen() ? tr("open") : tr("closed");
    html += side(match.number, match.title, match.signature, match.body,
                 tr("The match · %1 · %2 · opened %3 ago")
                     .arg(state, match.labels.join(u", "_s),
                          SimilarMatchModel::age(match.createdAt, QDateTime::currentDateTimeUtc())));
    html += side(shown.number, shown.title, mine.fields[IssueFingerprint::Signature], shown.body, tr("This issue"));
    m_why->setHtml(html);
}

bool SimilarIssuesPanel::markDuplicate()
{
    const SimilarityMatch match = currentMatch();
    if (m_issue.number <= 0 || match.number <= 0 || m_pending) {
        showBanner(tr("No match selected to mark this issue a duplicate of."));
        return false;
    }
    if (!m_outboxUnavailable.isEmpty()) {
        showBanner(m_outboxUnavailable);
        return false;
    }
    // The match comes from the store: it is an issue of the repository as stored.
    Issue target;
    target.number = match.number;
    target.title = match.title;
    target.state = match.state;
    target.labels = match.labels;
    const bool confirmed = m_confirmClosed == match.number;
    const Result<DuplicatePlan> plan = DuplicatePlanner::plan(m_repository, m_issue, match.number, target,
                                                              m_model->matches(), m_pack, m_reviewer, confirmed);
    if (!plan) {
        if (!match.isOpen() && DuplicatePlanner::openAlternative(m_issue, match.number, m_model->matches()) > 0) {
            m_confirmClosed = match.number;
            showBanner(plan.error() + u' ' +
                       tr("Press d again to mark it a duplicate of closed #%1.").arg(match.number));
        } else {
            showBanner(plan.error());
        }
        return false;
    }
    m_confirmClosed = 0;
    showBanner({});
    Q_EMIT duplicateRequested(plan.value());
    return true;
}

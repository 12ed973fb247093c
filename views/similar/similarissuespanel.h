// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/similar/duplicateplanner.h"
#include "engine/similar/similarityindex.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QSet>
#include <QWidget>

class MessageBanner;
class QLabel;
class QPushButton;
class QTableView;
class QTextBrowser;
class SimilarMatchModel;
class SimilarityLookup;

// The Similar tab beside the issue: the issues of the store most like the current one (open and closed,
// with state, labels and age), and for the selected match why it matches — the shared error signature,
// frames and words, highlighted in both texts. Follows the current issue; lookups run on the lookup's
// thread and an answer for an issue no longer shown is dropped. `d` (markDuplicate) drafts "Duplicate of #N"
// and the close for the selected match, guarded by DuplicatePlanner; the window sends it to the outbox.
class SimilarIssuesPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SimilarIssuesPanel)

public:
    static constexpr int DefaultTop = 10;

    explicit SimilarIssuesPanel(QWidget *parent = nullptr);
    ~SimilarIssuesPanel() override;

    // Not owned; nullptr: no store, the panel says so.
    void setLookup(SimilarityLookup *lookup);
    void setRepository(const QString &repository) { m_repository = repository; }
    // The rubric (for the duplicate label) and who decides; `unavailable`: why nothing may go to the outbox.
    void setPack(const RubricPack &pack) { m_pack = pack; }
    void setReviewer(const QString &reviewer) { m_reviewer = reviewer; }
    void setOutboxUnavailableReason(const QString &reason) { m_outboxUnavailable = reason; }

    void setIssue(const Issue &issue);
    void clearIssue();
    int issueNumber() const { return m_issue.number; }
    bool isLookingUp() const { return m_pending; }
    SimilarMatchModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    SimilarityMatch currentMatch() const;
    bool selectMatch(int number);
    QString bannerText() const;
    QString whyHtml() const;

    // Drafts the duplicate plan for the selected match and emits duplicateRequested(), or shows why not. A
    // closed match while an open one is similar needs a second press (the banner says so).
    bool markDuplicate();

    // `text` as HTML with every word of `words` (lower case, as the index tokenizes) marked; `maxChars` > 0
    // keeps only passages around the marks, joined with an ellipsis.
    static QString highlighted(const QString &text, const QSet<QString> &words, int maxChars = 0);

Q_SIGNALS:
    void openIssueRequested(int number);
    void duplicateRequested(const DuplicatePlan &plan);
    // The matches of the current issue are shown (or its lookup failed).
    void matchesShown(int number);

private:
    void showMatches(int ticket, int number, const Result<QList<SimilarityMatch>> &result);
    void showWhy();
    void showBanner(const QString &text);
    void updateActions();

    QPointer<SimilarityLookup> m_lookup;
    QString m_repository;
    RubricPack m_pack;
    QString m_reviewer;
    QString m_outboxUnavailable;
    Issue m_issue;
    int m_ticket = 0;
    bool m_pending = false;
    int m_confirmClosed = 0; // a closed target pressed once, waiting for the second press
    QElapsedTimer m_clock;

    QLabel *m_header;
    MessageBanner *m_banner;
    SimilarMatchModel *m_model;
    QTableView *m_table;
    QTextBrowser *m_why;
    QPushButton *m_openButton;
    QPushButton *m_duplicateButton;
};

// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/queuestate.h"
#include "engine/similar/similarityindex.h"

#include <QDialog>
#include <QPointer>

namespace KSyntaxHighlighting {
class Repository;
}
class IssueView;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QTimer;
class SimilarMatchModel;
class SimilarityLookup;

// Ctrl+K: searches every issue of the store (SQLite FTS5 syntax: words, "phrases", OR, NOT, prefix*,
// title: …) with label and state filters, as you type (debounced, off the GUI thread). Results are a table;
// the selected one is previewed beside it; Enter or a double click opens it (openIssueRequested: in the
// queue when it is there).
class SearchDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SearchDialog)

public:
    static constexpr int DebounceMs = 300;

    SearchDialog(SimilarityLookup *lookup, const QString &repository, KSyntaxHighlighting::Repository *syntax,
                 QWidget *parent = nullptr);
    ~SearchDialog() override;

    void setQuery(const QString &text);
    void setLabels(const QString &commaSeparated);
    void setState(QueueState state);
    // Runs the search now (the edits run it after DebounceMs).
    void search();
    bool isSearching() const { return m_pending; }
    SimilarMatchModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QString statusText() const;
    void openCurrent();

Q_SIGNALS:
    void openIssueRequested(const QString &repository, int number);
    void searchFinished();

private:
    void showResults(const Result<QList<SimilarityMatch>> &result);
    void previewCurrent();

    QPointer<SimilarityLookup> m_lookup;
    QString m_repository;
    QLineEdit *m_query;
    QLineEdit *m_labels;
    QComboBox *m_state;
    QLabel *m_status;
    SimilarMatchModel *m_model;
    QTableView *m_table;
    IssueView *m_preview;
    QTimer *m_debounce;
    int m_ticket = 0;
    bool m_pending = false;
    int m_previewNumber = 0;
};

// SPDX-License-Identifier: MIT
#pragma once

#include "engine/issue.h"

#include <QList>
#include <QMainWindow>

namespace KSyntaxHighlighting {
class Repository;
}
class IssueFilterProxyModel;
class IssueTableModel;
class IssueView;
class QLabel;
class QLineEdit;
class QSplitter;
class QTableView;
class QTimer;

// The console: the queue on the left (filter above a sortable table), the selected issue on the right.
// Keys: `/` filters, `j`/`k` move through the queue, Enter in the filter goes back to the queue.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(KSyntaxHighlighting::Repository *repository, QWidget *parent = nullptr);

    void setIssues(QList<Issue> issues, const QString &sourceName);
    void selectFirstIssue();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setUpTable();
    void setUpShortcuts();
    void applyFilter();
    void moveSelection(int delta);
    void showCurrentIssue();
    void updateCount();

    IssueTableModel *m_model;
    IssueFilterProxyModel *m_proxy;
    QLineEdit *m_filterEdit;
    QTimer *m_filterTimer;
    QTableView *m_table;
    IssueView *m_issueView;
    QSplitter *m_splitter;
    QLabel *m_sourceLabel;
    QLabel *m_countLabel;
    int m_shownNumber = 0; // the issue in the view, 0 for none
};

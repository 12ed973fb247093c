// SPDX-License-Identifier: MIT
#pragma once

#include <QElapsedTimer>
#include <QObject>

class QAbstractItemView;

// For the start-up benchmark: prints, counted from `since` (the start of main), when the queue table first
// paints ("first paint: N ms") and when it first paints with rows in it ("queue painted: N ms, R rows"),
// then quits the application.
class FirstPaintReporter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FirstPaintReporter)

public:
    FirstPaintReporter(QAbstractItemView *table, QElapsedTimer since, QObject *parent = nullptr);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QAbstractItemView *m_table;
    QElapsedTimer m_since;
    bool m_painted = false;
    bool m_rowsPainted = false;
};

// SPDX-License-Identifier: MIT
#include "app/firstpaintreporter.h"

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QEvent>
#include <QTextStream>
#include <QTimer>

FirstPaintReporter::FirstPaintReporter(QAbstractItemView *table, QElapsedTimer since, QObject *parent)
    : QObject(parent)
    , m_table(table)
    , m_since(since)
{
    m_table->viewport()->installEventFilter(this);
}

bool FirstPaintReporter::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::Paint || m_rowsPainted)
        return QObject::eventFilter(watched, event);
    const auto milliseconds = [this] { return QString::number(double(m_since.nsecsElapsed()) / 1e6, 'f', 1); };
    // Each figure once its paint is done: the next turn of the event loop.
    if (!m_painted) {
        m_painted = true;
        QTimer::singleShot(
            0, this, [milliseconds] { QTextStream(stdout) << "first paint: " << milliseconds() << " ms" << Qt::endl; });
    }
    const int rows = m_table->model() ? m_table->model()->rowCount() : 0;
    if (rows > 0) {
        m_rowsPainted = true;
        QTimer::singleShot(0, this, [milliseconds, rows] {
            QTextStream(stdout) << "queue painted: " << milliseconds() << " ms, " << rows << " rows" << Qt::endl;
            QCoreApplication::quit();
        });
    }
    return QObject::eventFilter(watched, event);
}

// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/outbox/outboxentry.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QHash>
#include <QList>

#include <array>

class OutboxStore;

// The outbox as a table: one row per entry, oldest first, as the store lists them. Live: a submit job's
// entryChanged() goes to updateEntry(), which changes that row only. The check state of the first column is
// the entry's `selected` flag; toggling it writes through to the store when one is set.
class OutboxModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OutboxModel)

public:
    enum Column
    {
        Number,
        Title,
        Labels,
        Comment,
        Close,
        Status,
        Outcome,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole, // raw values: number, title, status, …
        EntryRole,               // the whole OutboxEntry
        LabelsRole,              // QStringList: labels to add (same value as IssueTableModel::LabelsRole: chips)
        StatusRole,              // int(OutboxStatus)
        SelectedRole,            // bool
        IdRole,                  // qint64: the entry's id in the store
    };
    // What the header line counts: pending, blocked, written, conflicts, failures.
    struct Counts
    {
        int ready = 0; // Ready and Submitting
        int selected = 0;
        int blocked = 0;
        int done = 0; // Applied and AlreadyApplied
        int conflict = 0;
        int failed = 0;
        int total = 0;

        friend bool operator==(const Counts &, const Counts &) = default;
    };

    explicit OutboxModel(QObject *parent = nullptr);

    // Where setData(CheckStateRole) writes the selection; not owned. Without one, selection is in memory only.
    void setStore(OutboxStore *store) { m_store = store; }
    // Full reload from the store (reset); false with lastError() when the store cannot be read.
    bool reload();
    QString lastError() const { return m_lastError; }

    void setEntries(QList<OutboxEntry> entries);
    const QList<OutboxEntry> &entries() const { return m_entries; }
    // One entry changed (a submit job's report, a re-approval): its row changes, or it is appended.
    void updateEntry(const OutboxEntry &entry);
    int rowForId(qint64 id) const { return m_rowById.value(id, -1); }
    OutboxEntry entryAt(int row) const { return m_entries.value(row); }

    // Titles are not part of an entry: the queue the reviewer looked at supplies them.
    void setIssueTitles(const QString &repository, const QList<Issue> &issues);
    QString titleOf(const OutboxEntry &entry) const;

    // Selection of Ready entries; returns how many changed.
    int setAllSelected(bool selected);
    bool setSelected(int row, bool selected);
    QList<qint64> selectedIds() const;

    Counts counts() const { return m_counts; }

    // Shapes and colours for outcomes; the shape alone tells them apart.
    static QString statusGlyph(OutboxStatus status);
    static QColor statusColor(OutboxStatus status);
    // The first non-empty line of a comment, for the table.
    static QString firstLine(const QString &text);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    void countsChanged(const OutboxModel::Counts &counts);
    // Writing the selection to the store failed.
    void errorOccurred(const QString &message);

private:
    void recount();
    void rebuildIndex();
    static QString outcomeText(const OutboxEntry &entry);

    OutboxStore *m_store = nullptr;
    QList<OutboxEntry> m_entries;
    QHash<qint64, int> m_rowById;
    QHash<QString, QString> m_titles; // "owner/name#123" → title
    Counts m_counts;
    QString m_lastError;
};

Q_DECLARE_METATYPE(OutboxModel::Counts)

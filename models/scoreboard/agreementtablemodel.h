// SPDX-License-Identifier: MIT
#pragma once

#include "engine/scoreboard/scoreboard.h"

#include <QAbstractTableModel>
#include <QList>
#include <QString>

// A scoreboard table: acceptance rows (per label, sub-oncall or rule), confidence tiers, or weeks.
class AgreementTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AgreementTableModel)

public:
    enum class Content
    {
        Agreement,
        Tiers,
        Weeks
    };
    enum Role
    {
        SortRole = Qt::UserRole, // raw values
        IssuesRole,              // QList<IssueRef> as QVariant (Agreement): the overridden issues
        RatioRole,               // double 0..1: the row's main rate (acceptance, precision, agreement)
    };

    explicit AgreementTableModel(Content content, QObject *parent = nullptr);

    void setRows(const QList<AgreementRow> &rows, const QString &keyTitle);
    void setTiers(const QList<TierRow> &tiers, int scored);
    void setWeeks(const QList<WeekRow> &weeks);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    AgreementRow agreementRow(int row) const { return m_rows.value(row); }

private:
    QVariant agreementData(int row, int column, int role) const;
    QVariant tierData(int row, int column, int role) const;
    QVariant weekData(int row, int column, int role) const;

    Content m_content;
    QString m_keyTitle;
    QList<AgreementRow> m_rows;
    QList<TierRow> m_tiers;
    QList<WeekRow> m_weeks;
    int m_scored = 0;
};

Q_DECLARE_METATYPE(QList<IssueRef>)

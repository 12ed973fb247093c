// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>

// One placement combination of one op, at one mesh size, on one input case, as the probe ran it.
struct OperatorProbeCombination
{
    enum class Status
    {
        Ok,     // ran, and the full result equals the single-device one
        Raises, // DTensor raised (the message says why)
        Wrong,  // ran, and the result differs from the single-device one: a DTensor bug
    };
    QString op;
    int ranks = 0;
    QString caseName; // "divides", "does not divide", "broadcast"
    QStringList placements;
    QStringList outputPlacements;
    Status status = Status::Raises;
    QString error;
    bool strategy = true; // false when DTensor said it has no sharding strategy for the op
    bool redistributed = false;
    int collectives = 0;

    bool hasPartialInput() const { return placements.contains(u"Partial()"); }
    static QString statusName(Status status);
};

// DTensor's registry entry for the op, as the probe read it from the sharding propagator.
struct OperatorRegistryEntry
{
    bool registered = false; // a strategy, a rule or a custom handler for the op itself
    bool composite = false;  // CompositeImplicitAutograd: DTensor sees the ops it decomposes into
    bool supported = false;  // registered, or composite and every op it reaches registered
    QStringList reaches;
    QStringList unregistered;
};

// One input case: the call as Python (tensors t0, t1, …) and how each tensor is built.
struct OperatorProbeCase
{
    QString name;
    QString call;
    QJsonArray inputs;      // [{name, shape, kind: float|index, high}]
    QJsonArray outputShape; // of the (first) output; empty when it is not a tensor
};

struct OperatorProbeOp
{
    QString op; // "aten.cumsum.default"
    QString schema;
    OperatorRegistryEntry registry;
    QList<OperatorProbeCase> cases;
    QList<OperatorProbeCombination> combinations;
    QMap<int, double> secondsByRanks;
    QString error; // the probe could not build inputs, or a rank failed

    // False when any combination ran into "no sharding strategy registered"; true when none did.
    bool strategyObserved() const;
    int count(OperatorProbeCombination::Status status) const;
    bool hasCase(const QString &name) const;
    double seconds() const;
};

// What one probe run printed, line by line; unparseable lines are kept as problems, never dropped silently.
class OperatorProbeReport final
{
public:
    // One stdout line of the probe. Returns the op the line was about (empty for none).
    QString addLine(const QByteArray &line);
    void addProblem(const QString &problem) { m_problems.append(problem); }

    const QList<OperatorProbeOp> &ops() const { return m_ops; }
    const OperatorProbeOp *find(const QString &op) const;
    const QStringList &problems() const { return m_problems; }
    QString torchVersion() const { return m_torch; }
    int combinationCount() const;

    QJsonObject toJson() const;
    static QJsonObject toJson(const OperatorProbeCombination &combination);

private:
    OperatorProbeOp &opNamed(const QString &op);

    QList<OperatorProbeOp> m_ops;
    QStringList m_problems;
    QString m_torch;
};

Q_DECLARE_METATYPE(OperatorProbeReport)

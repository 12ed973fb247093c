// SPDX-License-Identifier: MIT
#include "engine/probe/operatorprobereport.h"

#include <QJsonDocument>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace {

QStringList strings(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray()) {
        if (v.isArray()) // several outputs: one list of placements each
            out.append(strings(v).join(u", "_s));
        else
            out.append(v.toString());
    }
    return out;
}

QJsonArray array(const QStringList &list)
{
    return QJsonArray::fromStringList(list);
}

} // namespace

QString OperatorProbeCombination::statusName(Status status)
{
    switch (status) {
    case Status::Ok:
        return u"ok"_s;
    case Status::Raises:
        return u"raises"_s;
    case Status::Wrong:
        return u"wrong"_s;
    }
    return {};
}

bool OperatorProbeOp::strategyObserved() const
{
    for (const OperatorProbeCombination &c : combinations) {
        if (!c.strategy)
            return false;
    }
    return true;
}

int OperatorProbeOp::count(OperatorProbeCombination::Status status) const
{
    return int(std::count_if(combinations.cbegin(), combinations.cend(),
                             [status](const OperatorProbeCombination &c) { return c.status == status; }));
}

bool OperatorProbeOp::hasCase(const QString &name) const
{
    return std::any_of(cases.cbegin(), cases.cend(), [&name](const OperatorProbeCase &c) { return c.name == name; });
}

double OperatorProbeOp::seconds() const
{
    double total = 0;
    for (double s : secondsByRanks)
        total += s;
    return total;
}

OperatorProbeOp &OperatorProbeReport::opNamed(const QString &op)
{
    for (OperatorProbeOp &known : m_ops) {
        if (known.op == op)
            return known;
    }
    m_ops.append(OperatorProbeOp{});
    m_ops.last().op = op;
    return m_ops.last();
}

const OperatorProbeOp *OperatorProbeReport::find(const QString &op) const
{
    for (const OperatorProbeOp &known : m_ops) {
        if (known.op == op)
            return &known;
    }
    return nullptr;
}

int OperatorProbeReport::combinationCount() const
{
    int total = 0;
    for (const OperatorProbeOp &op : m_ops)
        total += int(op.combinations.size());
    return total;
}

QString OperatorProbeReport::addLine(const QByteArray &line)
{
    const QByteArray trimmed = line.trimmed();
    if (trimmed.isEmpty())
        return {};
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(trimmed, &error);
    if (!doc.isObject()) {
        m_problems.append(u"Not a probe line: %1"_s.arg(QString::fromUtf8(trimmed.left(200))));
        return {};
    }
    const QJsonObject o = doc.object();
    const QString kind = o.value(u"kind"_s).toString();
    if (kind == u"start"_s) {
        m_torch = o.value(u"torch"_s).toString();
        return {};
    }
    QString name = o.value(u"op"_s).toString();
    if (kind == u"error"_s) {
        const QString message = o.value(u"error"_s).toString();
        if (name.isEmpty()) {
            m_problems.append(u"%1 ranks: %2"_s.arg(o.value(u"ranks"_s).toInt()).arg(message));
            return {};
        }
        OperatorProbeOp &op = opNamed(name);
        op.error = message;
        return name;
    }
    if (name.isEmpty()) {
        m_problems.append(u"A probe line without an op: %1"_s.arg(QString::fromUtf8(trimmed.left(200))));
        return {};
    }
    OperatorProbeOp &op = opNamed(name);
    if (kind == u"op"_s) {
        op.schema = o.value(u"schema"_s).toString();
        const QJsonObject r = o.value(u"registry"_s).toObject();
        op.registry.registered = r.value(u"registered"_s).toBool();
        op.registry.composite = r.value(u"composite"_s).toBool();
        op.registry.supported = r.value(u"supported"_s).toBool();
        op.registry.reaches = strings(r.value(u"reaches"_s));
        op.registry.unregistered = strings(r.value(u"unregistered"_s));
        if (op.cases.isEmpty()) {
            for (const QJsonValue &v : o.value(u"cases"_s).toArray()) {
                const QJsonObject c = v.toObject();
                op.cases.append({c.value(u"case"_s).toString(), c.value(u"call"_s).toString(),
                                 c.value(u"inputs"_s).toArray(), c.value(u"output_shape"_s).toArray()});
            }
        }
    } else if (kind == u"combination"_s) {
        OperatorProbeCombination c;
        c.op = name;
        c.ranks = o.value(u"ranks"_s).toInt();
        c.caseName = o.value(u"case"_s).toString();
        c.placements = strings(o.value(u"placements"_s));
        const QJsonValue out = o.value(u"output_placements"_s);
        c.outputPlacements = out.isArray() ? strings(out) : QStringList{};
        const QString status = o.value(u"status"_s).toString();
        c.status = status == u"ok"_s      ? OperatorProbeCombination::Status::Ok
                   : status == u"wrong"_s ? OperatorProbeCombination::Status::Wrong
                                          : OperatorProbeCombination::Status::Raises;
        c.error = o.value(u"error"_s).toString();
        c.strategy = o.value(u"strategy"_s).toBool(true);
        c.redistributed = o.value(u"redistributed"_s).toBool();
        c.collectives = o.value(u"collectives"_s).toInt();
        op.combinations.append(c);
    } else if (kind == u"summary"_s) {
        op.secondsByRanks.insert(o.value(u"ranks"_s).toInt(), o.value(u"seconds"_s).toDouble());
    } else {
        m_problems.append(u"Unknown probe line kind \"%1\""_s.arg(kind));
    }
    return name;
}

QJsonObject OperatorProbeReport::toJson(const OperatorProbeCombination &c)
{
    QJsonObject o{{u"ranks"_s, c.ranks},
                  {u"case"_s, c.caseName},
                  {u"placements"_s, array(c.placements)},
                  {u"status"_s, OperatorProbeCombination::statusName(c.status)},
                  {u"strategy"_s, c.strategy}};
    if (c.status != OperatorProbeCombination::Status::Raises) {
        o.insert(u"outputPlacements"_s, array(c.outputPlacements));
        o.insert(u"redistributed"_s, c.redistributed);
        o.insert(u"collectives"_s, c.collectives);
    }
    if (!c.error.isEmpty())
        o.insert(u"error"_s, c.error);
    return o;
}

QJsonObject OperatorProbeReport::toJson() const
{
    QJsonArray ops;
    for (const OperatorProbeOp &op : m_ops) {
        QJsonArray combos;
        for (const OperatorProbeCombination &c : op.combinations)
            combos.append(toJson(c));
        QJsonObject seconds;
        for (auto it = op.secondsByRanks.cbegin(); it != op.secondsByRanks.cend(); ++it)
            seconds.insert(QString::number(it.key()), it.value());
        QJsonArray cases;
        for (const OperatorProbeCase &c : op.cases)
            cases.append(QJsonObject{
                {u"case"_s, c.name}, {u"call"_s, c.call}, {u"inputs"_s, c.inputs}, {u"outputShape"_s, c.outputShape}});
        QJsonObject o{{u"op"_s, op.op},
                      {u"schema"_s, op.schema},
                      {u"strategy"_s, op.strategyObserved()},
                      {u"registry"_s, QJsonObject{{u"registered"_s, op.registry.registered},
                                                  {u"composite"_s, op.registry.composite},
                                                  {u"supported"_s, op.registry.supported},
                                                  {u"reaches"_s, array(op.registry.reaches)},
                                                  {u"unregistered"_s, array(op.registry.unregistered)}}},
                      {u"ok"_s, op.count(OperatorProbeCombination::Status::Ok)},
                      {u"raises"_s, op.count(OperatorProbeCombination::Status::Raises)},
                      {u"wrong"_s, op.count(OperatorProbeCombination::Status::Wrong)},
                      {u"seconds"_s, seconds},
                      {u"cases"_s, cases},
                      {u"combinations"_s, combos}};
        if (!op.error.isEmpty())
            o.insert(u"error"_s, op.error);
        ops.append(o);
    }
    return {{u"torch"_s, m_torch}, {u"ops"_s, ops}, {u"problems"_s, array(m_problems)}};
}

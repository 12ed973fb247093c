// SPDX-License-Identifier: MIT
#include "engine/repro/reproneedsprobe.h"

#include "engine/core/bundledscript.h"
#include "engine/core/processjob.h"
#include "engine/repro/reproscanner.h" // lcRepro

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <sys/resource.h>

using namespace Qt::StringLiterals;

namespace {

QStringList strings(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray())
        out << v.toString();
    return out;
}

QString andList(const QStringList &items)
{
    if (items.size() <= 1)
        return items.value(0);
    return QStringList(items.mid(0, items.size() - 1)).join(u", "_s) + u" and "_s + items.last();
}

} // namespace

QString ReproNeeds::summary() const
{
    if (unmet.isEmpty())
        return u"can run here"_s;
    QStringList has;
    if (gpus > 0)
        has << (haveGpus == 0 ? u"no CUDA GPU"_s : u"%1 CUDA GPU%2"_s.arg(haveGpus).arg(haveGpus > 1 ? u"s"_s : u""_s));
    if (nccl && !haveNccl)
        has << u"no NCCL"_s;
    if (!packages.isEmpty())
        has << u"no %1"_s.arg(packages.join(u", "_s));
    if (!downloads.isEmpty())
        has << u"no network in the sandbox"_s;
    QString text = u"cannot run here: needs %1"_s.arg(andList(unmet));
    if (!has.isEmpty())
        text += u"; this machine has %1"_s.arg(andList(has));
    return text;
}

Result<ReproNeeds> ReproNeeds::parse(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (!doc.isObject())
        return Error{u"The needs probe's answer is not JSON: %1"_s.arg(error.errorString())};
    const QJsonObject root = doc.object();
    ReproNeeds n;
    n.parsed = root.value(u"parsed"_s).toBool();
    if (!n.parsed)
        return n;
    const QJsonObject needs = root.value(u"needs"_s).toObject();
    const QJsonObject have = root.value(u"have"_s).toObject();
    n.gpus = needs.value(u"gpus"_s).toInt();
    n.nccl = needs.value(u"nccl"_s).toBool();
    n.worldSize = needs.value(u"worldSize"_s).toInt();
    n.launcher = needs.value(u"launcher"_s).toString();
    n.packages = strings(needs.value(u"packages"_s));
    n.downloads = strings(needs.value(u"downloads"_s));
    n.haveGpus = have.value(u"gpus"_s).toInt();
    n.haveNccl = have.value(u"nccl"_s).toBool();
    n.torchVersion = have.value(u"torch"_s).toString();
    n.unmet = strings(root.value(u"unmet"_s));
    n.hasCheck = root.value(u"hasCheck"_s).toBool(true);
    n.seesCompileSymptoms = root.value(u"seesCompileSymptoms"_s).toBool();
    n.prints = root.value(u"prints"_s).toBool();
    n.cpuVariant = root.value(u"cpuVariant"_s).toString();
    n.cpuVariantDiff = root.value(u"cpuVariantDiff"_s).toString();
    n.assertCloseVariant = root.value(u"assertCloseVariant"_s).toString();
    n.assertCloseDiff = root.value(u"assertCloseDiff"_s).toString();
    return n;
}

int ReproNeedsProbe::gpusStatedIn(const QString &issueText)
{
    static const QRegularExpression stated(
        uR"(\b(\d{1,2}|two|four|eight)\s*(?:x\s*)?(?:NVIDIA\s+)?(?:GPUs|(?:A|H|V|L)\d{2,3}s?\b|RTX\s*\d{4}s?\b))"_s,
        QRegularExpression::CaseInsensitiveOption);
    static const QHash<QString, int> words = {{u"two"_s, 2}, {u"four"_s, 4}, {u"eight"_s, 8}};
    int most = 0;
    auto it = stated.globalMatch(issueText);
    while (it.hasNext()) {
        const QString n = it.next().captured(1).toLower();
        most = std::max(most, words.contains(n) ? words.value(n) : n.toInt());
    }
    return most;
}

ReproNeedsProbe::ReproNeedsProbe(QObject *parent)
    : QObject(parent)
{}

ReproNeedsProbe::~ReproNeedsProbe() = default; // the ProcessJob child kills and reaps a running probe

void ReproNeedsProbe::start(const QString &code, const PythonEnvironment &environment, int ranks,
                            const QString &issueText, bool hangReported)
{
    const Result<QString> helper = BundledScript::path(u":/repro/repro_needs.py"_s, u"the needs probe"_s);
    if (!helper) {
        finish(Error{helper.error()});
        return;
    }
    if (!environment.isUsable()) {
        finish(Error{u"The environment %1 is not usable: %2"_s.arg(environment.name, environment.probeError)});
        return;
    }
    QStringList args{u"-I"_s, helper.value()};
    if (ranks > 0)
        args << u"--nproc"_s << QString::number(ranks);
    if (hangReported)
        args << u"--hang"_s;
    if (const int gpus = gpusStatedIn(issueText); gpus > 0)
        args << u"--gpus"_s << QString::number(gpus);
    ProcessSpec spec;
    spec.program = environment.interpreter;
    spec.arguments = args;
    spec.workingDirectory = QDir::tempPath(); // no local `torch/` folder may shadow the package
    spec.childSetup = [] {
        // The script is only parsed, but it is someone else's text: no file writes, bounded CPU.
        const rlimit cpu{60, 60};
        const rlimit noFiles{0, 0};
        setrlimit(RLIMIT_CPU, &cpu);
        setrlimit(RLIMIT_FSIZE, &noFiles);
    };
    spec.standardInput = code.toUtf8();
    spec.timeoutMs = m_timeoutMs;
    spec.what = u"The needs probe"_s;
    m_process = new ProcessJob(spec, this);
    connect(m_process, &ProcessJob::finished, this, [this](const Result<ProcessOutcome> &outcome) {
        if (!outcome)
            return finish(Error{outcome.error()});
        if (outcome->timedOut)
            return finish(Error{u"The needs probe took longer than %1 s and was stopped."_s.arg(m_timeoutMs / 1000)});
        if (!outcome->succeeded())
            return finish(
                Error{u"The needs probe failed (exit %1): %2"_s.arg(outcome->exitCode).arg(outcome->lastErrorLine())});
        finish(ReproNeeds::parse(outcome->standardOutput));
    });
    m_process->start();
}

void ReproNeedsProbe::finish(const Result<ReproNeeds> &needs)
{
    if (m_done)
        return;
    m_done = true;
    if (!needs)
        qCWarning(lcRepro) << "needs probe failed:" << needs.error();
    Q_EMIT finished(needs);
}

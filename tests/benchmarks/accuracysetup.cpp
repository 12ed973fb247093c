// SPDX-License-Identifier: MIT
#include "tests/benchmarks/accuracysetup.h"

#include "engine/core/issuejsonreader.h"
#include "engine/triage/rubricpack.h"
#include "tests/benchmarks/benchsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTextStream>

#include <algorithm>

using namespace Qt::StringLiterals;

QList<Issue> Bench::readIssues(const QString &path)
{
    QList<Issue> issues;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        out() << path << ": " << file.errorString() << Qt::endl;
        return issues;
    }
    int lineNumber = 0;
    for (const QByteArray &line : file.readAll().split('\n')) {
        ++lineNumber;
        if (line.trimmed().isEmpty())
            continue;
        Result<Issue> read = IssueJsonReader::fromJson(QJsonDocument::fromJson(line).object());
        if (read)
            issues.append(std::move(read).value());
        else
            out() << path << " line " << lineNumber << ": " << read.error() << Qt::endl;
    }
    return issues;
}

QList<Issue> Bench::otherIssues(const QString &path, const std::function<bool(const Issue &)> &keep)
{
    QSet<int> own;
    for (const Issue &issue : readIssues(path))
        own.insert(issue.number);
    const QFileInfo info(path);
    QList<Issue> issues;
    for (const QFileInfo &other : info.dir().entryInfoList({u"*.jsonl"_s}, QDir::Files, QDir::Name)) {
        if (other.fileName() == info.fileName())
            continue;
        for (const Issue &issue : readIssues(other.filePath())) {
            if (!own.contains(issue.number) && keep(issue)) {
                own.insert(issue.number); // an issue in two other files counts once
                issues.append(issue);
            }
        }
    }
    return issues;
}

std::unique_ptr<TriageEngine> Bench::loadEngine(const QString &profile, const QString &packPath)
{
    Result<RubricPack> pack = packPath.isEmpty() ? RubricPack::builtin(profile) : RubricPack::load(packPath);
    if (!pack) {
        out() << pack.error() << Qt::endl;
        return nullptr;
    }
    return std::make_unique<TriageEngine>(std::move(pack).value());
}

void HitRatio::add(bool right)
{
    ++total;
    hit += right ? 1 : 0;
}

QString HitRatio::text() const
{
    return total == 0 ? u"n/a (0 issues)"_s : u"%1 (%2/%3)"_s.arg(double(hit) / total, 0, 'f', 3).arg(hit).arg(total);
}

void Bench::addEvidenceCoverage(HitRatio &coverage, const TriagePlan &plan)
{
    for (const QString &label : plan.addLabels) {
        coverage.add(std::any_of(plan.evidence.cbegin(), plan.evidence.cend(),
                                 [&](const Evidence &evidence) { return evidence.label == label; }));
    }
}

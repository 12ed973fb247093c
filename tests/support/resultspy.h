// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QObject>
#include <QTest>

#include <vector>

// Records a job's finished(const Result<T> &) as QSignalSpy does its arguments; QSignalSpy's QVariant cannot
// hand a Result back (value<T>() needs a default constructor, and a Result has none).
template<typename T>
class ResultSpy final
{
public:
    template<typename Job>
    ResultSpy(Job *job, void (Job::*signal)(const Result<T> &))
    {
        QObject::connect(job, signal, &m_receiver, [this](const Result<T> &result) { m_results.push_back(result); });
    }

    // Until one has come; true when one has.
    bool wait(int timeoutMs = 5000)
    {
        return !m_results.empty() || QTest::qWaitFor([this] { return !m_results.empty(); }, timeoutMs);
    }
    qsizetype size() const { return qsizetype(m_results.size()); }
    const Result<T> &first() const { return m_results.front(); }

private:
    std::vector<Result<T>> m_results;
    QObject m_receiver; // goes first, and its connection with it
};

// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/repro/outcomeclassifier.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/reproextractor.h"
#include "engine/repro/reproneedsprobe.h"
#include "engine/repro/reproresultstore.h"
#include "engine/repro/reproscanner.h"
#include "engine/scrub/scrubactionability.h"
#include "models/repro/reprostatus.h"
#include "models/repro/reprosubject.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <optional>

class ReproOutputModel;
class ReproSeries;
class ScrubDuplicateLookup;
struct ReproSeriesSummary;

// How a series was started, for the panel's line under the output.
struct ReproRunStart
{
    PythonEnvironment environment;
    ReproExpectation expectation;
    ErrorSignature expected;
    bool variant = false;        // a variant runs, not the code as posted
    bool extraVariables = false; // the reviewer's NAME=VALUE variables are set
    bool dynamoResets = false;   // torch._dynamo.reset() between compiles was added
};
Q_DECLARE_METATYPE(ReproRunStart)

// How a series ended, beside the record runFinished() carries.
struct ReproRunEnd
{
    bool cancelled = false;
    bool sameIssue = false; // the issue it ran for is still the session's
    QString storeError;     // the record could not be stored
};
Q_DECLARE_METATYPE(ReproRunEnd)

// The Repro tab's controller, without a window: the current issue's extraction (off the GUI thread), the
// chosen candidate, its security scan and the reviewer's consent, what it needs against the chosen environment,
// the scrub's actionability gate, the run settings, the sandbox series and its live output, the classified
// record and its storing. The panel binds its widgets to it; tests drive it headless.
class ReproSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReproSession)

public:
    static constexpr int DefaultRuns = 5;
    static constexpr int DefaultTimeoutSeconds = 120;
    static constexpr int TailRows = 60; // of output kept with a stored result

    explicit ReproSession(QObject *parent = nullptr);
    ~ReproSession() override;

    // Where results are kept; without one, runs still show but nothing persists. Not owned.
    void setResultStore(ReproResultStore *store);
    bool hasResultStore() const { return m_store != nullptr; }
    void setRepository(const QString &repository) { m_repository = repository; }
    QString repository() const { return m_repository; }
    void setReviewer(const QString &reviewer) { m_reviewer = reviewer; }
    QString reviewer() const { return m_reviewer; }
    // Without bubblewrap nothing runs; found on PATH unless set.
    void setHaveBubblewrap(bool have) { m_haveBwrap = have; }
    // The store whose similarity index (#30) the scrub's duplicate check asks; empty: the text's check only.
    void setSimilarityStore(const QString &path);
    ScrubDuplicateLookup *duplicateLookup() const { return m_duplicates; }
    bool haveBubblewrap() const { return m_haveBwrap; }

    // Follows the current issue: its stored result at once (issueChanged()), its candidates extracted off the
    // GUI thread (extracted(), statusChanged()), then the chosen one scanned (scanFinished()) and its needs
    // checked (needsChecked()). A run in progress is cancelled.
    void setIssue(const Issue &issue);
    void clearIssue();
    const std::optional<Issue> &issue() const { return m_issue; }
    int issueNumber() const { return m_issue ? m_issue->number : 0; }
    ReproStatus status() const;
    bool isExtracting() const { return m_extracting; }
    const ReproExtraction &extraction() const { return m_extraction; }
    QString storeReadError() const { return m_storeReadError; }

    // Environments: discovered once (system python3, configured ones, conda) unless given.
    void discoverEnvironments();
    void setEnvironments(const QList<PythonEnvironment> &environments);
    QList<PythonEnvironment> environments() const { return m_environments; }
    bool isDiscovering() const { return m_probing; }
    int environmentIndex() const { return m_environmentIndex; }
    void setEnvironmentIndex(int index);
    const PythonEnvironment *environment() const;

    // The candidate that runs: the playbook's choice unless the reviewer picks another.
    int candidateIndex() const { return m_candidateIndex; }
    void chooseCandidate(int index);
    const ReproCandidate *candidate() const;
    bool isScanning() const { return !m_scanner.isNull(); }
    std::optional<ReproReview> review() const { return m_review; }
    QString scanError() const { return m_scanError; }
    // The reviewer's consent, for the code it was given on (another candidate withdraws it).
    void setConsent(bool consent);
    bool consented() const { return m_consent; }

    // What the candidate needs against the chosen environment; none while it is being checked.
    std::optional<ReproNeeds> needs() const { return m_needs; }
    bool isCheckingNeeds() const { return !m_needsProbe.isNull(); }
    QString needsError() const { return m_needsError; }
    // The variant offered instead of the code as posted (the CPU variant, else an assert_close check where
    // nothing else tells pass from fail): its diff, empty when none is offered.
    QString variantDiff() const;
    bool variantIsCpu() const { return m_needs && !m_needs->cpuVariant.isEmpty(); }
    // With a reported (or implied) error, crash or hang, that is the pass/fail signal, prints or not.
    bool noErrorToCompare() const;
    void setVariantChosen(bool chosen) { m_variantChosen = chosen; }
    bool variantChosen() const { return m_variantChosen; }
    bool runsVariant() const { return m_variantChosen && !variantDiff().isEmpty(); }

    // The run's settings.
    void setExpectedText(const QString &text);
    QString expectedText() const { return m_expectedText; }
    void setRuns(int runs) { m_runs = runs; }
    int runs() const { return m_runs; }
    void setTimeoutSeconds(int seconds) { m_timeoutSeconds = seconds; }
    int timeoutSeconds() const { return m_timeoutSeconds; }
    void setHashSeed(std::optional<int> seed) { m_hashSeed = seed; }
    std::optional<int> hashSeed() const { return m_hashSeed; }
    void setVariablesText(const QString &text) { m_variablesText = text; }
    QString variablesText() const { return m_variablesText; }
    // How many compiled calls torch._dynamo.reset() would go before (0: not offered).
    int dynamoResetsOffered() const;
    void setDynamoResets(bool on) { m_dynamoResets = on; }
    bool dynamoResets() const { return m_dynamoResets; }

    // The scrub's first finding (the actionability check, a recent confirmation); goOn(): run it anyway.
    ScrubGate gate() const { return m_gate; }
    bool wentOn() const { return m_wentOn; }
    void goOn();
    void updateGate();

    // Why Run is not possible now, empty when it is.
    QString blocker() const;
    // The script as Run would run it, with the reported error; none while it cannot run.
    std::optional<ReproSubject> subject() const;
    ReproExpectation expectation(const ReproSubject &subject) const;

    void run();
    void cancel();
    bool isRunning() const { return !m_series.isNull(); }
    int runsDone() const { return m_runsDone; }
    int runsTotal() const { return m_runsTotal; }
    // The record shown: the latest stored, or the run just finished.
    std::optional<ReproRunRecord> record() const { return m_record; }
    // The script's lines in the stacks a hang dumped.
    QList<int> hangLines() const { return m_hangLines; }
    ReproOutputModel *outputModel() const { return m_output; }

Q_SIGNALS:
    void issueChanged(bool sameIssue); // the issue was set (its stored record loaded) or cleared
    void extracted(bool sameIssue);
    void candidateChanged();
    void reviewChanged(); // the scan's answer (a review or an error) is in
    void scanFinished();
    void needsStarted();
    void needsChecked();
    void environmentsReady();
    void gateChanged();
    void stateChanged(); // anything blocker() reads
    void runStarted(const ReproRunStart &start);
    void runProgressed(int index, int total, const ReproOutcome &outcome);
    void runOutputStarted(int index, int total);
    void runEnded(const ReproRunRecord &record, const ReproRunEnd &end);
    // After every series (stored or not): the record as it was, or would have been, stored.
    void runFinished(const ReproRunRecord &record);
    void statusChanged(const ReproStatus &status);

private:
    void stopRun();
    void stopScan();
    void startScan();
    void startNeedsProbe();
    void onExtracted(const ReproExtraction &extraction, bool sameIssue);
    void onSeriesFinished(const Result<ReproSeriesSummary> &ended);
    QJsonObject consentRecord() const;
    QJsonObject resultOf(const ReproSeriesSummary &summary) const;

    ReproResultStore *m_store = nullptr;
    QString m_repository;
    QString m_reviewer;
    bool m_haveBwrap = false;
    std::optional<Issue> m_issue;
    QString m_storeReadError;
    ReproExtraction m_extraction;
    bool m_extracting = false;
    QPointer<QObject> m_extractWatcher; // the extraction in flight; older ones are dropped
    int m_candidateIndex = -1;
    std::optional<ReproReview> m_review;
    QString m_scanError;
    bool m_consent = false;
    QString m_consentAt;
    std::optional<ReproNeeds> m_needs;
    QString m_needsError;
    QPointer<ReproNeedsProbe> m_needsProbe;
    bool m_variantChosen = false;
    QList<int> m_hangLines;
    std::optional<ReproRunRecord> m_record;
    QList<PythonEnvironment> m_environments;
    int m_environmentIndex = -1;
    bool m_probing = false;

    QString m_expectedText;
    int m_runs = DefaultRuns;
    int m_timeoutSeconds = DefaultTimeoutSeconds;
    std::optional<int> m_hashSeed = 0;
    QString m_variablesText;
    bool m_dynamoResets = true;
    ScrubGate m_gate;
    bool m_wentOn = false;                        // the reviewer went on past the gate for this issue
    ScrubDuplicateLookup *m_duplicates = nullptr; // the index's likely duplicate, looked up off the GUI thread

    QPointer<ReproScanner> m_scanner;
    QPointer<ReproSeries> m_series;
    int m_runNumber = 0; // the issue the run in progress is for
    ReproRunRecord m_pending;
    qint64 m_runDurationMs = 0;
    Result<SandboxRunResult> m_lastRun = SandboxRunResult{};
    int m_runsDone = 0;
    int m_runsTotal = 0;
    ReproOutputModel *m_output;
};

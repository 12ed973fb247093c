// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"
#include "engine/outbox/outboxentry.h"
#include "engine/reduction/reprobisector.h"
#include "engine/reduction/reprominimizer.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/reproresultstore.h"
#include "engine/scrub/scrubactionability.h"
#include "engine/scrub/scrubreport.h"
#include "engine/triage/rubricpack.h"
#include "models/repro/reprosubject.h"

#include <QObject>
#include <QPointer>

#include <optional>

class FixingPullRequestJob;
class GitHubClient;
class ReportOutbox;

// The scrub playbook's steps after a run, without a window: for the current issue, the bisection across chosen
// environments, the minimization of the script (its best so far as it shrinks), the fixing PR looked up on
// GitHub, and the scrub report composed from all of it, which goes to a ReportOutbox for approval, never
// straight to GitHub. Another issue cancels the jobs and forgets the findings. The reduction panel binds its
// widgets to it; tests drive it headless.
class ReductionSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReductionSession)

public:
    explicit ReductionSession(QObject *parent = nullptr);
    ~ReductionSession() override;

    // The issue the findings are about; another issue cancels the jobs and forgets the findings (findingsReset()).
    void setIssue(const Issue &issue, const QString &repository);
    void clearIssue();
    const std::optional<Issue> &issue() const { return m_issue; }
    QString repository() const { return m_repository; }
    // Whether the issue has a runnable repro at all (the report says "needs reproduction" otherwise).
    void setReproFound(bool found) { m_reproFound = found; }
    void setSubject(const std::optional<ReproSubject> &subject);
    const std::optional<ReproSubject> &subject() const { return m_subject; }
    // The latest series on the current version (stored or just run), for the report; a newer one drops the
    // drafted report. Returns whether it is newer than the one before.
    bool setRecord(const std::optional<ReproRunRecord> &record);
    const std::optional<ReproRunRecord> &record() const { return m_record; }
    void setEnvironments(const QList<PythonEnvironment> &environments) { m_environments = environments; }
    QList<PythonEnvironment> environments() const { return m_environments; }
    void setReviewer(const QString &reviewer) { m_reviewer = reviewer; }
    QString reviewer() const { return m_reviewer; }
    // Whoever owns the outbox takes the report through it; not owned. Without one (or with a reason), the
    // report can be drafted but not sent.
    void setReportOutbox(ReportOutbox *outbox);
    void setOutboxUnavailableReason(const QString &reason);
    // The queue's rubric: the report's labels and the outbox's guardrails follow it (distributed without one).
    void setPack(const RubricPack &pack) { m_pack = pack; }
    void setMinimizerOptions(const MinimizerOptions &options) { m_minimizerOptions = options; }
    MinimizerOptions minimizerOptions() const { return m_minimizerOptions; }
    void setBisectorOptions(const BisectorOptions &options) { m_bisectorOptions = options; }
    // The actionability check and recent confirmation of the Repro tab; wentOn: the reviewer chose to run anyway.
    void setGate(const ScrubGate &gate, bool wentOn);
    // Not owned. With one, a report on a bug that no longer reproduces names the fixing PR from the issue's
    // timeline (its cross-references); without one, the version only.
    void setGitHubClient(GitHubClient *client) { m_client = client; }

    // Why nothing can be bisected or minimized now, empty when it can.
    QString reduceBlocker() const;
    bool isBusy() const { return !m_bisector.isNull() || !m_minimizer.isNull(); }
    void cancel();

    // Bisects across `chosen` (at least two), ordered by `package`'s version (torch when empty); where the last
    // run reproduced is the known bad point. False when it cannot start (busy, no subject, too few).
    bool startBisect(const QList<PythonEnvironment> &chosen, const QString &package, int probesPerRound);
    const std::optional<Result<BisectResult>> &bisect() const { return m_bisect; }
    int bisectRound() const { return m_bisectRound; }
    int bisectRuns() const { return m_bisectRuns; }

    // Minimizes the subject's script down to `stopLines` lines of code (0: as far as it goes).
    bool startMinimize(int stopLines);
    const std::optional<Result<MinimizeResult>> &minimize() const { return m_minimize; }
    QString minimizeOriginal() const { return m_minimizeOriginal; }
    int originalLines() const { return m_originalLines; }
    int bestLines() const { return m_bestLines; }
    int bestNonBlank() const { return m_bestNonBlank; }
    int runsUsed() const { return m_runsUsed; }
    int minimizeRound() const { return m_round; } // 0: the baseline runs
    QString minimizePass() const { return m_pass; }
    QString lastStep() const { return m_lastStep; }

    // The conditions the reviewer keeps for the report, one per line; a minimization that learnt some fills
    // them when empty (triggerConditionsChanged()).
    void setTriggerConditions(const QString &text) { m_triggerConditions = text; }
    QString triggerConditions() const { return m_triggerConditions; }
    ScrubFindings findings() const;
    // Drafts the report from the findings so far; the comment becomes the draft's (reportDrafted()).
    void composeReport();
    const std::optional<ScrubReport> &report() const { return m_report; }
    // The comment as the reviewer edited it; what goes to the outbox.
    void setComment(const QString &comment) { m_comment = comment; }
    QString comment() const { return m_comment; }
    std::optional<FixingPullRequest> fixedBy() const { return m_fixedBy; }
    QString fixNote() const { return m_fixNote; } // what the fixing PR lookup found or why it could not
    // Why the report cannot go to the outbox now, empty when it can.
    QString sendBlocker() const;
    // Puts the drafted report (drafted first when there is none), with the comment as edited, in the outbox.
    Result<OutboxEntry> sendToOutbox();

Q_SIGNALS:
    void findingsReset(); // another issue (or none): nothing found yet
    void busyChanged(bool busy);
    void bisectRoundStarted(int round, const QStringList &versions);
    void bisectProbeFinished(const BisectProbe &probe);
    void bisectFinished(const Result<BisectResult> &result);
    void minimizeProgressed(); // the round, pass or runs used changed
    void minimizeImproved(const QString &source, int lines, const QString &step);
    void minimizeFinished(const Result<MinimizeResult> &result);
    void triggerConditionsChanged(const QString &text);
    void reportDrafted();     // a new draft: its comment replaces the edited one
    void reportChanged();     // what the report shows changed (a new draft, the fixing PR's note)
    void fixLookupFinished(); // the fixing PR was looked up (found or not); the report is drafted again
    void reportSent(const OutboxEntry &entry);

private:
    void stopJobs();
    void resetFindings();
    void lookUpFix();
    void onBisectFinished(const Result<BisectResult> &result);
    void onMinimizeFinished(const Result<MinimizeResult> &result);

    std::optional<Issue> m_issue;
    std::optional<RubricPack> m_pack;
    QString m_repository;
    QString m_reviewer;
    bool m_reproFound = true;
    std::optional<ReproSubject> m_subject;
    std::optional<ReproRunRecord> m_record;
    QList<PythonEnvironment> m_environments;
    ScrubGate m_gate;
    bool m_wentOn = false;
    GitHubClient *m_client = nullptr;
    QPointer<FixingPullRequestJob> m_fixJob;
    std::optional<FixingPullRequest> m_fixedBy;
    QString m_fixNote;
    bool m_fixLookedUp = false;
    ReportOutbox *m_outbox = nullptr;
    QString m_outboxUnavailable;
    MinimizerOptions m_minimizerOptions;
    BisectorOptions m_bisectorOptions;

    QPointer<ReproBisector> m_bisector;
    QPointer<ReproMinimizer> m_minimizer;
    std::optional<Result<BisectResult>> m_bisect;
    std::optional<Result<MinimizeResult>> m_minimize;
    std::optional<ScrubReport> m_report;
    QString m_comment;
    QString m_triggerConditions;
    QString m_minimizeOriginal;
    int m_bestLines = 0;
    int m_originalLines = 0;
    int m_bestNonBlank = 0;
    int m_runsUsed = 0;
    int m_round = 0;
    QString m_pass;
    QString m_lastStep;
    int m_bisectRound = 0;
    int m_bisectRuns = 0;
};

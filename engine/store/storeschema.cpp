// SPDX-License-Identifier: MIT
#include "engine/store/storeschema.h"

using namespace Qt::StringLiterals;

namespace {

// 1: what a sync writes
QStringList syncTables()
{
    return {
        u"CREATE TABLE issues (repo TEXT NOT NULL, number INTEGER NOT NULL, node_id TEXT, title TEXT NOT NULL,"
        " body TEXT, author TEXT, author_association TEXT, state TEXT NOT NULL, url TEXT, created_at TEXT,"
        " updated_at TEXT, comment_count INTEGER NOT NULL DEFAULT 0, synced_at TEXT,"
        " PRIMARY KEY (repo, number))"_s,
        u"CREATE INDEX issues_updated ON issues (repo, updated_at)"_s,
        u"CREATE TABLE issue_labels (repo TEXT NOT NULL, number INTEGER NOT NULL, name TEXT NOT NULL COLLATE "
        u"NOCASE,"
        " position INTEGER NOT NULL, PRIMARY KEY (repo, number, name),"
        " FOREIGN KEY (repo, number) REFERENCES issues (repo, number) ON DELETE CASCADE)"_s,
        u"CREATE INDEX issue_labels_name ON issue_labels (repo, name)"_s,
        u"CREATE TABLE comments (id INTEGER PRIMARY KEY, repo TEXT NOT NULL, number INTEGER NOT NULL, author TEXT,"
        " author_association TEXT, body TEXT, created_at TEXT,"
        " FOREIGN KEY (repo, number) REFERENCES issues (repo, number) ON DELETE CASCADE)"_s,
        u"CREATE INDEX comments_issue ON comments (repo, number, created_at)"_s,
        u"CREATE TABLE queues (id INTEGER PRIMARY KEY, repo TEXT NOT NULL, labels TEXT NOT NULL, state TEXT NOT "
        u"NULL,"
        " created_at TEXT NOT NULL, UNIQUE (repo, labels, state))"_s,
        u"CREATE TABLE sync_state (queue_id INTEGER PRIMARY KEY REFERENCES queues (id) ON DELETE CASCADE,"
        " cursor TEXT, pass_mode TEXT, pass_since TEXT, pass_watermark TEXT, since TEXT, etag BLOB, etag_url TEXT,"
        " last_sync TEXT, last_full_sync TEXT)"_s,
    };
}

// 2: what review and submission will write (issue 5: decisions, outbox, journal, audit log)
QStringList reviewAndOutboxTables()
{
    return {
        u"CREATE TABLE decisions (id INTEGER PRIMARY KEY, repo TEXT NOT NULL, number INTEGER NOT NULL,"
        " plan_hash TEXT NOT NULL, plan TEXT NOT NULL, decision TEXT NOT NULL, reviewer TEXT, note TEXT,"
        " issue_updated_at TEXT, issue_etag BLOB, decided_at TEXT NOT NULL)"_s,
        u"CREATE INDEX decisions_issue ON decisions (repo, number)"_s,
        u"CREATE TABLE outbox (id INTEGER PRIMARY KEY, repo TEXT NOT NULL, number INTEGER NOT NULL,"
        " plan_hash TEXT NOT NULL UNIQUE, labels_add TEXT NOT NULL DEFAULT '[]', comment TEXT, close_reason TEXT,"
        " seen_updated_at TEXT, seen_etag BLOB, status TEXT NOT NULL DEFAULT 'ready', outcome TEXT,"
        " created_at TEXT NOT NULL, updated_at TEXT NOT NULL)"_s,
        u"CREATE INDEX outbox_status ON outbox (status)"_s,
        u"CREATE TABLE journal (id INTEGER PRIMARY KEY, outbox_id INTEGER NOT NULL REFERENCES outbox (id),"
        " step TEXT NOT NULL, phase TEXT NOT NULL, detail TEXT, at TEXT NOT NULL)"_s,
        u"CREATE INDEX journal_outbox ON journal (outbox_id)"_s,
        u"CREATE TABLE audit_log (id INTEGER PRIMARY KEY, at TEXT NOT NULL, login TEXT, repo TEXT, number INTEGER,"
        " action TEXT NOT NULL, request TEXT, response_status INTEGER, response TEXT)"_s,
    };
}

// 3: full passes prune issues that left a queue, so a pass remembers when it began
QStringList passStart()
{
    return {
        u"ALTER TABLE sync_state ADD COLUMN pass_started TEXT"_s,
    };
}

// 4: what the outbox compares before writing, and repro runs kept with their issue
QStringList outboxChecksAndReproRuns()
{
    return {
        u"ALTER TABLE outbox ADD COLUMN decision_id INTEGER"_s,
        u"ALTER TABLE outbox ADD COLUMN reviewer TEXT"_s,
        u"ALTER TABLE outbox ADD COLUMN seen_labels TEXT NOT NULL DEFAULT '[]'"_s,
        u"ALTER TABLE outbox ADD COLUMN seen_state TEXT"_s,
        u"ALTER TABLE outbox ADD COLUMN seen_comment_count INTEGER"_s,
        u"ALTER TABLE outbox ADD COLUMN selected INTEGER NOT NULL DEFAULT 1"_s,
        u"CREATE TABLE repro_runs (id INTEGER PRIMARY KEY, repo TEXT NOT NULL, number INTEGER NOT NULL,"
        " code_hash TEXT NOT NULL, candidate TEXT, environment TEXT, python_version TEXT, torch_version TEXT,"
        " outcome TEXT NOT NULL, runs INTEGER NOT NULL DEFAULT 1, failures INTEGER NOT NULL DEFAULT 0,"
        " expected TEXT, consent TEXT, result TEXT, output_tail TEXT, started_at TEXT NOT NULL,"
        " finished_at TEXT)"_s,
        u"CREATE INDEX repro_runs_issue ON repro_runs (repo, number, started_at)"_s,
        // the outbox's plan, outcome details and last read (conditional re-reads after a restart)
        u"ALTER TABLE outbox ADD COLUMN plan TEXT"_s,
        u"ALTER TABLE outbox ADD COLUMN violations TEXT NOT NULL DEFAULT '[]'"_s,
        u"ALTER TABLE outbox ADD COLUMN change TEXT"_s,
        u"ALTER TABLE outbox ADD COLUMN comment_id INTEGER"_s,
        u"ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0"_s,
        u"ALTER TABLE outbox ADD COLUMN read_etag BLOB"_s,
        u"ALTER TABLE outbox ADD COLUMN read_snapshot TEXT"_s,
    };
}

// 5: what the scoreboard measures a decision against: the engine's own suggestion, the pack that made it
// and the labels the issue carried when the reviewer looked
QStringList scoreboardMeasures()
{
    return {
        u"ALTER TABLE decisions ADD COLUMN suggestion TEXT"_s,
        u"ALTER TABLE decisions ADD COLUMN pack_version TEXT"_s,
        u"ALTER TABLE decisions ADD COLUMN pack_source TEXT"_s,
        u"ALTER TABLE decisions ADD COLUMN seen_labels TEXT"_s,
        // the fields the scoreboard measures, so that reading 20,000 decisions parses no plan JSON
        u"ALTER TABLE decisions ADD COLUMN measured TEXT"_s,
    };
}

// 6: how many people an issue touches (reactions, 👍, linked duplicates: `triage review`) and its
// assignees (JSON; NULL: the source did not say), for the scrub's "old and unassigned"
QStringList issueReach()
{
    return {
        u"ALTER TABLE issues ADD COLUMN reaction_count INTEGER NOT NULL DEFAULT 0"_s,
        u"ALTER TABLE issues ADD COLUMN thumbs_up_count INTEGER NOT NULL DEFAULT 0"_s,
        u"ALTER TABLE issues ADD COLUMN duplicate_count INTEGER NOT NULL DEFAULT 0"_s,
        u"ALTER TABLE issues ADD COLUMN assignees TEXT"_s,
    };
}

} // namespace

const QList<QStringList> &StoreSchema::steps()
{
    static const QList<QStringList> steps = {syncTables(),         reviewAndOutboxTables(),
                                             passStart(),          outboxChecksAndReproRuns(),
                                             scoreboardMeasures(), issueReach()};
    return steps;
}

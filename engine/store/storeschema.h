// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QStringList>

// The store file's schema, step by step: step N (steps().at(N - 1)) brings user_version N - 1 to N. Each step is a
// function named after what it adds. Never edit a released step: add one (and raise IssueStore::SchemaVersion).
// The tables one store keeps to itself (snoozes, repository labels, outbox settings, the similarity index) are
// created by that store when it opens (StoreConnection::OwnTables).
namespace StoreSchema {

// "TrCo": marks a SQLite file as a Triage Console store (PRAGMA application_id).
constexpr int ApplicationId = 0x5472436f;

const QList<QStringList> &steps();

} // namespace StoreSchema

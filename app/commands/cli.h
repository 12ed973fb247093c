// SPDX-License-Identifier: MIT
#pragma once

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <memory>

// What every headless command writes the same way: its messages on stderr, headed "triage-console COMMAND:", and
// its JSON on stdout.
namespace Cli {

// "triage-console COMMAND: MESSAGE" (without a command: "triage-console: MESSAGE") on stderr.
void complain(const QString &command, const QString &message);
// The same, for a command that ends with `code`; returns it.
int fail(const QString &command, const QString &message, int code = 1);

// One JSON document on stdout: Indented, or Compact as one line of JSON Lines.
void print(const QJsonObject &object, QJsonDocument::JsonFormat format = QJsonDocument::Indented);
void print(const QJsonArray &array, QJsonDocument::JsonFormat format = QJsonDocument::Indented);

// A parser with the command's description and --help.
std::unique_ptr<QCommandLineParser> parser(const QString &description);

} // namespace Cli

// SPDX-License-Identifier: MIT
#include "app/commands/cli.h"

#include <QTextStream>

void Cli::complain(const QString &command, const QString &message)
{
    QTextStream err(stderr);
    err << "triage-console";
    if (!command.isEmpty())
        err << ' ' << command;
    err << ": " << message << Qt::endl;
}

int Cli::fail(const QString &command, const QString &message, int code)
{
    complain(command, message);
    return code;
}

namespace {

void printDocument(const QJsonDocument &document, QJsonDocument::JsonFormat format)
{
    QTextStream out(stdout);
    out << document.toJson(format);
    // Indented JSON ends with a newline; a compact line is given one.
    if (format == QJsonDocument::Compact)
        out << Qt::endl;
}

} // namespace

void Cli::print(const QJsonObject &object, QJsonDocument::JsonFormat format)
{
    printDocument(QJsonDocument(object), format);
}

void Cli::print(const QJsonArray &array, QJsonDocument::JsonFormat format)
{
    printDocument(QJsonDocument(array), format);
}

std::unique_ptr<QCommandLineParser> Cli::parser(const QString &description)
{
    auto parser = std::make_unique<QCommandLineParser>();
    parser->setApplicationDescription(description);
    parser->addHelpOption();
    return parser;
}

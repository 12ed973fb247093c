// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>

// A label as the repository defines it on GitHub (GET /repos/{owner}/{repo}/labels).
struct RepositoryLabel
{
    QString name;
    QString color; // six hex digits without '#', as GitHub gives it ("d73a4a"); may be empty
    QString description;

    bool operator==(const RepositoryLabel &) const = default;
};

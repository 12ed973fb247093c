// SPDX-License-Identifier: MIT
#pragma once

#include <QLabel>
#include <QPointer>

class GitHubClient;

// The status bar's word on the token: which host it is for and where it came from ("Token for github.com:
// GH_TOKEN"), or that there is none. Hidden until the client has been given one (or told there is none).
class TokenStatusLabel final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenStatusLabel)

public:
    explicit TokenStatusLabel(QWidget *parent = nullptr);

    void setClient(GitHubClient *client);

    // "GitHub.com", "GHE.com tenant", "GitHub Enterprise Server", … for a host name.
    static QString hostKind(const QString &host);
    // Where a token came from, as a sentence part: "the keyring", "the GH_TOKEN environment variable", …
    static QString sourceText(const QString &source);
    // What a gh user can do when a host has no token.
    static QString howToAdd(const QString &host);

private:
    void refresh();

    QPointer<GitHubClient> m_client;
};

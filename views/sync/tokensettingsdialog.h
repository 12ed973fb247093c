// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>
#include <QPointer>

class GitHubClient;
class GitHubRequestJob;
class QLabel;
class QLineEdit;
class QPushButton;
class TokenStore;

// Adds, tests (GET /user: login and scopes) and removes the GitHub token of the client's host. The token
// goes to the TokenStore only; QSettings keeps the login (github/<host>/login), never the token.
class TokenSettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenSettingsDialog)

public:
    TokenSettingsDialog(GitHubClient *client, TokenStore *store, QWidget *parent = nullptr);
    ~TokenSettingsDialog() override;

    static QString loginSettingsKey(const QString &host);
    QString statusText() const;
    // Which host the token in use is for and where it came from (keyring, which variable, gh), or none.
    QString tokenInUseText() const;
    QString login() const { return m_login; }

public Q_SLOTS:
    void testToken();
    void saveToken();
    void removeToken();

Q_SIGNALS:
    // A test, save or removal finished; ok tells whether it worked.
    void operationFinished(bool ok);
    void tokenChanged();

private:
    void runTest(bool thenSave);
    void setStatus(const QString &text, bool error);
    void setBusy(bool busy);
    QString host() const;
    void showTokenInUse();

    GitHubClient *m_client;
    QPointer<TokenStore> m_store;
    QPointer<GitHubRequestJob> m_job;
    QLineEdit *m_tokenEdit;
    QLabel *m_storedLabel;
    QLabel *m_sourceLabel;
    QLabel *m_status;
    QPushButton *m_testButton;
    QPushButton *m_saveButton;
    QPushButton *m_removeButton;
    QString m_login;
};

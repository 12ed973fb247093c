// SPDX-License-Identifier: MIT
#pragma once

#include "app/keychain/keychaintokenstore.h"
#include "app/keychain/keyringmigrationtokenstore.h"
#include "engine/core/result.h"
#include "engine/github/tokenresolver.h"

#include <QProcessEnvironment>
#include <QString>

#include <functional>
#include <optional>

class QObject;

// How every command (the headless ones and the window) finds the GitHub token for one host: the keyring (the
// current service, then the old one, whose token it moves), the variables gh reads for that kind of host, then gh's
// login for it — TokenResolver's order and host rules. It owns the keyring stores, which live as long as it does: the
// window's session keeps keyring() for the token dialog.
class CommandTokenLookup final
{
    Q_DISABLE_COPY_MOVE(CommandTokenLookup)

public:
    using Callback = std::function<void(const Result<ResolvedToken> &token)>;

    CommandTokenLookup() = default;

    // The keyring as the commands read it; writes go to the current service, removals clear both.
    TokenStore *keyring() { return &m_keyring; }

    // Where variables, PATH and GH_PATH come from. Default: the process's environment.
    void setEnvironment(const QProcessEnvironment &environment) { m_environment = environment; }

    // Looks up the token for `host` (TokenStore::hostFor(apiUrl)). login: whose keyring entry; none given: the login
    // the settings keep for the host (github/HOST/login). Without useKeyring the keyring is not asked. `done` runs
    // once, in context's thread, never once context is gone, and never before this returns: with a token issued for
    // `host` and for no other host (an empty token when no source had one), or an error only when the lookup was
    // cancelled. Returns the running lookup, which deletes itself after it ends (to cancel it, or to wait for it).
    TokenResolver *resolve(const QString &host, const std::optional<QString> &login, bool useKeyring, QObject *context,
                           Callback done);

    // The login the settings keep for `host`, the one the token dialog saved; empty when none.
    static QString savedLogin(const QString &host);
    // Where resolve() looks for `host`, for a message that none was found: "keyring, GH_TOKEN, GITHUB_TOKEN, gh auth
    // token --hostname github.com".
    static QString sourcesFor(const QString &host);

private:
    KeychainTokenStore m_current;
    KeyringMigrationTokenStore m_keyring{&m_current}; // finds tokens stored under the old service
    std::optional<QProcessEnvironment> m_environment;
};

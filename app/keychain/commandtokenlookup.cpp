// SPDX-License-Identifier: MIT
#include "app/keychain/commandtokenlookup.h"

#include "engine/github/githubhost.h"

#include <QSettings>

using namespace Qt::StringLiterals;

TokenResolver *CommandTokenLookup::resolve(const QString &host, const std::optional<QString> &login, bool useKeyring,
                                           QObject *context, Callback done)
{
    auto *resolver = new TokenResolver(useKeyring ? &m_keyring : nullptr);
    if (m_environment)
        resolver->setEnvironment(*m_environment);
    // The resolver looks up by the host's name as gh writes it; a token it hands back for any other name does not
    // go on (it never does: this keeps the rule where the token leaves the lookup).
    QObject::connect(
        resolver, &TokenResolver::finished, context,
        [asked = GitHubHost::fromName(host).name(), done = std::move(done)](const Result<ResolvedToken> &found) {
            if (found && found->host != asked)
                done(ResolvedToken{QString(), QString(), asked});
            else
                done(found);
        });
    resolver->resolve(host, login ? *login : savedLogin(host));
    return resolver;
}

QString CommandTokenLookup::savedLogin(const QString &host)
{
    return QSettings().value(u"github/%1/login"_s.arg(host)).toString();
}

QString CommandTokenLookup::sourcesFor(const QString &host)
{
    return u"keyring, %2, gh auth token --hostname %1"_s.arg(host,
                                                             GitHubHost::fromName(host).tokenVariables().join(u", "_s));
}

// SPDX-License-Identifier: MIT
#include "views/sync/tokensettingsdialog.h"

#include "engine/github/githubclient.h"
#include "engine/github/githubhost.h"
#include "engine/github/githubrequestjob.h"
#include "engine/github/tokenstore.h"
#include "views/common/apppalette.h"
#include "views/sync/tokenstatuslabel.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

TokenSettingsDialog::TokenSettingsDialog(GitHubClient *client, TokenStore *store, QWidget *parent)
    : QDialog(parent)
    , m_client(client)
    , m_store(store)
    , m_tokenEdit(new QLineEdit(this))
    , m_storedLabel(new QLabel(this))
    , m_sourceLabel(new QLabel(this))
    , m_status(new QLabel(this))
    , m_testButton(new QPushButton(tr("&Test"), this))
    , m_saveButton(new QPushButton(tr("&Save to Keyring"), this))
    , m_removeButton(new QPushButton(tr("&Remove"), this))
{
    setWindowTitle(tr("GitHub Token"));
    m_tokenEdit->setObjectName(u"tokenEdit"_s);
    m_tokenEdit->setEchoMode(QLineEdit::Password);
    m_tokenEdit->setPlaceholderText(tr("ghp_… or github_pat_…"));
    m_storedLabel->setObjectName(u"storedLogin"_s);
    m_sourceLabel->setObjectName(u"tokenInUse"_s);
    m_sourceLabel->setWordWrap(true);
    m_sourceLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setObjectName(u"tokenStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_testButton->setObjectName(u"testButton"_s);
    m_saveButton->setObjectName(u"saveButton"_s);
    m_removeButton->setObjectName(u"removeButton"_s);

    m_login = QSettings().value(loginSettingsKey(host())).toString();
    m_storedLabel->setText(m_login.isEmpty() ? tr("Keyring: no token saved for %1.").arg(host())
                                             : tr("Keyring: a token saved for %1 as %2.").arg(host(), m_login));
    m_removeButton->setEnabled(!m_login.isEmpty());

    auto *form = new QFormLayout;
    auto *hostLabel = new QLabel(tr("%1 (%2)").arg(host(), TokenStatusLabel::hostKind(host())), this);
    hostLabel->setObjectName(u"tokenHost"_s);
    form->addRow(tr("Host:"), hostLabel);
    form->addRow(tr("In use:"), m_sourceLabel);
    form->addRow(tr("&Token:"), m_tokenEdit);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_testButton);
    actions->addWidget(m_saveButton);
    actions->addStretch(1);
    actions->addWidget(m_removeButton);
    auto *close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_storedLabel);
    layout->addLayout(form);
    layout->addLayout(actions);
    layout->addWidget(m_status);
    layout->addStretch(1);
    layout->addWidget(close);

    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_testButton, &QPushButton::clicked, this, &TokenSettingsDialog::testToken);
    connect(m_saveButton, &QPushButton::clicked, this, &TokenSettingsDialog::saveToken);
    connect(m_removeButton, &QPushButton::clicked, this, &TokenSettingsDialog::removeToken);
    connect(m_tokenEdit, &QLineEdit::textChanged, this, [this] { setBusy(false); });
    connect(m_client, &GitHubClient::tokenChanged, this, &TokenSettingsDialog::showTokenInUse);
    showTokenInUse();
    setBusy(false);
    resize(520, 280);
}

TokenSettingsDialog::~TokenSettingsDialog()
{
    if (m_job)
        m_job->cancel();
}

QString TokenSettingsDialog::loginSettingsKey(const QString &host)
{
    return u"github/%1/login"_s.arg(host);
}

QString TokenSettingsDialog::statusText() const
{
    return m_status->text();
}

QString TokenSettingsDialog::host() const
{
    return TokenStore::hostFor(m_client->apiUrl());
}

QString TokenSettingsDialog::tokenInUseText() const
{
    return m_sourceLabel->text();
}

void TokenSettingsDialog::showTokenInUse()
{
    if (!m_client->hasToken()) {
        m_sourceLabel->setText(tr("None for %1. Save one below, set %2, or sign in with gh auth login --hostname %1.")
                                   .arg(host(), GitHubHost::fromName(host()).tokenVariables().join(tr(" or "))));
        return;
    }
    const QString source = m_client->tokenSource();
    QString text = tr("A token for %1 from %2.").arg(host(), TokenStatusLabel::sourceText(source));
    if (source == u"keyring"_s && !m_login.isEmpty())
        text = tr("A token for %1 from the keyring, saved as %2.").arg(host(), m_login);
    m_sourceLabel->setText(text + u' ' + tr("It is sent to %1 only.").arg(host()));
}

void TokenSettingsDialog::setStatus(const QString &text, bool error)
{
    QPalette palette = this->palette();
    if (error)
        palette.setColor(QPalette::WindowText, AppPalette::toneText(palette, Tone::Problem));
    m_status->setPalette(palette);
    m_status->setText(text);
}

void TokenSettingsDialog::setBusy(bool busy)
{
    const bool hasToken = !m_tokenEdit->text().trimmed().isEmpty();
    m_testButton->setEnabled(!busy && hasToken);
    m_saveButton->setEnabled(!busy && hasToken && m_store);
    m_removeButton->setEnabled(!busy && !m_login.isEmpty() && m_store);
}

void TokenSettingsDialog::testToken()
{
    runTest(false);
}

void TokenSettingsDialog::saveToken()
{
    runTest(true);
}

void TokenSettingsDialog::runTest(bool thenSave)
{
    const QString token = m_tokenEdit->text().trimmed();
    if (token.isEmpty() || m_job)
        return;
    setBusy(true);
    setStatus(tr("Asking %1 who this token belongs to…").arg(host()), false);
    // The request carries the token being tested; the client keeps its own.
    m_job = m_client->getWithToken(m_client->restUrl(u"/user"_s), token);
    connect(m_job, &GitHubRequestJob::finished, this, [this, token, thenSave](const Result<GitHubResponse> &result) {
        m_job = nullptr;
        if (!result) {
            setBusy(false);
            setStatus(tr("The token does not work: %1").arg(result.error()), true);
            Q_EMIT operationFinished(false);
            return;
        }
        const QString login = result->json.object().value(u"login"_s).toString();
        const QString scopes = QString::fromUtf8(result->oauthScopes).trimmed();
        if (login.isEmpty()) {
            setBusy(false);
            setStatus(tr("GitHub answered without a login."), true);
            Q_EMIT operationFinished(false);
            return;
        }
        const QString who = scopes.isEmpty()
                                ? tr("Works: signed in as %1 (fine-grained token; no classic scopes).").arg(login)
                                : tr("Works: signed in as %1 · scopes: %2").arg(login, scopes);
        if (!thenSave || !m_store) {
            setBusy(false);
            setStatus(who, false);
            Q_EMIT operationFinished(true);
            return;
        }
        m_store->writeToken(host(), login, token, this, [this, login, token, who](const Result<bool> &written) {
            if (!written) {
                setBusy(false);
                setStatus(tr("Not saved: %1").arg(written.error()), true);
                Q_EMIT operationFinished(false);
                return;
            }
            m_login = login;
            QSettings().setValue(loginSettingsKey(host()), login);
            m_client->setToken(token, u"keyring"_s);
            m_tokenEdit->clear();
            m_storedLabel->setText(tr("Keyring: a token saved for %1 as %2.").arg(host(), m_login));
            setBusy(false);
            setStatus(tr("%1 Saved to the keyring.").arg(who), false);
            Q_EMIT tokenChanged();
            Q_EMIT operationFinished(true);
        });
    });
}

void TokenSettingsDialog::removeToken()
{
    if (m_login.isEmpty() || !m_store)
        return;
    setBusy(true);
    m_store->deleteToken(host(), m_login, this, [this](const Result<bool> &deleted) {
        if (!deleted) {
            setBusy(false);
            setStatus(tr("Not removed: %1").arg(deleted.error()), true);
            Q_EMIT operationFinished(false);
            return;
        }
        QSettings().remove(loginSettingsKey(host()));
        m_login.clear();
        // A token from a variable or gh stays in use: only the keyring's goes.
        const QString source = m_client->tokenSource();
        if (source == u"keyring"_s || source.isEmpty())
            m_client->setToken({});
        m_storedLabel->setText(tr("Keyring: no token saved for %1.").arg(host()));
        showTokenInUse();
        setBusy(false);
        setStatus(tr("Removed from the keyring."), false);
        Q_EMIT tokenChanged();
        Q_EMIT operationFinished(true);
    });
}

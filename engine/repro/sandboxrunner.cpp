// SPDX-License-Identifier: MIT
#include "engine/repro/sandboxrunner.h"
#include "engine/repro/reproscanner.h" // lcRepro

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QThread>

#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

const QString SandboxTmp = u"/tmp"_s;

bool isSystemPath(const QString &path)
{
    static const QStringList system = {u"/"_s,    u"/usr"_s, u"/etc"_s,  u"/bin"_s, u"/sbin"_s, u"/lib"_s, u"/lib64"_s,
                                       u"/opt"_s, u"/nix"_s, u"/proc"_s, u"/dev"_s, u"/sys"_s,  u"/var"_s, u"/tmp"_s};
    for (const QString &s : system) {
        if (path == s || (s != u"/"_s && path.startsWith(s + u'/') && s != u"/var"_s && s != u"/tmp"_s))
            return true;
    }
    return false;
}

bool isUnder(const QString &path, const QString &folder)
{
    return path == folder || path.startsWith(folder + u'/');
}

// Each root-started run gets its own unprivileged uid, so RLIMIT_NPROC counts only that run's processes.
int nextSandboxUid()
{
    static std::atomic<int> counter{0};
    return 200000 + ((getpid() % 4000) * 16) + (counter++ % 16);
}

QString limitsArgument(const char *name, qint64 value)
{
    return u"--%1=%2"_s.arg(QLatin1StringView(name)).arg(value);
}

} // namespace

SandboxRunner::SandboxRunner(QObject *parent)
    : QObject(parent)
{
    m_sampleTimer.setInterval(100);
    connect(&m_sampleTimer, &QTimer::timeout, this, &SandboxRunner::sampleStates);
}

void SandboxRunner::sampleStates()
{
    if (!m_job || m_job->processId() <= 0)
        return;
    // The sandbox's processes: bwrap's descendants, from /proc/PID/stat (pid, (comm), state, ppid).
    QMap<qint64, qint64> parentOf;
    QMap<qint64, QChar> stateOf;
    const QStringList entries = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (!ok)
            continue;
        QFile stat(u"/proc/%1/stat"_s.arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const qsizetype close = line.lastIndexOf(')');
        if (close < 0)
            continue;
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        if (fields.size() < 2)
            continue;
        stateOf.insert(pid, QChar::fromLatin1(fields.at(0).isEmpty() ? '?' : fields.at(0).at(0)));
        parentOf.insert(pid, fields.at(1).toLongLong());
    }
    const qint64 root = m_job->processId();
    ++m_samples;
    for (auto it = parentOf.cbegin(); it != parentOf.cend(); ++it) {
        qint64 p = it.value();
        for (int depth = 0; p > 1 && p != root && depth < 64; ++depth)
            p = parentOf.value(p, 0);
        if (p == root && stateOf.value(it.key()) == u'R')
            m_runnableSamples[it.key()] += 1;
    }
}

SandboxRunner::~SandboxRunner()
{
    if (m_job) {
        m_job->disconnect(this);
        delete m_job.data(); // killed and reaped before the work dir is removed
    }
    closeStatusPipe();
}

QString SandboxRunner::workDir() const
{
    return m_dir ? m_dir->filePath(u"work"_s) : QString();
}

QStringList SandboxRunner::defaultHiddenPaths()
{
    QStringList paths = {u"/home"_s, u"/root"_s, u"/run"_s, u"/var/tmp"_s, u"/mnt"_s, u"/media"_s, u"/srv"_s};
    const QString home = QDir::cleanPath(QDir::homePath());
    if (!isSystemPath(home))
        paths << home;
    const QString cwd = QDir::cleanPath(QDir::currentPath());
    if (!isSystemPath(cwd))
        paths << cwd;
    return paths;
}

QString SandboxRunner::scriptNameOf(const SandboxRequest &request)
{
    if (!request.scriptName.isEmpty())
        return request.scriptName;
    if (!request.scriptPath.isEmpty())
        return QFileInfo(request.scriptPath).fileName();
    return u"repro.py"_s;
}

QString SandboxRunner::userNameFor(int uid)
{
    if (geteuid() != 0) {
        if (const passwd *pw = ::getpwuid(uid); pw && pw->pw_name && *pw->pw_name)
            return QString::fromLocal8Bit(pw->pw_name);
    }
    return u"repro"_s;
}

QStringList SandboxRunner::buildCommand(const SandboxRequest &request, const QString &workDir, int statusFd, int uid)
{
    const bool asRoot = geteuid() == 0;
    if (uid < 0)
        uid = asRoot ? nextSandboxUid() : int(getuid());
    QStringList args;
    // Unprivileged: a user namespace and everything else. As root there is no user namespace to be had in
    // many containers, and we drop privileges inside instead.
    if (asRoot)
        args << u"--unshare-net"_s << u"--unshare-pid"_s << u"--unshare-ipc"_s << u"--unshare-uts"_s
             << u"--unshare-cgroup-try"_s;
    else
        args << u"--unshare-all"_s;
    args << u"--die-with-parent"_s << u"--new-session"_s;
    args << u"--ro-bind"_s << u"/"_s << u"/"_s << u"--dev"_s << u"/dev"_s << u"--proc"_s << u"/proc"_s;
    // multiprocessing's locks, queues and events are POSIX semaphores in /dev/shm: writable for the run.
    args << u"--perms"_s << u"01777"_s << u"--tmpfs"_s << u"/dev/shm"_s;
    // NVIDIA GPUs, when the host has them: the device nodes into the fresh /dev (the driver's libraries are
    // already visible through the read-only root). Still no network. Not exercised on a machine without GPUs.
    for (const QFileInfo &node :
         QDir(u"/dev"_s).entryInfoList({u"nvidia*"_s}, QDir::System | QDir::Dirs | QDir::NoDotAndDotDot)) {
        args << u"--dev-bind"_s << node.absoluteFilePath() << node.absoluteFilePath();
    }

    QStringList hidden = defaultHiddenPaths() + request.hiddenPaths;
    for (QString &p : hidden)
        p = QDir::cleanPath(p);
    hidden.removeDuplicates();
    std::sort(hidden.begin(), hidden.end(), [](const QString &a, const QString &b) { return a.size() < b.size(); });
    QStringList mounted;
    for (const QString &path : std::as_const(hidden)) {
        if (path == SandboxTmp || !QFileInfo(path).isDir() || QFileInfo(path).isSymLink())
            continue;
        if (std::any_of(mounted.cbegin(), mounted.cend(), [&](const QString &m) { return isUnder(path, m); }))
            continue; // already under an empty tmpfs
        args << u"--tmpfs"_s << path;
        mounted << path;
    }
    // An environment that lives under a hidden folder (a conda install in $HOME) is bound back, read-only.
    QStringList envPaths;
    const PythonEnvironment &env = request.environment;
    if (!env.prefix.isEmpty())
        envPaths << QDir::cleanPath(env.prefix);
    if (!env.interpreter.isEmpty()) {
        const QFileInfo real(QFileInfo(env.interpreter).canonicalFilePath());
        envPaths << QDir::cleanPath(real.absolutePath() + u"/.."_s);
    }
    envPaths.removeDuplicates();
    // Folders between the covering mount and the environment are made traversable (0755) for the sandbox
    // uid; bwrap would otherwise copy the host's (often 0700) modes.
    auto bindBack = [&args](const QString &path, const QString &mount) {
        const QStringList parts = path.mid(mount.size() + 1).split(u'/', Qt::SkipEmptyParts);
        QString dir = mount;
        for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
            dir += u'/' + parts.at(i);
            args << u"--perms"_s << u"0755"_s << u"--dir"_s << dir;
        }
        args << u"--ro-bind"_s << path << path;
    };
    for (const QString &path : std::as_const(envPaths)) {
        const auto cover =
            std::find_if(mounted.cbegin(), mounted.cend(), [&](const QString &m) { return isUnder(path, m); });
        if (cover != mounted.cend())
            bindBack(path, *cover);
    }
    args << u"--bind"_s << workDir << SandboxTmp;
    // getpass.getuser() (inductor's cache dir, among others) needs a passwd entry or USER for the run's uid.
    const QString identityDir = QFileInfo(workDir).path();
    for (const QString &name : {u"passwd"_s, u"group"_s}) {
        if (QFileInfo::exists(identityDir + u'/' + name))
            args << u"--ro-bind"_s << identityDir + u'/' + name << u"/etc/"_s + name;
    }
    // An environment under the host's /tmp would be covered by the work dir; bind it back over it.
    for (const QString &path : std::as_const(envPaths)) {
        if (isUnder(path, SandboxTmp) && path != SandboxTmp)
            bindBack(path, SandboxTmp);
    }
    args << u"--chdir"_s << SandboxTmp;

    QMap<QString, QString> vars;
    QString path = u"/usr/local/bin:/usr/bin:/bin"_s;
    if (!env.prefix.isEmpty())
        path = env.prefix + u"/bin:"_s + path;
    vars.insert(u"PATH"_s, path);
    vars.insert(u"HOME"_s, SandboxTmp);
    const QString user = userNameFor(uid);
    vars.insert(u"USER"_s, user);
    vars.insert(u"LOGNAME"_s, user);
    // Compilers' caches in the work dir: the rest of the file system is read-only in here.
    vars.insert(u"XDG_CACHE_HOME"_s, SandboxTmp + u"/.cache"_s);
    vars.insert(u"TORCHINDUCTOR_CACHE_DIR"_s, SandboxTmp + u"/.cache/torchinductor"_s);
    vars.insert(u"TRITON_CACHE_DIR"_s, SandboxTmp + u"/.cache/triton"_s);
    // Every Python process dumps its stacks shortly before our kill (resources/repro/sitecustomize.py).
    vars.insert(u"PYTHONPATH"_s, SandboxTmp + u"/.tc_site"_s);
    vars.insert(u"TC_DEADLINE"_s,
                QString::number(QDateTime::currentSecsSinceEpoch() + request.limits.timeoutMs / 1000));
    vars.insert(u"TMPDIR"_s, SandboxTmp);
    vars.insert(u"LANG"_s, u"C.UTF-8"_s);
    vars.insert(u"PYTHONUNBUFFERED"_s, u"1"_s);
    vars.insert(u"PYTHONDONTWRITEBYTECODE"_s, u"1"_s);
    vars.insert(u"MPLBACKEND"_s, u"Agg"_s);
    // Debian's torch has no libuv; without this, init_process_group refuses the TCP store.
    vars.insert(u"USE_LIBUV"_s, u"0"_s);
    vars.insert(u"GLOO_SOCKET_IFNAME"_s, u"lo"_s);
    if (env.kind == PythonEnvironment::Kind::Conda)
        vars.insert(u"CONDA_PREFIX"_s, env.prefix);
    else if (env.kind == PythonEnvironment::Kind::Virtualenv)
        vars.insert(u"VIRTUAL_ENV"_s, env.prefix);
    if (request.hashSeed)
        vars.insert(u"PYTHONHASHSEED"_s, QString::number(*request.hashSeed));
    for (auto it = request.extraEnvironment.cbegin(); it != request.extraEnvironment.cend(); ++it)
        vars.insert(it.key(), it.value());
    args << u"--clearenv"_s;
    for (auto it = vars.cbegin(); it != vars.cend(); ++it)
        args << u"--setenv"_s << it.key() << it.value();

    if (asRoot)
        args << u"--cap-add"_s << u"CAP_SETUID"_s << u"--cap-add"_s << u"CAP_SETGID"_s;
    if (statusFd >= 0)
        args << u"--json-status-fd"_s << QString::number(statusFd);
    args << u"--"_s;

    if (asRoot) {
        args << u"setpriv"_s << u"--reuid=%1"_s.arg(uid) << u"--regid=%1"_s.arg(uid) << u"--clear-groups"_s
             << u"--inh-caps=-all"_s << u"--bounding-set=-all"_s << u"--no-new-privs"_s;
    }
    const SandboxLimits &limits = request.limits;
    const int cpu = limits.cpuSeconds > 0
                        ? limits.cpuSeconds
                        : std::max(30, (limits.timeoutMs / 1000 + 5) * std::max(1, QThread::idealThreadCount()));
    args << u"prlimit"_s << limitsArgument("as", limits.memoryBytes) << limitsArgument("nproc", limits.processes)
         << limitsArgument("fsize", limits.fileSizeBytes) << limitsArgument("cpu", cpu) << u"--core=0"_s << u"--"_s;

    args << (env.interpreter.isEmpty() ? u"python3"_s : env.interpreter) << u"-X"_s << u"faulthandler"_s;
    const QString script = SandboxTmp + u'/' + scriptNameOf(request);
    if (!request.launcher.isEmpty()) {
        QStringList rest = request.launcher.mid(1);
        if (rest.size() >= 2 && rest.at(0) == u"-m"_s)
            rest = rest.mid(2); // python -m torch.distributed.run|launch …
        // torchrun's own options (--nproc_per_node, --standalone, …) go to torchrun; ours only needs the count.
        args << RankLauncher::arguments(request.rankMode, std::max(1, RankLauncher::ranksOf(rest)),
                                        SandboxTmp + u'/' + RankLauncher::helperName(), script, request.scriptArguments,
                                        rest);
        return args;
    }
    args << script << request.scriptArguments;
    return args;
}

void SandboxRunner::start(const SandboxRequest &request)
{
    m_request = request;
    m_result = {};
    m_result.environmentName = request.environment.name;
    m_result.pythonVersion = request.environment.pythonVersion;
    m_result.torchVersion = request.environment.torchVersion;
    m_result.timeoutMs = request.limits.timeoutMs;
    m_clock.start();

    const QString bwrap = QStandardPaths::findExecutable(u"bwrap"_s);
    if (bwrap.isEmpty()) {
        finishLater(Error::failed(tr("bubblewrap (bwrap) is not installed; repros only run inside it.")));
        return;
    }
    for (const QString &tool : {u"prlimit"_s, u"setpriv"_s}) {
        if (QStandardPaths::findExecutable(tool).isEmpty() && (tool == u"prlimit"_s || geteuid() == 0)) {
            finishLater(Error::failed(tr("%1 (util-linux) is missing; it sets the sandbox limits.").arg(tool)));
            return;
        }
    }
    const int uid = geteuid() == 0 ? nextSandboxUid() : int(getuid());
    if (const Result<Done> ready = prepare(uid); !ready) {
        finishLater(ready.failure());
        return;
    }
    if (::pipe2(m_statusPipe, O_CLOEXEC) != 0) {
        finishLater(Error::failed(tr("Cannot create the sandbox status pipe.")));
        return;
    }
    m_result.command = QStringList{bwrap} + buildCommand(request, workDir(), m_statusPipe[1], uid);
    qCDebug(lcRepro).noquote() << "sandbox:" << m_result.command.join(u' ');

    ProcessSpec spec;
    spec.program = bwrap;
    spec.arguments = m_result.command.mid(1);
    spec.timeoutMs = m_request.limits.timeoutMs; // bwrap dies, its PID namespace and everything in it with it
    spec.retainBytes = std::max<qint64>(4096, m_request.limits.retainBytes);
    spec.what = tr("bubblewrap");
    const int statusWrite = m_statusPipe[1];
    // bwrap reports {"child-pid": …} once the sandbox is up; that is how a refusal is told apart.
    spec.childSetup = [statusWrite] { ::fcntl(statusWrite, F_SETFD, 0); };
    auto *job = new ProcessJob(std::move(spec), this);
    m_job = job;
    connect(job, &ProcessJob::output, this, [this](const QByteArray &chunk, QProcess::ProcessChannel channel) {
        Q_EMIT output(chunk, channel == QProcess::StandardError ? OutputStream::StdErr : OutputStream::StdOut);
    });
    connect(job, &ProcessJob::timingOut, this, &SandboxRunner::onTimingOut);
    connect(job, &ProcessJob::finished, this, &SandboxRunner::onFinished);
    connect(job, &ProcessJob::started, this, [this] {
        ::close(m_statusPipe[1]);
        m_statusPipe[1] = -1;
        m_samples = 0;
        m_runnableSamples.clear();
        QTimer::singleShot(std::max(0, m_request.limits.timeoutMs - 1200), this, [this] {
            if (!m_done && m_job)
                m_sampleTimer.start();
        });
        Q_EMIT started();
    });
    job->start();
}

// The private work dir: the script, our helpers beside it, and the passwd and group files of the run's uid.
Result<Done> SandboxRunner::prepare(int uid)
{
    QByteArray code = m_request.scriptText.toUtf8();
    if (!m_request.scriptPath.isEmpty()) {
        QFile script(m_request.scriptPath);
        if (!script.open(QIODevice::ReadOnly))
            return Error::failed(tr("Cannot read the repro %1: %2").arg(m_request.scriptPath, script.errorString()));
        code = script.readAll();
    }
    const QString name = scriptNameOf(m_request);
    if (name.contains(u'/') || name.startsWith(u'.'))
        return Error::failed(tr("The script name %1 is not a plain file name.").arg(name));
    m_dir.emplace(QDir::tempPath() + u"/triage-repro-XXXXXX"_s);
    if (!m_dir->isValid() || !QDir(m_dir->path()).mkdir(u"work"_s))
        return Error::failed(tr("Cannot create the sandbox work dir: %1").arg(m_dir->errorString()));
    // The run may be a different, unprivileged uid: the work dir is world-writable and sticky, and sits
    // in a 0700 parent nobody else on the host can enter.
    ::chmod(QFile::encodeName(workDir()).constData(), 01777);
    const auto readable =
        QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;
    QFile copy(workDir() + u'/' + name);
    if (!copy.open(QIODevice::WriteOnly) || copy.write(code) < 0)
        return Error::failed(tr("Cannot copy the repro into the sandbox: %1").arg(copy.errorString()));
    copy.close();
    copy.setPermissions(readable);
    // Our helpers beside it: the rank launcher, and the stack dump armed in every Python process.
    QDir(workDir()).mkdir(u".tc_site"_s);
    const QList<std::pair<QString, QString>> helpers = {
        {u":/repro/launch_ranks.py"_s, RankLauncher::helperName()},
        {u":/repro/sitecustomize.py"_s, u".tc_site/sitecustomize.py"_s}};
    for (const auto &[resource, target] : helpers) {
        QFile::remove(workDir() + u'/' + target);
        if (!QFile::copy(resource, workDir() + u'/' + target))
            return Error::failed(tr("Cannot copy %1 into the sandbox.").arg(target));
        QFile(workDir() + u'/' + target).setPermissions(readable);
    }
    ::chmod(QFile::encodeName(workDir() + u"/.tc_site"_s).constData(), 0755);
    if (!writeIdentity(uid))
        return Error::failed(tr("Cannot write the sandbox's passwd and group files."));
    return Done{};
}

void SandboxRunner::cancel()
{
    if (m_done || m_cancelled)
        return;
    m_cancelled = true;
    if (m_job && m_job->isRunning())
        m_job->cancel(); // its finished() comes at once, with the output so far; ours follows, queued
    else
        finishLater(Error::cancelled(tr("The run was cancelled.")));
}

void SandboxRunner::onTimingOut()
{
    m_sampleTimer.stop();
    // Runnable in most samples (state R, computing or waiting for a CPU): slow work, not a process stuck
    // on a lock, a socket or a sleep. Load-independent, unlike CPU time on a busy machine.
    for (auto it = m_runnableSamples.cbegin(); it != m_runnableSamples.cend(); ++it) {
        if (m_samples >= 4 && it.value() * 2 >= m_samples)
            m_result.busyAtTimeout = true;
    }
    qCInfo(lcRepro) << "sandbox timed out after" << m_request.limits.timeoutMs << "ms; killing it"
                    << (m_result.busyAtTimeout ? "(still computing)" : "");
}

void SandboxRunner::onFinished(const Result<ProcessOutcome> &ran)
{
    if (!ran.partial()) {
        finishLater(ran.failure()); // bubblewrap could not start
        return;
    }
    const ProcessOutcome &outcome = *ran.partial(); // a cancelled job's is the output so far
    m_result.stdoutTail = outcome.standardOutput;
    m_result.stderrTail = outcome.standardError;
    m_result.stdoutBytes = outcome.standardOutputBytes;
    m_result.stderrBytes = outcome.standardErrorBytes;
    m_result.timedOut = outcome.timedOut;

    // bwrap's status: child-pid once the sandbox is up, then the exit code.
    QByteArray statusJson;
    if (m_statusPipe[0] >= 0) {
        ::fcntl(m_statusPipe[0], F_SETFL, O_NONBLOCK);
        char buffer[4096];
        for (;;) {
            const ssize_t n = ::read(m_statusPipe[0], buffer, sizeof buffer);
            if (n > 0)
                statusJson.append(buffer, n);
            else if (n < 0 && errno == EINTR)
                continue;
            else
                break;
        }
    }
    closeStatusPipe();
    const bool sandboxUp = statusJson.contains("child-pid");

    if (outcome.crashed || ran.cancelled()) {
        // bwrap itself was killed: by our timeout or cancel, or from outside.
        m_result.exitCode = -1;
        m_result.signal = 9;
    } else {
        m_result.exitCode = outcome.exitCode;
        if (outcome.exitCode > 128 && outcome.exitCode < 128 + 65)
            m_result.signal = outcome.exitCode - 128;
    }
    const QString output = QString::fromUtf8(m_result.stdoutTail) + u'\n' + QString::fromUtf8(m_result.stderrTail);
    if (!m_request.launcher.isEmpty())
        m_result.rankExitCodes = RankLauncher::rankExitTexts(output);
    if (m_result.timedOut)
        m_result.hangReport = hangReportOf(output, scriptNameOf(m_request));
    if (ran.cancelled()) {
        finishLater(Error::cancelled(tr("The run was cancelled.")));
        return;
    }
    if (!sandboxUp && !m_result.timedOut) {
        const QString why = QString::fromUtf8(m_result.stderrTail).trimmed();
        finish(Error::refused(why.isEmpty()
                                  ? tr("bubblewrap exited with %1 before starting the repro.").arg(outcome.exitCode)
                                  : why.section(u'\n', -1)));
        return;
    }
    if (outcome.exitCode != 0 && m_result.stdoutBytes == 0) {
        // The wrapper inside (setpriv/prlimit) failing is not the repro's error: the limits or the uid refused,
        // or the interpreter is not there to start.
        const QString err = QString::fromUtf8(m_result.stderrTail).trimmed().section(u'\n', 0, 0);
        if (err.startsWith(u"setpriv:"_s) || err.startsWith(u"prlimit:"_s)) {
            finish(err.contains(u"failed to execute"_s) ? Error::failed(err) : Error::refused(err));
            return;
        }
    }
    finish();
}

// The host's passwd and group with the run's uid in them (root-started runs have a uid nobody owns), so
// getpass.getuser(), `id` and ssh-style lookups answer as they would on a reporter's machine.
bool SandboxRunner::writeIdentity(int uid)
{
    if (geteuid() != 0 && ::getpwuid(uid) != nullptr)
        return true; // our own entry is already in /etc/passwd
    const QString name = userNameFor(uid);
    const auto withEntry = [&](const QString &hostFile, const QString &entry) {
        QFile host(hostFile);
        QByteArray text;
        if (host.open(QIODevice::ReadOnly)) {
            for (const QByteArray &line : host.readAll().split('\n')) {
                const QList<QByteArray> fields = line.split(':');
                if (line.isEmpty() || (fields.size() > 2 && fields.at(2).toInt() == uid) ||
                    fields.first() == name.toUtf8())
                    continue;
                text += line + '\n';
            }
        }
        text += entry.toUtf8() + '\n';
        QFile out(m_dir->filePath(QFileInfo(hostFile).fileName()));
        if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size())
            return false;
        out.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup |
                           QFileDevice::ReadOther);
        return true;
    };
    const int gid = geteuid() == 0 ? uid : int(getgid());
    return withEntry(u"/etc/passwd"_s, u"%1:x:%2:%3:repro:%4:/bin/sh"_s.arg(name).arg(uid).arg(gid).arg(SandboxTmp)) &&
           withEntry(u"/etc/group"_s, u"%1:x:%2:"_s.arg(name).arg(gid));
}

QList<int> SandboxRunner::hangLinesOf(const QString &output, const QString &scriptName)
{
    // faulthandler: `  File "/tmp/repro.py", line 12 in worker`, innermost first within each dump.
    const QRegularExpression frame(u"File \"/tmp/%1\", line (\\d+) in "_s.arg(QRegularExpression::escape(scriptName)));
    QList<int> lines;
    const qsizetype dump = output.indexOf(u"most recent call first"_s);
    if (dump < 0)
        return lines;
    auto it = frame.globalMatch(output.mid(dump));
    while (it.hasNext()) {
        const int line = it.next().captured(1).toInt();
        if (!lines.contains(line))
            lines << line;
    }
    return lines;
}

QString SandboxRunner::hangReportOf(const QString &output, const QString &scriptName)
{
    QStringList parts;
    if (const int rank = RankLauncher::firstSilentRank(output); rank >= 0)
        parts << u"rank %1 stopped first"_s.arg(rank);
    const qsizetype dump = output.indexOf(u"most recent call first"_s);
    if (dump >= 0) {
        const QRegularExpression frame(
            u"File \"/tmp/%1\", line (\\d+) in (\\S+)"_s.arg(QRegularExpression::escape(scriptName)));
        const auto m = frame.match(output, dump);
        parts << (m.hasMatch() ? u"stacks dumped; innermost frame of the script: %1 line %2 in %3"_s.arg(
                                     scriptName, m.captured(1), m.captured(2))
                               : u"stacks dumped (no frame of the script)"_s);
    }
    return parts.join(u"; "_s);
}

void SandboxRunner::finishLater(const Error &error)
{
    // Queued: an error found inside start() still reaches callers that connect right after it, and cancel()
    // returns before finished() comes, as it did when it waited for the kill.
    QMetaObject::invokeMethod(this, [this, error] { finish(error); }, Qt::QueuedConnection);
}

void SandboxRunner::closeStatusPipe()
{
    for (int &fd : m_statusPipe) {
        if (fd >= 0)
            ::close(fd);
        fd = -1;
    }
}

void SandboxRunner::finish(const std::optional<Error> &error)
{
    if (m_done)
        return;
    m_done = true;
    m_sampleTimer.stop();
    closeStatusPipe();
    m_result.durationMs = m_clock.isValid() ? m_clock.elapsed() : 0;
    if (!error) {
        Q_EMIT finished(m_result);
        return;
    }
    if (error->kind != ErrorKind::Cancelled)
        qCWarning(lcRepro).noquote() << "sandbox did not run the repro:" << error->message;
    Q_EMIT finished({*error, m_result});
}

// SPDX-License-Identifier: MIT
#include "engine/repro/reproextractor.h"

#include "engine/core/pythontext.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

const QStringList PythonLanguages = {u"python"_s, u"py"_s, u"python3"_s, u"ipython"_s, u"pycon"_s, u"ipython3"_s};
const QStringList ShellLanguages = {u"bash"_s,          u"sh"_s,        u"shell"_s, u"console"_s, u"zsh"_s,
                                    u"shell-session"_s, u"sh-session"_s};

struct Post
{
    QString text;
    QString author;
    QString association;
    QDateTime at;
    int commentIndex = -1;
    bool fromOriginalPoster = false;
};

struct Launch
{
    QString script; // file name only
    QStringList launcher;
    QStringList arguments;
};

const QRegularExpression &importLine()
{
    static const QRegularExpression re(uR"(^\s*(import\s+[A-Za-z_]|from\s+[A-Za-z_.]+\s+import\s))"_s,
                                       QRegularExpression::MultilineOption);
    return re;
}

// Strips `>>> ` / `... ` prompts from an interactive transcript, dropping the echoed output.
QString stripPrompts(const QString &code)
{
    if (!code.contains(u">>> "_s))
        return code;
    QStringList kept;
    for (const QString &line : code.split(u'\n')) {
        if (line.startsWith(u">>> "_s) || line.startsWith(u"... "_s))
            kept << line.mid(4);
        else if (line == u">>>"_s || line == u"..."_s)
            kept << QString();
    }
    return kept.join(u'\n');
}

QList<Launch> launchesIn(const QString &text)
{
    // `torchrun [opts] x.py [args]`, `python -m torch.distributed.run [opts] x.py`, `python x.py [args]`.
    static const QRegularExpression re(
        uR"((?:^|[\s`$])((torchrun|python3?(?:\s+-m\s+torch\.distributed\.(?:run|launch))?)((?:\s+-[^\s`]+(?:\s+[^\s`\-][^\s`]*)?)*?)\s+(?:\S*/)?([A-Za-z0-9_.\-]+\.py)\b([^\n`]*)))"_s);
    QList<Launch> launches;
    auto it = re.globalMatch(text);
    while (it.hasNext()) {
        const auto match = it.next();
        Launch launch;
        launch.script = match.captured(4);
        const QString tool = match.captured(2).simplified();
        const QStringList options = match.captured(3).split(u' ', Qt::SkipEmptyParts);
        if (tool != u"python"_s && tool != u"python3"_s) {
            launch.launcher = tool.split(u' ');
            launch.launcher += options;
        }
        launch.arguments = match.captured(5).trimmed().split(u' ', Qt::SkipEmptyParts);
        // A shell comment or prompt continuation ends the arguments.
        const auto hash = std::find_if(launch.arguments.begin(), launch.arguments.end(), [](const QString &a) {
            return a.startsWith(u'#') || a == u"&&"_s || a == u";"_s;
        });
        launch.arguments.erase(hash, launch.arguments.end());
        launches << launch;
    }
    return launches;
}

QString namedScript(const QString &code, const QString &before)
{
    static const QRegularExpression inComment(uR"(^\s*#\s*(?:file(?:name)?:\s*)?([A-Za-z0-9_.\-/]+\.py)\b)"_s,
                                              QRegularExpression::CaseInsensitiveOption);
    const QStringList head = code.split(u'\n').mid(0, 3);
    for (const QString &line : head) {
        const auto match = inComment.match(line);
        if (match.hasMatch())
            return match.captured(1).section(u'/', -1);
    }
    static const QRegularExpression inProse(uR"(([A-Za-z0-9_.\-]+\.py)\b)"_s);
    QString last;
    auto it = inProse.globalMatch(before.right(300));
    while (it.hasNext())
        last = it.next().captured(1);
    return last;
}

void judgeSelfContained(ReproCandidate &candidate)
{
    const QString &code = candidate.code;
    static const QRegularExpression placeholder(uR"(^\s*(\.\.\.|#\s*\.\.\.|<[^>]+>)\s*$)"_s,
                                                QRegularExpression::MultilineOption);
    static const QRegularExpression external(
        uR"(\b(from_pretrained|load_dataset|read_csv|read_parquet|hf_hub_download|ImageFolder)\s*\(|torch\.load\s*\(\s*['"][^'"]+\.(pt|pth|bin|ckpt)['"])"_s);
    if (!importLine().match(code).hasMatch())
        candidate.notSelfContainedBecause = u"imports nothing, so it leans on code elsewhere in the issue"_s;
    else if (placeholder.match(code).hasMatch())
        candidate.notSelfContainedBecause = u"has elided parts (`...` or <placeholders>)"_s;
    else if (external.match(code).hasMatch())
        candidate.notSelfContainedBecause = u"needs external models or data files"_s;
    candidate.selfContained = candidate.notSelfContainedBecause.isEmpty();
}

QList<Post> postsOf(const Issue &issue)
{
    QList<Post> posts;
    posts << Post{issue.body, issue.author, issue.authorAssociation, issue.createdAt, -1, true};
    for (qsizetype i = 0; i < issue.comments.size(); ++i) {
        const Comment &c = issue.comments.at(i);
        posts << Post{c.body,      c.author, c.authorAssociation,
                      c.createdAt, int(i),   !issue.author.isEmpty() && c.author == issue.author};
    }
    return posts;
}

QString whereOf(int commentIndex)
{
    return commentIndex < 0 ? u"issue body"_s : u"comment %1"_s.arg(commentIndex + 1);
}

} // namespace

int ReproCandidate::codeLines() const
{
    int lines = 0;
    for (const QString &line : code.split(u'\n')) {
        const QString t = line.trimmed();
        if (!t.isEmpty() && !t.startsWith(u'#'))
            ++lines;
    }
    return lines;
}

QString ReproCandidate::where() const
{
    return whereOf(commentIndex);
}

QString ReproExtraction::statusName(Status status)
{
    switch (status) {
    case Status::Found:
        return u"found"_s;
    case Status::ScreenshotOnly:
        return u"screenshot-only"_s;
    case Status::None:
        return u"none"_s;
    }
    return {};
}

QList<FencedBlock> ReproExtractor::fencedBlocks(const QString &markdown)
{
    static const QRegularExpression fence(uR"(^[ \t]{0,3}(`{3,}|~{3,})[ \t]*([^\n`]*)$)"_s,
                                          QRegularExpression::MultilineOption);
    QList<FencedBlock> blocks;
    qsizetype from = 0;
    QString text = markdown;
    text.replace(u"\r\n"_s, u"\n"_s);
    while (true) {
        const auto open = fence.match(text, from);
        if (!open.hasMatch())
            break;
        const QString marker = open.captured(1);
        const qsizetype bodyStart = open.capturedEnd(0) + 1;
        // The closing fence: same character, at least as long, nothing else on the line.
        const QRegularExpression close(
            u"^[ \\t]{0,3}"_s + QRegularExpression::escape(QString(marker.size(), marker[0])) + u"+[ \\t]*$"_s,
            QRegularExpression::MultilineOption);
        const auto shut = close.match(text, std::min(bodyStart, text.size()));
        FencedBlock block;
        block.language = open.captured(2).trimmed().section(u' ', 0, 0).toLower();
        block.start = open.capturedStart(0);
        if (!shut.hasMatch()) {
            block.code = text.mid(bodyStart);
            block.end = text.size();
        } else {
            block.code = text.mid(bodyStart, shut.capturedStart(0) - bodyStart);
            block.end = shut.capturedEnd(0);
        }
        if (block.code.endsWith(u'\n'))
            block.code.chop(1);
        blocks << block;
        if (!shut.hasMatch())
            break;
        from = block.end;
    }
    return blocks;
}

bool ReproExtractor::looksLikeTraceback(const QString &code)
{
    // A header starting a line near the top, or anywhere in a block that imports nothing (a log around it).
    const QString head = code.trimmed().left(400);
    const qsizetype at = head.indexOf(PythonText::TracebackHeader);
    return (at == 0 || (at > 0 && head.at(at - 1) == u'\n')) ||
           (code.contains(PythonText::TracebackHeader) && !importLine().match(code).hasMatch());
}

bool ReproExtractor::looksLikePython(const FencedBlock &block)
{
    if (looksLikeTraceback(block.code) || block.code.trimmed().isEmpty())
        return false;
    if (PythonLanguages.contains(block.language))
        return true;
    if (!block.language.isEmpty() && block.language != u"text"_s && block.language != u"txt"_s &&
        block.language != u"plain"_s && block.language != u"plaintext"_s)
        return false;
    const QString code = block.code.trimmed();
    if (code.startsWith(u"Collecting environment information"_s) || code.startsWith(u"PyTorch version"_s))
        return false;
    return importLine().match(code).hasMatch();
}

bool ReproExtractor::mentionsImages(const QString &markdown)
{
    static const QRegularExpression image(
        uR"(!\[[^\]]*\]\([^)]+\)|<img\s|user-images\.githubusercontent\.com|github\.com/user-attachments/assets|\.(png|jpe?g|gif|webp)\b)"_s,
        QRegularExpression::CaseInsensitiveOption);
    return image.match(markdown).hasMatch();
}

namespace {

// The candidates of one post, blocks that continue a program joined to it; launch commands attach to the script
// they name.
QList<ReproCandidate> candidatesIn(const Post &post)
{
    const QList<FencedBlock> blocks = ReproExtractor::fencedBlocks(post.text);
    QString normalised = post.text;
    normalised.replace(u"\r\n"_s, u"\n"_s);
    QList<Launch> launches = launchesIn(normalised);

    QList<ReproCandidate> fromPost;
    for (const FencedBlock &block : blocks) {
        if (!ReproExtractor::looksLikePython(block))
            continue;
        const QString code = stripPrompts(block.code);
        const QString before = normalised.mid(0, block.start);
        const QString name = namedScript(code, before);
        const bool hasImports = importLine().match(code).hasMatch();
        // A block without imports after one with them, in the same post, continues that program.
        if (!fromPost.isEmpty() && !hasImports && importLine().match(fromPost.last().code).hasMatch() &&
            (name.isEmpty() || name == fromPost.last().scriptName)) {
            fromPost.last().code += u"\n\n"_s + code;
            fromPost.last().blockCount += 1;
            continue;
        }
        ReproCandidate candidate;
        candidate.code = code;
        candidate.author = post.author;
        candidate.authorAssociation = post.association;
        candidate.commentIndex = post.commentIndex;
        candidate.postedAt = post.at;
        candidate.fromOriginalPoster = post.fromOriginalPoster;
        candidate.scriptName = name;
        fromPost << candidate;
    }
    for (ReproCandidate &candidate : fromPost) {
        for (const Launch &launch : launches) {
            const bool named = !candidate.scriptName.isEmpty() && candidate.scriptName == launch.script;
            const bool onlyOne = candidate.scriptName.isEmpty() && fromPost.size() == 1;
            if (named || onlyOne) {
                candidate.scriptName = launch.script;
                candidate.launcher = launch.launcher;
                candidate.scriptArguments = launch.arguments;
                break;
            }
        }
        judgeSelfContained(candidate);
    }
    return fromPost;
}

bool postedLater(const ReproCandidate &a, const ReproCandidate &b)
{
    if (a.postedAt.isValid() && b.postedAt.isValid() && a.postedAt != b.postedAt)
        return a.postedAt < b.postedAt;
    return a.commentIndex < b.commentIndex;
}

// Which candidate runs, and why: the original poster's most recent repro, unless a commenter's self-contained one
// is strictly shorter; without one from the reporter, the shortest self-contained one, else the most recent.
void choose(ReproExtraction &result)
{
    const QList<ReproCandidate> &candidates = result.candidates;
    int op = -1;
    for (int i = 0; i < candidates.size(); ++i) {
        const ReproCandidate &c = candidates.at(i);
        if (c.fromOriginalPoster && (op < 0 || !postedLater(c, candidates.at(op))))
            op = i;
    }
    int shorter = -1;
    for (int i = 0; i < candidates.size(); ++i) {
        const ReproCandidate &c = candidates.at(i);
        if (c.fromOriginalPoster || !c.selfContained)
            continue;
        if (op >= 0 && c.codeLines() >= candidates.at(op).codeLines())
            continue;
        if (shorter < 0 || c.codeLines() < candidates.at(shorter).codeLines() ||
            (c.codeLines() == candidates.at(shorter).codeLines() && !postedLater(c, candidates.at(shorter))))
            shorter = i;
    }
    if (shorter >= 0 && op >= 0) {
        const ReproCandidate &c = candidates.at(shorter);
        result.chosen = shorter;
        result.reason = u"%1 by %2 is strictly shorter (%3 lines vs %4) and self-contained, so it wins over the "
                        u"original poster's most recent repro (%5)."_s.arg(c.where(), c.author)
                            .arg(c.codeLines())
                            .arg(candidates.at(op).codeLines())
                            .arg(candidates.at(op).where());
    } else if (op >= 0) {
        result.chosen = op;
        const ReproCandidate &c = candidates.at(op);
        int opCount = 0;
        for (const ReproCandidate &other : candidates)
            opCount += other.fromOriginalPoster ? 1 : 0;
        result.reason = opCount > 1
                            ? u"The most recent of the original poster's %1 repros (%2)."_s.arg(opCount).arg(c.where())
                            : u"The original poster's repro (%1)."_s.arg(c.where());
        if (candidates.size() > opCount)
            result.reason += u" No commenter posted a strictly shorter self-contained one."_s;
    } else {
        // Nothing from the reporter: the shortest self-contained one, else the most recent.
        int pick = shorter;
        if (pick < 0) {
            pick = 0;
            for (int i = 1; i < candidates.size(); ++i) {
                if (!postedLater(candidates.at(i), candidates.at(pick)))
                    pick = i;
            }
        }
        result.chosen = pick;
        const ReproCandidate &c = candidates.at(pick);
        result.reason =
            shorter >= 0
                ? u"The original poster gave no script; %1 by %2 is the shortest self-contained one."_s.arg(c.where(),
                                                                                                            c.author)
                : u"The original poster gave no script; %1 by %2 is the most recent one."_s.arg(c.where(), c.author);
    }
    const ReproCandidate &c = candidates.at(result.chosen);
    if (c.blockCount > 1)
        result.reason += u" It joins %1 blocks of that post into one program."_s.arg(c.blockCount);
    if (!c.launcher.isEmpty())
        result.reason += u" Launched as `%1 %2`."_s.arg(c.launcher.join(u' '), c.scriptName);
}

// The error a post shows (its distinctive part), and in `full` the whole message.
ErrorSignature errorOf(const Post &post, QString *full)
{
    QString errorText;
    for (const FencedBlock &block : ReproExtractor::fencedBlocks(post.text)) {
        if (!ReproExtractor::looksLikePython(block))
            errorText += block.code + u"\n\n"_s; // a blank line ends a message
    }
    ErrorSignature sig = ErrorSignature::lastRaised(errorText);
    if (sig.isEmpty() && post.text.contains(PythonText::TracebackHeader))
        sig = ErrorSignature::lastRaised(post.text);
    *full = sig.message;
    return ErrorSignature{sig.exceptionClass, ErrorSignature::distinctivePart(sig.message)};
}

// The reported error: from the post whose repro is chosen if it shows one, else the original poster's posts, else
// any post, in order.
void findReported(ReproExtraction &result, const QList<Post> &posts)
{
    QList<int> order;
    if (const ReproCandidate *chosen = result.chosenCandidate())
        order << chosen->commentIndex + 1;
    for (int i = 0; i < posts.size(); ++i) {
        if (!order.contains(i) && posts.at(i).fromOriginalPoster)
            order << i;
    }
    for (int i = 0; i < posts.size(); ++i) {
        if (!order.contains(i))
            order << i;
    }
    for (int index : std::as_const(order)) {
        QString full;
        const ErrorSignature sig = errorOf(posts.at(index), &full);
        if (!sig.isEmpty()) {
            result.reported = sig;
            result.reportedMessage = full;
            result.reportedFrom = whereOf(posts.at(index).commentIndex);
            return;
        }
    }
}

} // namespace

ReproExtraction ReproExtractor::extract(const Issue &issue)
{
    ReproExtraction result;
    const QList<Post> posts = postsOf(issue);
    bool anyImages = false;
    for (const Post &post : posts) {
        anyImages = anyImages || mentionsImages(post.text);
        result.candidates << candidatesIn(post);
    }

    if (result.candidates.isEmpty()) {
        result.status = anyImages ? ReproExtraction::Status::ScreenshotOnly : ReproExtraction::Status::None;
        result.reason = anyImages ? u"The code appears only in images; ask for copyable text (needs reproduction)."_s
                                  : u"No reproduction script in the issue or its comments (needs reproduction)."_s;
    } else {
        result.status = ReproExtraction::Status::Found;
        choose(result);
    }

    findReported(result, posts);
    result.hangReported = reportsHang(issue.title, issue.body);
    result.crashReported = reportsCrash(issue.title, issue.body);
    result.compileSymptom = reportsCompileSymptom(issue.title, issue.body);
    if (result.reported.isEmpty())
        result.impliedError = impliedErrorOf(issue.title, issue.body);
    return result;
}

namespace {

// The title and the prose of a post, code blocks left out (code is not what the reporter says).
QString proseOf(const QString &title, const QString &markdown)
{
    QString prose = title + u'\n';
    qsizetype from = 0;
    const QList<FencedBlock> blocks = ReproExtractor::fencedBlocks(markdown); // in order, none inside another
    for (const FencedBlock &block : blocks) {
        prose += QStringView(markdown).mid(from, block.start - from);
        from = block.end;
    }
    return prose + QStringView(markdown).mid(from);
}

} // namespace

ErrorSignature ReproExtractor::impliedErrorOf(const QString &title, const QString &markdown)
{
    static const QRegularExpression graphBreak(
        uR"(\b(graph[- ]?breaks?|fullgraph|fails? to trace|failed to trace|unable to trace)\b)"_s,
        QRegularExpression::CaseInsensitiveOption);
    if (graphBreak.match(proseOf(title, markdown)).hasMatch())
        return ErrorSignature{u"torch._dynamo.exc.Unsupported"_s, QString()};
    return {};
}

bool ReproExtractor::reportsCrash(const QString &title, const QString &markdown)
{
    static const QRegularExpression crash(
        uR"(\b(segfaults?|segfaulted|segmentation fault|sig(segv|fpe|abrt|ill|bus)|signal (4|6|7|8|11)\b|)"
        uR"(core dumped|floating point exception|illegal instruction|aborts|aborted|crash(es|ed|ing)?))"_s,
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression negated(
        uR"(\b(no longer|doesn't|does not|didn't|won't|not) (crash|segfault|abort))"_s,
        QRegularExpression::CaseInsensitiveOption);
    return crash.match(proseOf(title, markdown)).hasMatch() && !negated.match(title).hasMatch();
}

bool ReproExtractor::reportsCompileSymptom(const QString &title, const QString &markdown)
{
    // Without fullgraph a graph break is a split into more graphs, and a recompile is a second compile: both
    // are seen in compile logs or counters, not in an exit code. Prose that says it raises names an error.
    static const QRegularExpression symptom(
        uR"(\b(graph[- ]?breaks?|breaks? the graph|recompil\w*|(two|2|multiple|several|separate|many) (fx )?graphs|)"
        uR"(graph (count|logs?)|TORCH_LOGS)\b)"_s,
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression raises(
        uR"(\b(raises?|raised|raising|throws?|errors?|exceptions?|crash\w*|traceback|fails? with|failed with|)"
        uR"(fullgraph)\b)"_s,
        QRegularExpression::CaseInsensitiveOption);
    const QString prose = proseOf(title, markdown);
    return symptom.match(prose).hasMatch() && !raises.match(prose).hasMatch();
}

bool ReproExtractor::reportsHang(const QString &title, const QString &markdown)
{
    static const QRegularExpression hang(
        uR"(\b(hangs?|hanging|hung|deadlocks?|deadlocked|deadlocking|freezes|frozen|stuck|never (returns|finishes|completes|terminates|exits))\b)"_s,
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression negated(uR"(\b(no longer|doesn't|does not|didn't|won't|not) (hang|deadlock))"_s,
                                            QRegularExpression::CaseInsensitiveOption);
    return hang.match(proseOf(title, markdown)).hasMatch() && !negated.match(title).hasMatch();
}

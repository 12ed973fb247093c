// SPDX-License-Identifier: MIT
#include "views/issue/issueview.h"

#include "engine/core/pythontext.h"
#include "models/queue/issuetablemodel.h"
#include "views/common/apppalette.h"
#include "views/common/labelchipdelegate.h"
#include "views/issue/markdownsegmenter.h"

#include <KSyntaxHighlighting/Repository>

#include <QDesktopServices>
#include <QElapsedTimer>
#include <QEvent>
#include <QFontDatabase>
#include <QImage>
#include <QLocale>
#include <QPainter>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextList>
#include <QToolTip>

#include <ranges>

using namespace Qt::StringLiterals;

namespace {

constexpr int DocumentMargin = 22;
constexpr int CodePadding = 10;
constexpr int ProseLineHeight = 125; // percent
constexpr int OpenHue = 140;
constexpr int ClosedHue = 265;
constexpr int NeutralHue = -1;
constexpr int RuleProperty = QTextFormat::UserProperty + 10;

const QString PythonTraceback = u"Python Traceback"_s;

QColor mix(const QColor &a, const QColor &b, float amountOfB)
{
    return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * amountOfB,
                            a.greenF() + (b.greenF() - a.greenF()) * amountOfB,
                            a.blueF() + (b.blueF() - a.blueF()) * amountOfB);
}

// The first lines of a block, at most `count`, without the ones that are empty.
QList<QStringView> headLines(QStringView code, int count)
{
    QList<QStringView> lines;
    for (const QStringView line : code.left(8192).split(u'\n')) {
        if (lines.size() >= count)
            break;
        if (!line.trimmed().isEmpty())
            lines.append(line);
    }
    return lines;
}

bool looksLikeTraceback(QStringView code, int withinLines)
{
    const QList<QStringView> lines = headLines(code, withinLines);
    return std::any_of(lines.cbegin(), lines.cend(),
                       [](QStringView line) { return PythonText::isTracebackHeader(line); });
}

bool looksLikeLog(QStringView code)
{
    static const QRegularExpression logLine(
        u"^\\s*(?:\\[[^\\]]{1,40}\\]:?\\s*)?(?:\\d{4}-\\d\\d-\\d\\d[ T]\\d\\d:\\d\\d|\\[?[IWEF]\\d{4} \\d\\d:\\d\\d"
        "|\\d\\d:\\d\\d:\\d\\d|(?:INFO|WARNING|WARN|ERROR|DEBUG|CRITICAL|FATAL)\\b)|\\bNCCL (?:INFO|WARN)\\b"_s);
    const QList<QStringView> lines = headLines(code, 20);
    const auto matching = std::count_if(lines.cbegin(), lines.cend(),
                                        [](QStringView line) { return logLine.matchView(line).hasMatch(); });
    return matching >= 2 && matching * 3 >= lines.size();
}

bool looksLikePython(QStringView code)
{
    static const QRegularExpression pythonLine(
        u"^(?:import \\w|from [\\w.]+ import |def \\w+\\(|class \\w+[(:]|>>> |@torch\\.|if __name__ == )"_s);
    const QList<QStringView> lines = headLines(code, 12);
    return std::any_of(lines.cbegin(), lines.cend(),
                       [](QStringView line) { return pythonLine.matchView(line).hasMatch(); });
}

QString associationText(const QString &association)
{
    if (association == "OWNER"_L1)
        return IssueView::tr("Owner");
    if (association == "MEMBER"_L1)
        return IssueView::tr("Member");
    if (association == "COLLABORATOR"_L1)
        return IssueView::tr("Collaborator");
    if (association == "CONTRIBUTOR"_L1)
        return IssueView::tr("Contributor");
    if (association == "FIRST_TIME_CONTRIBUTOR"_L1)
        return IssueView::tr("First-time contributor");
    if (association == "FIRST_TIMER"_L1)
        return IssueView::tr("First-timer");
    if (association == "MANNEQUIN"_L1)
        return IssueView::tr("Mannequin");
    return {}; // NONE: GitHub shows nothing either
}

QString formatSize(qsizetype bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

// Cuts at a line end so a cut body still parses as markdown.
QString truncated(const QString &text, qsizetype limit)
{
    if (text.size() <= limit)
        return text;
    const qsizetype lineEnd = text.lastIndexOf(u'\n', limit);
    return text.left(lineEnd > limit / 2 ? lineEnd : limit);
}

// Long prose is cut into pieces of about this size, at paragraph breaks where it has them, so that one
// slice of an incremental render never has the markdown importer and the layout chew through 64 KiB at once.
constexpr qsizetype ProseSliceCharacters = 4096;

QList<MarkdownSegment> slicedSegments(const QString &source)
{
    QList<MarkdownSegment> result;
    for (const MarkdownSegment &segment : MarkdownSegmenter::split(source)) {
        if (segment.kind != MarkdownSegment::Kind::Prose || segment.text.size() <= 2 * ProseSliceCharacters) {
            result.append(segment);
            continue;
        }
        // Prose lines map one to one onto source lines (which may end in "\r\n"): a piece starting at a line
        // start is found in the source by counting line ends.
        qsizetype start = 0;
        qsizetype sourceOffset = segment.sourceOffset;
        while (start < segment.text.size()) {
            qsizetype cut = segment.text.size();
            if (cut - start > 2 * ProseSliceCharacters) {
                cut = segment.text.indexOf(u"\n\n"_s, start + ProseSliceCharacters);
                if (cut < 0 || cut > start + 4 * ProseSliceCharacters)
                    cut = segment.text.indexOf(u'\n', start + ProseSliceCharacters);
                if (cut < 0)
                    cut = segment.text.size();
            }
            MarkdownSegment piece = segment;
            piece.text = segment.text.mid(start, cut - start);
            piece.sourceOffset = sourceOffset;
            result.append(std::move(piece));
            const qsizetype next = std::min(cut + 1, segment.text.size());
            for (qsizetype lines = segment.text.mid(start, next - start).count(u'\n'); lines > 0; --lines) {
                const qsizetype lineEnd = source.indexOf(u'\n', sourceOffset);
                sourceOffset = lineEnd < 0 ? source.size() : lineEnd + 1;
            }
            start = next;
        }
    }
    return result;
}

} // namespace

IssueView::IssueView(KSyntaxHighlighting::Repository *repository, QWidget *parent)
    : QTextBrowser(parent)
    , m_repository(repository)
{
    Q_ASSERT(repository);
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setFrameShape(QFrame::NoFrame);
    setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    setTextInteractionFlags(Qt::TextBrowserInteraction);
    document()->setUndoRedoEnabled(false);
    connect(this, &QTextBrowser::anchorClicked, this, &IssueView::openLink);
    m_flashTimer.setSingleShot(true);
    m_flashTimer.setInterval(1400);
    connect(&m_flashTimer, &QTimer::timeout, this, [this] { setExtraSelections({}); });
    m_buildTimer.setInterval(0);
    connect(&m_buildTimer, &QTimer::timeout, this, &IssueView::buildSlice);
    render();
}

void IssueView::setIssue(const Issue &issue, const EvidenceList &evidence)
{
    m_issue = issue;
    m_evidence = evidence;
    m_pendingScroll = -1; // the reader may scroll while the rest is built
    render();
    verticalScrollBar()->setValue(0);
}

void IssueView::setEvidence(const EvidenceList &evidence)
{
    if (evidence == m_evidence)
        return;
    m_evidence = evidence;
    if (isRendering() || !m_issue)
        return; // marked when the last slice is in
    // Only the marks change: the text, its layout and the reader's place stay.
    const int scroll = verticalScrollBar()->value();
    clearMarks();
    markAll();
    verticalScrollBar()->setValue(scroll);
}

void IssueView::clearIssue()
{
    m_issue.reset();
    m_evidence.clear();
    render();
}

QString IssueView::evidenceToolTipAt(int position) const
{
    QStringList lines;
    for (const EvidenceMark &mark : m_marks) {
        if (position < mark.from || position >= mark.to)
            continue;
        const Evidence &e = mark.evidence;
        const QString line = e.label.isEmpty() ? tr("Rule %1").arg(e.rule) : tr("Rule %1 → %2").arg(e.rule, e.label);
        if (!lines.contains(line))
            lines.append(line);
    }
    return lines.join(u'\n');
}

bool IssueView::viewportEvent(QEvent *event)
{
    // Spans can overlap (one word behind two rules): the tooltip names every rule there.
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString text = evidenceToolTipAt(cursorForPosition(help->pos()).position());
        if (!text.isEmpty()) {
            QToolTip::showText(help->globalPos(), text, viewport());
            return true;
        }
    }
    return QTextBrowser::viewportEvent(event);
}

bool IssueView::showEvidence(const Evidence &evidence)
{
    const auto it = std::find_if(m_marks.cbegin(), m_marks.cend(),
                                 [&evidence](const EvidenceMark &mark) { return mark.evidence == evidence; });
    if (it == m_marks.cend())
        return false;
    QTextCursor cursor(document());
    cursor.setPosition(it->from);
    cursor.setPosition(it->to, QTextCursor::KeepAnchor);
    // A third from the top: the reader sees what leads up to it.
    const QRect rect = cursorRect(cursor);
    QScrollBar *bar = verticalScrollBar();
    bar->setValue(bar->value() + rect.top() - viewport()->height() / 3);
    QTextEdit::ExtraSelection flash;
    flash.cursor = cursor;
    const bool dark = AppPalette::isDark(palette());
    flash.format.setBackground(dark ? QColor(0xd9, 0x8e, 0x04) : QColor(0xff, 0xc1, 0x07));
    flash.format.setForeground(QColor(0x1a, 0x12, 0x00));
    setExtraSelections({flash});
    m_flashTimer.start();
    return true;
}

QVariant IssueView::loadResource(int type, const QUrl &name)
{
    // Chips are added to the document before they are used and never reach this point. Anything else
    // named by the text (remote images, file paths, stylesheets) is refused; only the app's own qrc is served.
    if (name.scheme() == "qrc"_L1)
        return QTextBrowser::loadResource(type, name);
    return {};
}

void IssueView::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        if (!isRendering())
            m_pendingScroll = verticalScrollBar()->value();
        render();
    }
}

KSyntaxHighlighting::Definition IssueView::definitionForCode(const QString &info, QStringView code) const
{
    const QString language = info.trimmed().toLower();
    // Content first: tracebacks are often fenced as ```python, logs as ``` or ```text.
    const bool pythonish = language.isEmpty() || language == "python"_L1 || language == "py"_L1 ||
                           language == "pytb"_L1 || language == "text"_L1 || language == "txt"_L1 ||
                           language == "console"_L1 || language == "shell"_L1 || language == "log"_L1;
    if (pythonish && looksLikeTraceback(code, language.isEmpty() || language == "pytb"_L1 ? 400 : 4))
        return m_repository->definitionForName(PythonTraceback);

    static const QHash<QString, QString> aliases = {
        {u"py"_s, u"Python"_s},       {u"python3"_s, u"Python"_s},
        {u"pycon"_s, u"Python"_s},    {u"ipython"_s, u"Python"_s},
        {u"pytb"_s, PythonTraceback}, {u"traceback"_s, PythonTraceback},
        {u"sh"_s, u"Bash"_s},         {u"shell"_s, u"Bash"_s},
        {u"console"_s, u"Bash"_s},    {u"shell-session"_s, u"Bash"_s},
        {u"zsh"_s, u"Zsh"_s},         {u"c++"_s, u"C++"_s},
        {u"cpp"_s, u"C++"_s},         {u"cxx"_s, u"C++"_s},
        {u"cu"_s, u"CUDA"_s},         {u"cuda"_s, u"CUDA"_s},
        {u"yml"_s, u"YAML"_s},        {u"patch"_s, u"Diff"_s},
        {u"log"_s, PythonTraceback},  {u"dockerfile"_s, u"Dockerfile"_s},
    };
    if (!language.isEmpty() && language != "text"_L1 && language != "txt"_L1 && language != "plain"_L1) {
        KSyntaxHighlighting::Definition definition = m_repository->definitionForName(aliases.value(language, info));
        if (!definition.isValid())
            definition = m_repository->definitionForFileName(u"code."_s + language);
        if (definition.isValid())
            return definition;
    }
    // Our traceback definition also reads the logs tracebacks come in (glog, NCCL, rank prefixes).
    if (looksLikeLog(code))
        return m_repository->definitionForName(PythonTraceback);
    if (language.isEmpty() && looksLikePython(code))
        return m_repository->definitionForName(u"Python"_s);
    return {};
}

void IssueView::render()
{
    m_buildTimer.stop();
    m_buildCursor = QTextCursor();
    m_parts.clear();
    m_rendered.clear();
    m_partIndex = 0;
    m_segmentIndex = 0;
    m_partStarted = false;
    m_titleStart = -1;
    m_unmarked.clear();
    QTextDocument *doc = document();
    doc->clear();
    doc->setDocumentMargin(DocumentMargin);
    doc->setDefaultFont(font());
    m_chipCount = 0;
    m_marks.clear();
    setExtraSelections({});
    m_theme = m_repository->themeForPalette(palette());
    m_highlighter.setTheme(m_theme);

    setTabStopDistance(QFontMetricsF(codeFont()).horizontalAdvance(u' ') * 4);

    QTextCursor cursor(doc);
    cursor.beginEditBlock();
    if (!m_issue) {
        QTextBlockFormat block;
        block.setAlignment(Qt::AlignHCenter);
        block.setTopMargin(120);
        QTextCharFormat muted;
        muted.setForeground(palette().color(QPalette::PlaceholderText));
        cursor.setBlockFormat(block);
        cursor.insertText(tr("Select an issue in the queue to read it here."), muted);
    } else {
        const Issue &issue = *m_issue;
        insertHeader(cursor, issue);
        const auto addPart = [this](const QString &where, const QString &markdown, int comment) {
            RenderPart part;
            part.where = where;
            part.text = truncated(markdown, MaxRenderedCharacters);
            part.fullSize = markdown.size();
            part.comment = comment;
            part.segments = slicedSegments(part.text);
            m_parts.append(std::move(part));
        };
        // A view: trimming a copy of a 5 MB body costs more than the whole first slice.
        if (QStringView(issue.body).trimmed().isEmpty())
            addPart({}, tr("_No description provided._"), -1);
        else
            addPart(u"body"_s, issue.body, -1);
        for (qsizetype i = 0; i < issue.comments.size(); ++i)
            addPart(u"comment %1"_s.arg(i + 1), issue.comments.at(i).body, int(i));
    }
    cursor.endEditBlock();
    // The view's own cursor stays at the top: a relayout (a resize) would scroll to it, and the slices
    // appended below it leave it where it is.
    setTextCursor(QTextCursor(doc));
    m_buildCursor = cursor;

    qsizetype size = 0;
    for (const RenderPart &part : std::as_const(m_parts))
        size += part.text.size();
    if (size <= SynchronousRenderCharacters) {
        m_buildCursor.beginEditBlock();
        while (buildStep()) {
        }
        m_buildCursor.endEditBlock();
        finishRender();
    } else {
        m_buildTimer.start();
    }
}

bool IssueView::buildStep()
{
    if (m_partIndex >= m_parts.size())
        return false;
    const RenderPart &part = m_parts.at(m_partIndex);
    QTextCursor &cursor = m_buildCursor;
    if (!m_partStarted) {
        m_partStarted = true;
        if (part.comment >= 0 && m_issue) {
            insertCommentHeader(cursor, m_issue->comments.at(part.comment));
            return true;
        }
    }
    if (m_segmentIndex < part.segments.size()) {
        const MarkdownSegment &segment = part.segments.at(m_segmentIndex);
        const int from = cursor.position();
        int codeStart = -1;
        if (segment.kind == MarkdownSegment::Kind::Code) {
            insertCode(cursor, segment);
            if (QTextFrame *frame = document()->frameAt(from + 1); frame && frame != document()->rootFrame())
                codeStart = frame->firstPosition();
        } else {
            insertProse(cursor, segment.text);
        }
        m_rendered.append({m_partIndex, m_segmentIndex, from, cursor.position(), codeStart});
        ++m_segmentIndex;
        return true;
    }
    if (part.text.size() < part.fullSize) {
        QTextBlockFormat block;
        block.setTopMargin(8);
        QTextCharFormat note;
        note.setForeground(palette().color(QPalette::PlaceholderText));
        note.setFontItalic(true);
        beginBlock(cursor, block, note);
        cursor.insertText(tr("Showing the first %1 of %2; the rest is not rendered.")
                              .arg(formatSize(part.text.size()), formatSize(part.fullSize)),
                          note);
    }
    ++m_partIndex;
    m_segmentIndex = 0;
    m_partStarted = false;
    return m_partIndex < m_parts.size();
}

void IssueView::buildSlice()
{
    // Whole segments until the budget is spent; the layout of what they added follows in the same turn.
    QElapsedTimer clock;
    clock.start();
    bool more = true;
    m_buildCursor.beginEditBlock();
    while (more && clock.elapsed() < SliceBudgetMs)
        more = buildStep();
    m_buildCursor.endEditBlock();
    if (!more)
        finishRender();
}

void IssueView::finishRender()
{
    m_buildTimer.stop();
    m_buildCursor = QTextCursor();
    if (m_issue)
        markAll();
    if (m_pendingScroll >= 0) {
        verticalScrollBar()->setValue(m_pendingScroll);
        m_pendingScroll = -1;
    }
    Q_EMIT rendered();
}

void IssueView::markAll()
{
    m_marks.clear();
    if (m_titleStart >= 0) {
        const QString &title = m_issue->title;
        for (const Evidence &e : std::as_const(m_evidence)) {
            if (e.where == "title"_L1 && e.start >= 0 && e.start + e.length <= title.size())
                m_marks.append({e, m_titleStart + e.start, m_titleStart + e.start + e.length});
        }
    }
    for (const RenderedSegment &rendered : std::as_const(m_rendered)) {
        const RenderPart &part = m_parts.at(rendered.part);
        if (part.where.isEmpty())
            continue;
        markEvidence(part.where, part.text, part.segments.at(rendered.segment), rendered.from, rendered.to,
                     rendered.codeStart);
    }
    applyMarks();
}

void IssueView::clearMarks()
{
    // Each mark put back what it covered, the last first: overlapping marks restore in layers.
    QTextCursor cursor(document());
    cursor.beginEditBlock();
    for (const auto &unmarked : std::views::reverse(std::as_const(m_unmarked))) {
        for (const SavedFormat &saved : unmarked) {
            cursor.setPosition(saved.from);
            cursor.setPosition(saved.to, QTextCursor::KeepAnchor);
            cursor.setCharFormat(saved.format);
        }
    }
    cursor.endEditBlock();
    m_unmarked.clear();
    m_marks.clear();
}

QFont IssueView::codeFont() const
{
    QFont code = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    code.setPointSizeF(font().pointSizeF() * 0.92);
    return code;
}

void IssueView::insertChip(QTextCursor &cursor, const QString &text, const LabelChipDelegate::ChipColors &colors)
{
    const QFont font = LabelChipDelegate::chipFont(this->font());
    const QSizeF size = LabelChipDelegate::chipSize(text, font);
    const qreal ratio = devicePixelRatioF();
    QImage image((size * ratio).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(ratio);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        LabelChipDelegate::paintChip(&painter, QRectF(QPointF(0, 0), size), text, colors, font);
    }
    const QUrl name(u"chip:%1"_s.arg(++m_chipCount));
    document()->addResource(QTextDocument::ImageResource, name, image);
    QTextImageFormat format;
    format.setName(name.toString());
    format.setWidth(size.width());
    format.setHeight(size.height());
    format.setVerticalAlignment(QTextCharFormat::AlignMiddle);
    format.setToolTip(text);
    cursor.insertImage(format);
}

void IssueView::insertHeader(QTextCursor &cursor, const Issue &issue)
{
    const QPalette pal = palette();
    const QColor muted = pal.color(QPalette::PlaceholderText);

    QTextBlockFormat titleBlock;
    titleBlock.setBottomMargin(8);
    titleBlock.setLineHeight(112, QTextBlockFormat::ProportionalHeight);
    QTextCharFormat titleFormat;
    titleFormat.setFontPointSize(font().pointSizeF() * 1.5);
    titleFormat.setFontWeight(QFont::DemiBold);
    titleFormat.setForeground(pal.color(QPalette::Text));
    cursor.setBlockFormat(titleBlock);
    cursor.setBlockCharFormat(titleFormat);
    m_titleStart = cursor.position();
    cursor.insertText(issue.title, titleFormat);

    QTextBlockFormat metaBlock;
    metaBlock.setBottomMargin(6);
    QTextCharFormat mutedFormat;
    mutedFormat.setForeground(muted);
    QTextCharFormat strongFormat;
    strongFormat.setForeground(pal.color(QPalette::Text));
    strongFormat.setFontWeight(QFont::DemiBold);
    const QString separator = u"   ·   "_s;

    cursor.insertBlock(metaBlock, mutedFormat);
    insertChip(cursor, issue.isOpen() ? tr("Open") : tr("Closed"),
               LabelChipDelegate::colorsForHue(issue.isOpen() ? OpenHue : ClosedHue, pal));
    cursor.insertText(u"   "_s, mutedFormat);
    if (!issue.url.isEmpty()) {
        QTextCharFormat link = strongFormat;
        link.setAnchor(true);
        link.setAnchorHref(issue.url);
        link.setForeground(pal.color(QPalette::Link));
        link.setToolTip(issue.url);
        cursor.insertText(u"#"_s + QString::number(issue.number), link);
    } else {
        cursor.insertText(u"#"_s + QString::number(issue.number), strongFormat);
    }
    cursor.insertText(separator, mutedFormat);
    cursor.insertText(issue.author.isEmpty() ? tr("unknown author") : issue.author, strongFormat);
    const QString association = associationText(issue.authorAssociation);
    if (!association.isEmpty()) {
        cursor.insertText(u"  "_s, mutedFormat);
        insertChip(cursor, association, LabelChipDelegate::colorsForHue(NeutralHue, pal));
    }
    if (issue.createdAt.isValid()) {
        cursor.insertText(separator, mutedFormat);
        cursor.insertText(
            tr("opened %1 ago").arg(IssueTableModel::compactAge(issue.createdAt, QDateTime::currentDateTimeUtc())),
            mutedFormat);
    }
    cursor.insertText(separator, mutedFormat);
    const int comments = int(issue.comments.size());
    cursor.insertText(comments == 1 ? tr("1 comment") : tr("%n comments", nullptr, comments), mutedFormat);

    if (!issue.labels.isEmpty()) {
        QTextBlockFormat labelsBlock;
        labelsBlock.setTopMargin(4);
        labelsBlock.setLineHeight(135, QTextBlockFormat::ProportionalHeight);
        cursor.insertBlock(labelsBlock, mutedFormat);
        for (qsizetype i = 0; i < issue.labels.size(); ++i) {
            if (i > 0)
                cursor.insertText(u" "_s, mutedFormat);
            insertChip(cursor, issue.labels.at(i), LabelChipDelegate::colorsFor(issue.labels.at(i), pal));
        }
    }

    insertRule(cursor, 12, 8);
}

void IssueView::beginBlock(QTextCursor &cursor, const QTextBlockFormat &blockFormat, const QTextCharFormat &charFormat)
{
    // Reuse the empty block a code frame or the markdown importer leaves at the end, so that only
    // the margins asked for separate what comes next.
    const QTextBlock block = cursor.block();
    if (block.length() == 1 && block.position() > 0 && !block.blockFormat().hasProperty(RuleProperty) &&
        cursor.currentFrame() == document()->rootFrame() && !block.textList()) {
        cursor.setBlockFormat(blockFormat);
        cursor.setBlockCharFormat(charFormat);
        cursor.setCharFormat(charFormat);
    } else {
        cursor.insertBlock(blockFormat, charFormat);
    }
}

void IssueView::insertRule(QTextCursor &cursor, int topMargin, int bottomMargin)
{
    // An empty block one pixel high with a background: a hairline in the palette's colours, where
    // QTextDocument's own horizontal ruler is drawn in full text colour.
    QTextBlockFormat rule;
    rule.setTopMargin(topMargin);
    rule.setBottomMargin(bottomMargin);
    rule.setLineHeight(1, QTextBlockFormat::FixedHeight);
    rule.setBackground(mix(palette().color(QPalette::Base), palette().color(QPalette::Text), 0.14f));
    rule.setProperty(RuleProperty, true);
    QTextCharFormat tiny;
    tiny.setFontPointSize(1);
    beginBlock(cursor, rule, tiny);
}

void IssueView::insertCommentHeader(QTextCursor &cursor, const Comment &comment)
{
    const QPalette pal = palette();
    insertRule(cursor, 18, 6);

    QTextBlockFormat headerBlock;
    headerBlock.setTopMargin(4);
    headerBlock.setBottomMargin(2);
    QTextCharFormat mutedFormat;
    mutedFormat.setForeground(pal.color(QPalette::PlaceholderText));
    QTextCharFormat strongFormat;
    strongFormat.setForeground(pal.color(QPalette::Text));
    strongFormat.setFontWeight(QFont::DemiBold);

    cursor.insertBlock(headerBlock, mutedFormat);
    cursor.insertText(comment.author.isEmpty() ? tr("unknown author") : comment.author, strongFormat);
    const QString association = associationText(comment.authorAssociation);
    if (!association.isEmpty()) {
        cursor.insertText(u"  "_s, mutedFormat);
        insertChip(cursor, association, LabelChipDelegate::colorsForHue(NeutralHue, pal));
    }
    if (comment.createdAt.isValid()) {
        const QDateTime local = comment.createdAt.toLocalTime();
        cursor.insertText(u"   ·   "_s + QLocale().toString(local, u"d MMM yyyy, HH:mm"_s), mutedFormat);
    }
}

void IssueView::markEvidence(const QString &where, const QString &source, const MarkdownSegment &segment, int from,
                             int to, int codeStart)
{
    // Segment text drops the '\r' of CRLF lines, its offset counts them: allow one per line.
    const qsizetype segmentEnd = segment.sourceOffset + segment.text.size() + segment.text.count(u'\n') + 1;
    for (const Evidence &e : std::as_const(m_evidence)) {
        if (e.where != where || e.start < 0 || e.length <= 0 || e.start < segment.sourceOffset ||
            e.start + e.length > segmentEnd)
            continue;
        const qsizetype relative = e.start - segment.sourceOffset;
        if (codeStart >= 0) {
            // Code goes in verbatim, less the carriage returns; the segment's offset counts them in the source.
            const qsizetype dropped = source.mid(segment.sourceOffset, relative).count(u'\r');
            const int start = codeStart + int(relative - dropped);
            const int end = start + int(e.text.size()) - int(e.text.count(u'\r'));
            QTextCursor check(document());
            check.setPosition(std::min(start, to));
            check.setPosition(std::min(end, to), QTextCursor::KeepAnchor);
            if (check.selectedText() == QString(e.text).remove(u'\r')) {
                m_marks.append({e, start, end});
                continue;
            }
            // Unindented or otherwise reshaped code: fall back to searching, as for prose.
        }
        // Prose went through the markdown importer: find the words, nearest to where they stood in the
        // source (the rendered text is never longer than its markdown, so not beyond that point if possible).
        QTextCursor best;
        for (QTextCursor found = document()->find(e.text, from, QTextDocument::FindCaseSensitively);
             !found.isNull() && found.selectionEnd() <= to;
             found = document()->find(e.text, found.selectionEnd(), QTextDocument::FindCaseSensitively)) {
            if (best.isNull() || found.selectionStart() - from <= relative)
                best = found;
            if (found.selectionStart() - from > relative)
                break;
        }
        if (!best.isNull())
            m_marks.append({e, best.selectionStart(), best.selectionEnd()});
    }
}

void IssueView::applyMarks()
{
    const bool dark = AppPalette::isDark(palette());
    const QColor tint = dark ? QColor(255, 196, 61, 64) : QColor(255, 196, 0, 84);
    const QColor line = dark ? QColor(255, 196, 61) : QColor(191, 132, 0);
    QTextDocument *doc = document();
    QTextCursor cursor(doc);
    cursor.beginEditBlock();
    m_unmarked.clear();
    for (const EvidenceMark &mark : std::as_const(m_marks)) {
        QList<SavedFormat> covered;
        for (QTextBlock block = doc->findBlock(mark.from); block.isValid() && block.position() < mark.to;
             block = block.next()) {
            for (auto it = block.begin(); !it.atEnd(); ++it) {
                const QTextFragment fragment = it.fragment();
                const int from = std::max(fragment.position(), mark.from);
                const int to = std::min(fragment.position() + fragment.length(), mark.to);
                if (from < to)
                    covered.append({from, to, fragment.charFormat()});
            }
        }
        m_unmarked.append(std::move(covered));
        cursor.setPosition(mark.from);
        cursor.setPosition(mark.to, QTextCursor::KeepAnchor);
        QTextCharFormat format;
        format.setBackground(tint);
        format.setUnderlineStyle(QTextCharFormat::SingleUnderline);
        format.setUnderlineColor(line);
        const Evidence &e = mark.evidence;
        format.setToolTip(e.label.isEmpty() ? tr("Rule %1").arg(e.rule) : tr("Rule %1 → %2").arg(e.rule, e.label));
        cursor.mergeCharFormat(format);
    }
    cursor.endEditBlock();
}

void IssueView::insertProse(QTextCursor &cursor, const QString &markdown)
{
    beginBlock(cursor, QTextBlockFormat(), QTextCharFormat());
    const int from = cursor.position();
    cursor.insertMarkdown(
        MarkdownSegmenter::flattenNesting(markdown, MaxNestingDepth),
        QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub | QTextDocument::MarkdownNoHTML));
    polishProse(from, cursor.position());
    cursor.movePosition(QTextCursor::End);
}

void IssueView::polishProse(int from, int to)
{
    QTextDocument *doc = document();
    const QPalette pal = palette();
    const QColor codeBackground = mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.06f);
    const QFont codeFont = this->codeFont();

    struct Image
    {
        int position;
        int length;
        QString name;
    };
    QList<Image> images;
    QTextCursor cursor(doc);
    for (QTextBlock block = doc->findBlock(from); block.isValid() && block.position() <= to; block = block.next()) {
        QTextBlockFormat blockFormat;
        const bool codeBlock = block.blockFormat().hasProperty(QTextFormat::BlockCodeFence) ||
                               block.blockFormat().hasProperty(QTextFormat::BlockCodeLanguage);
        if (codeBlock) {
            blockFormat.setBackground(codeBackground);
        } else if (block.textList()) {
            // Taller lines would push the text below its bullet; tighter margins keep a list a list.
            blockFormat.setTopMargin(2);
            blockFormat.setBottomMargin(2);
        } else {
            blockFormat.setLineHeight(ProseLineHeight, QTextBlockFormat::ProportionalHeight);
        }
        cursor.setPosition(block.position());
        cursor.mergeBlockFormat(blockFormat);

        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            const QTextCharFormat format = fragment.charFormat();
            if (format.isImageFormat()) {
                images.append({fragment.position(), fragment.length(), format.toImageFormat().name()});
            } else if (format.fontFixedPitch() || format.font().fixedPitch()) {
                // The importer's code font has its own size; match the code blocks instead.
                QTextCharFormat inlineCode;
                inlineCode.setFontFamilies(codeFont.families());
                inlineCode.setFontPointSize(codeFont.pointSizeF());
                if (!codeBlock)
                    inlineCode.setBackground(codeBackground);
                cursor.setPosition(fragment.position());
                cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
                cursor.mergeCharFormat(inlineCode);
            }
        }
    }
    // Images are never fetched: each becomes a link to where it lives, opened only when clicked.
    for (const Image &image : std::views::reverse(std::as_const(images))) {
        cursor.setPosition(image.position);
        cursor.setPosition(image.position + image.length, QTextCursor::KeepAnchor);
        QTextCharFormat link;
        link.setAnchor(true);
        link.setAnchorHref(image.name);
        link.setForeground(pal.color(QPalette::Link));
        link.setFontUnderline(true);
        link.setToolTip(image.name);
        const QString file = QUrl(image.name).fileName();
        cursor.insertText(file.isEmpty() ? tr("[image]") : tr("[image: %1]").arg(file), link);
    }
}

void IssueView::insertCode(QTextCursor &cursor, const MarkdownSegment &segment)
{
    const QPalette pal = palette();
    const KSyntaxHighlighting::Definition definition = definitionForCode(segment.info, segment.text);

    QTextFrameFormat frame;
    const bool dark = AppPalette::isDark(pal);
    frame.setBackground(mix(pal.color(QPalette::Base), pal.color(QPalette::Text), dark ? 0.05f : 0.035f));
    frame.setBorder(1);
    frame.setBorderBrush(mix(pal.color(QPalette::Base), pal.color(QPalette::Text), dark ? 0.14f : 0.12f));
    frame.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
    frame.setPadding(CodePadding);
    frame.setTopMargin(6);
    frame.setBottomMargin(10);
    frame.setProperty(CodeDefinitionProperty, definition.isValid() ? definition.name() : QString());
    frame.setProperty(CodeSourceOffsetProperty, segment.sourceOffset);

    QTextCharFormat codeFormat;
    codeFormat.setFont(codeFont());
    codeFormat.setFontFixedPitch(true);
    codeFormat.setForeground(QColor::fromRgba(m_theme.textColor(KSyntaxHighlighting::Theme::Normal)));

    QTextFrame *codeFrame = cursor.insertFrame(frame);
    QTextBlockFormat codeBlock;
    codeBlock.setLineHeight(108, QTextBlockFormat::ProportionalHeight);
    cursor.setBlockFormat(codeBlock);
    cursor.setBlockCharFormat(codeFormat);
    QString code = segment.text;
    code.replace(u'\r', QString());
    cursor.insertText(code, codeFormat);

    if (definition.isValid()) {
        m_highlighter.setDefinition(definition);
        m_highlighter.highlight(document(), codeFrame->firstPosition(), codeFrame->lastPosition(),
                                MaxHighlightedCharacters);
    }
    cursor.movePosition(QTextCursor::End);
}

void IssueView::openLink(const QUrl &url)
{
    QUrl target = url;
    if (target.isRelative() && m_issue && !m_issue->url.isEmpty())
        target = QUrl(m_issue->url).resolved(url);
    const QString scheme = target.scheme().toLower();
    if (scheme == "https"_L1 || scheme == "http"_L1 || scheme == "mailto"_L1)
        QDesktopServices::openUrl(target);
}

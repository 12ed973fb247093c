// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/triage/evidence.h"
#include "views/common/labelchipdelegate.h"
#include "views/issue/codeblockhighlighter.h"
#include "views/issue/markdownsegmenter.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Theme>

#include <QTextBrowser>
#include <QTextCursor>
#include <QTimer>

#include <optional>

namespace KSyntaxHighlighting {
class Repository;
}

// One issue, read-only: a header (title, number, state, author and association, labels), then the body
// and each comment as rendered markdown. Code blocks, tracebacks and logs are highlighted with the
// palette's KSyntaxHighlighting theme, re-applied when the palette changes.
//
// Rendering is safe for untrusted text: nothing is fetched (images become links, raw HTML stays text,
// loadResource serves nothing but qrc), links open in the browser only when clicked, nesting is capped,
// and very large bodies and code blocks are cut.
//
// A large issue is built in slices across event-loop turns, so that the window never stalls: rendered()
// is emitted once the whole issue, with its evidence marked, is in the document. Selecting another issue
// cancels the slices still to come. Evidence that arrives later only re-marks the text.
class IssueView final : public QTextBrowser
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(IssueView)

public:
    // Set on the QTextFrameFormat of each code block.
    enum CodeFrameProperty
    {
        CodeDefinitionProperty = QTextFormat::UserProperty + 1, // QString: the definition's name, empty if plain
        CodeSourceOffsetProperty,                               // qsizetype: where the code starts in its markdown
    };
    static constexpr int MaxNestingDepth = 8;
    static constexpr qsizetype MaxHighlightedCharacters = qsizetype{64} * 1024; // per code block
    // GitHub caps a body or comment at 65,536 characters: nothing real is cut by this.
    static constexpr qsizetype MaxRenderedCharacters = qsizetype{64} * 1024; // per body or comment
    // Issues up to this much markdown render at once; longer ones in slices, each inserting for about
    // SliceBudgetMs (the layout of what it inserted follows in the same turn and costs as much again or more).
    static constexpr qsizetype SynchronousRenderCharacters = qsizetype{16} * 1024;
    static constexpr int SliceBudgetMs = 3;

    explicit IssueView(KSyntaxHighlighting::Repository *repository, QWidget *parent = nullptr);

    // One marked span of evidence in the rendered document.
    struct EvidenceMark
    {
        Evidence evidence;
        int from = 0; // document positions
        int to = 0;
    };

    // The evidence of the issue's plan is marked in the text (a tint; hovering names the rule and label).
    void setIssue(const Issue &issue, const EvidenceList &evidence = {});
    // Marks new evidence on the shown issue, keeping the reader's place.
    void setEvidence(const EvidenceList &evidence);
    void clearIssue();
    const QList<EvidenceMark> &evidenceMarks() const { return m_marks; }
    // Scrolls to where the evidence stands and flashes it; false when it is not in the rendered text.
    bool showEvidence(const Evidence &evidence);
    // What hovering a document position shows: the rule and label of the evidence there, empty if none.
    QString evidenceToolTipAt(int position) const;
    bool hasIssue() const { return m_issue.has_value(); }
    // True while slices of the shown issue are still to be built.
    bool isRendering() const { return m_buildTimer.isActive(); }

    KSyntaxHighlighting::Theme theme() const { return m_theme; }
    // The definition for a code block: by content first (tracebacks, logs), then by the fence's info string.
    KSyntaxHighlighting::Definition definitionForCode(const QString &info, QStringView code) const;

    QVariant loadResource(int type, const QUrl &name) override;

Q_SIGNALS:
    // The shown issue (or the empty state) is complete in the document, its evidence marked.
    void rendered();

protected:
    void changeEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    // A body or comment still to be built, and where its segments landed in the document.
    struct RenderPart
    {
        QString where; // evidence's `where`: "body", "comment 1"…; empty when nothing can be marked
        QString text;  // the markdown rendered, cut to MaxRenderedCharacters
        qsizetype fullSize = 0;
        int comment = -1; // index of the comment whose header comes first, -1 for the body
        QList<MarkdownSegment> segments;
    };
    struct RenderedSegment
    {
        qsizetype part = 0;
        qsizetype segment = 0;
        int from = 0;
        int to = 0;
        int codeStart = -1;
    };
    struct SavedFormat
    {
        int from = 0;
        int to = 0;
        QTextCharFormat format;
    };

    void render();
    bool buildStep();
    void buildSlice();
    void finishRender();
    void clearMarks();
    void markAll();
    void insertHeader(QTextCursor &cursor, const Issue &issue);
    void insertCommentHeader(QTextCursor &cursor, const Comment &comment);
    void insertRule(QTextCursor &cursor, int topMargin, int bottomMargin);
    void beginBlock(QTextCursor &cursor, const QTextBlockFormat &blockFormat, const QTextCharFormat &charFormat);
    QFont codeFont() const;
    void markEvidence(const QString &where, const QString &source, const MarkdownSegment &segment, int from, int to,
                      int codeStart);
    void applyMarks();
    void insertProse(QTextCursor &cursor, const QString &markdown);
    void insertCode(QTextCursor &cursor, const MarkdownSegment &segment);
    void polishProse(int from, int to);
    void insertChip(QTextCursor &cursor, const QString &text, const LabelChipDelegate::ChipColors &colors);
    void openLink(const QUrl &url);

    KSyntaxHighlighting::Repository *m_repository;
    KSyntaxHighlighting::Theme m_theme;
    CodeBlockHighlighter m_highlighter;
    std::optional<Issue> m_issue;
    int m_chipCount = 0;
    EvidenceList m_evidence;
    QList<EvidenceMark> m_marks;
    QList<QList<SavedFormat>> m_unmarked; // per applied mark, the formats it covered
    QTimer m_flashTimer;
    QTimer m_buildTimer;
    QTextCursor m_buildCursor;
    QList<RenderPart> m_parts;
    QList<RenderedSegment> m_rendered;
    qsizetype m_partIndex = 0;
    qsizetype m_segmentIndex = 0;
    bool m_partStarted = false;
    int m_titleStart = -1;
    int m_pendingScroll = -1; // where to scroll once rendered; -1 for nowhere
};

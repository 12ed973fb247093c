// SPDX-License-Identifier: MIT
#pragma once

#include "engine/evidence.h"
#include "engine/issue.h"
#include "views/codeblockhighlighter.h"
#include "views/labelchipdelegate.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Theme>

#include <QTextBrowser>
#include <QTimer>

#include <optional>

namespace KSyntaxHighlighting {
class Repository;
}
struct MarkdownSegment;

// One issue, read-only: a header (title, number, state, author and association, labels), then the body
// and each comment as rendered markdown. Code blocks, tracebacks and logs are highlighted with the
// palette's KSyntaxHighlighting theme, re-applied when the palette changes.
//
// Rendering is safe for untrusted text: nothing is fetched (images become links, raw HTML stays text,
// loadResource serves nothing but qrc), links open in the browser only when clicked, nesting is capped,
// and very large bodies and code blocks are cut to a size the layout handles at once.
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
    static constexpr qsizetype MaxHighlightedCharacters = 64 * 1024; // per code block
    // GitHub caps a body or comment at 65,536 characters: nothing real is cut, and a hostile 5 MB body renders
    // in one go within the 50 ms stall budget.
    static constexpr qsizetype MaxRenderedCharacters = 64 * 1024; // per body or comment

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

    KSyntaxHighlighting::Theme theme() const { return m_theme; }
    // The definition for a code block: by content first (tracebacks, logs), then by the fence's info string.
    KSyntaxHighlighting::Definition definitionForCode(const QString &info, QStringView code) const;

    QVariant loadResource(int type, const QUrl &name) override;

protected:
    void changeEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    void render();
    void insertHeader(QTextCursor &cursor, const Issue &issue);
    void insertCommentHeader(QTextCursor &cursor, const Comment &comment);
    void insertRule(QTextCursor &cursor, int topMargin, int bottomMargin);
    void beginBlock(QTextCursor &cursor, const QTextBlockFormat &blockFormat, const QTextCharFormat &charFormat);
    QFont codeFont() const;
    void insertMarkdown(QTextCursor &cursor, const QString &markdown, const QString &where = {});
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
    QTimer m_flashTimer;
};

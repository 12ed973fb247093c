// SPDX-License-Identifier: MIT
#include "engine/core/issuejsonreader.h"
#include "engine/triage/triageengine.h"
#include "views/common/apppalette.h"
#include "views/issue/issueview.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/Theme>

#include <QApplication>
#include <QDesktopServices>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextList>

using namespace Qt::StringLiterals;
using KSyntaxHighlighting::Theme;

namespace {

Issue issueWithBody(const QString &body, QList<Comment> comments = {})
{
    Issue issue;
    issue.number = 4242;
    issue.title = u"A test issue"_s;
    issue.author = u"alice"_s;
    issue.authorAssociation = u"MEMBER"_s;
    issue.state = IssueState::Open;
    issue.url = u"https://github.com/pytorch/pytorch/issues/4242"_s;
    issue.labels = {u"oncall: distributed"_s, u"module: fsdp"_s};
    issue.createdAt = QDateTime::currentDateTimeUtc().addDays(-3);
    issue.body = body;
    issue.comments = std::move(comments);
    return issue;
}

QList<QTextFrame *> codeFrames(const QTextFrame *frame)
{
    QList<QTextFrame *> frames;
    for (QTextFrame *child : frame->childFrames()) {
        if (child->frameFormat().hasProperty(IssueView::CodeDefinitionProperty))
            frames.append(child);
        frames.append(codeFrames(child));
    }
    return frames;
}

QStringList definitionsOf(const QList<QTextFrame *> &frames)
{
    QStringList names;
    for (const QTextFrame *frame : frames)
        names.append(frame->frameFormat().property(IssueView::CodeDefinitionProperty).toString());
    return names;
}

QSet<QRgb> foregroundsIn(const QTextFrame *frame)
{
    QSet<QRgb> colours;
    const QTextDocument *doc = frame->document();
    for (QTextBlock block = doc->findBlock(frame->firstPosition());
         block.isValid() && block.position() < frame->lastPosition(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            if (!it.fragment().text().trimmed().isEmpty())
                colours.insert(it.fragment().charFormat().foreground().color().rgba());
        }
    }
    return colours;
}

// The char format of the middle character of the first occurrence of `text`.
QTextCharFormat formatOf(QTextDocument *doc, const QString &text)
{
    const QTextCursor found = doc->find(text, 0, QTextDocument::FindCaseSensitively);
    if (found.isNull())
        return {};
    QTextCursor cursor(doc);
    cursor.setPosition(found.selectionStart() + int(text.size() / 2) + 1);
    return cursor.charFormat();
}

QRgb colourOf(QTextDocument *doc, const QString &text)
{
    return formatOf(doc, text).foreground().color().rgb();
}

QRgb themeColour(const Theme &theme, Theme::TextStyle style)
{
    return QColor::fromRgba(theme.textColor(style)).rgb();
}

} // namespace

// Receives what QDesktopServices would hand to the browser.
class UrlRecorder : public QObject
{
    Q_OBJECT

public:
    QList<QUrl> urls;

public Q_SLOTS:
    void open(const QUrl &url) { urls.append(url); }
};

class tst_IssueView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void tracebackDefinitionIsFound();
    void headerShowsTheIssue();
    void pythonBlockIsHighlighted();
    void tracebackBlockUsesOurDefinition();
    void definitionForCode_data();
    void definitionForCode();
    void remoteContentLoadsNothing();
    void linksDoNotAutoOpen();
    void paletteChangeReappliesTheme();
    void hostileNesting_data();
    void hostileNesting();
    void hugeBodyIsCut();
    void hugeBodyRendersInSlices();
    void switchingMidRenderShowsOnlyTheNewIssue();
    void lateEvidenceOnlyRemarks();
    void emptyState();
    void evidenceSpansLineUp_data();
    void evidenceSpansLineUp();
    void engineEvidenceLinesUp();
    void showEvidenceFlashes();

private:
    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
};

void tst_IssueView::initTestCase()
{
    QApplication::setStyle(u"Fusion"_s);
    m_repository = std::make_unique<KSyntaxHighlighting::Repository>();
}

void tst_IssueView::init()
{
    QApplication::setPalette(AppPalette::light());
}

void tst_IssueView::tracebackDefinitionIsFound()
{
    const KSyntaxHighlighting::Definition definition = m_repository->definitionForName(u"Python Traceback"_s);
    QVERIFY(definition.isValid());
    QCOMPARE(definition.name(), u"Python Traceback"_s);
    QVERIFY(definition.filePath().startsWith(u":/org.kde.syntax-highlighting/syntax-addons/"_s));
}

void tst_IssueView::headerShowsTheIssue()
{
    IssueView view(m_repository.get());
    view.setIssue(issueWithBody(u"Body text."_s, {Comment{u"bob"_s, u"NONE"_s, u"A reply."_s, {}}}));
    const QString text = view.document()->toPlainText();
    QVERIFY(text.contains(u"A test issue"_s));
    QVERIFY(text.contains(u"#4242"_s));
    QVERIFY(text.contains(u"alice"_s));
    QVERIFY(text.contains(u"Body text."_s));
    QVERIFY(text.contains(u"bob"_s));
    QVERIFY(text.contains(u"A reply."_s));
    QVERIFY(text.indexOf(u"Body text."_s) < text.indexOf(u"A reply."_s));
}

void tst_IssueView::pythonBlockIsHighlighted()
{
    IssueView view(m_repository.get());
    view.setIssue(issueWithBody(u"Repro:\n\n```python\nimport torch\n\n"
                                "def main():\n    return torch.ones(3)  # a comment\n```\n\nThanks!"_s));

    const QList<QTextFrame *> frames = codeFrames(view.document()->rootFrame());
    QCOMPARE(definitionsOf(frames), QStringList{u"Python"_s});
    QVERIFY2(foregroundsIn(frames.constFirst()).size() >= 3, "a Python block shows several colours");

    const Theme theme = view.theme();
    QVERIFY(theme.isValid());
    QCOMPARE(colourOf(view.document(), u"# a comment"_s), themeColour(theme, Theme::Comment));
    QCOMPARE(colourOf(view.document(), u"def"_s), themeColour(theme, Theme::Keyword));
    QVERIFY(colourOf(view.document(), u"# a comment"_s) != colourOf(view.document(), u"def"_s));
    // Prose stays prose.
    QVERIFY(!formatOf(view.document(), u"Thanks!"_s).fontFixedPitch());
}

void tst_IssueView::tracebackBlockUsesOurDefinition()
{
    const QString traceback = u"Traceback (most recent call last):\n"
                              "  File \"train.py\", line 88, in <module>\n"
                              "    main()\n"
                              "RuntimeError: NCCL communicator was aborted"_s;
    IssueView view(m_repository.get());
    view.setIssue(issueWithBody(u"Fenced as python:\n\n```python\n"_s + traceback + u"\n```\n\nAnd pasted bare:\n\n"_s +
                                u"[rank1]: Traceback (most recent call last):\n"
                                "[rank1]:   File \"other.py\", line 7, in step\n"
                                "[rank1]:     loss.backward()\n"
                                "[rank1]: torch.distributed.DistBackendError: boom\n\nThe end."_s));

    const QList<QTextFrame *> frames = codeFrames(view.document()->rootFrame());
    QCOMPARE(definitionsOf(frames), (QStringList{u"Python Traceback"_s, u"Python Traceback"_s}));

    const Theme theme = view.theme();
    QTextDocument *doc = view.document();
    QCOMPARE(colourOf(doc, u"RuntimeError"_s), themeColour(theme, Theme::Error));
    QCOMPARE(colourOf(doc, u"DistBackendError"_s), themeColour(theme, Theme::Error));
    QCOMPARE(colourOf(doc, u"\"train.py\""_s), themeColour(theme, Theme::String));
    QCOMPARE(colourOf(doc, u"88"_s), themeColour(theme, Theme::DecVal));
    QCOMPARE(colourOf(doc, u"[rank1]:"_s), themeColour(theme, Theme::Comment));
    QVERIFY(formatOf(doc, u"NCCL communicator"_s).fontWeight() >= QFont::DemiBold);
    QVERIFY(!formatOf(doc, u"The end."_s).fontFixedPitch());
}

void tst_IssueView::definitionForCode_data()
{
    QTest::addColumn<QString>("info");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("expected");

    QTest::addRow("python") << u"python"_s << u"x = 1"_s << u"Python"_s;
    QTest::addRow("py alias") << u"py"_s << u"x = 1"_s << u"Python"_s;
    QTest::addRow("bash") << u"bash"_s << u"ls -l"_s << u"Bash"_s;
    QTest::addRow("shell alias") << u"sh"_s << u"ls -l"_s << u"Bash"_s;
    QTest::addRow("by extension") << u"yaml"_s << u"a: 1"_s << u"YAML"_s;
    QTest::addRow("traceback in a python fence")
        << u"python"_s << u"Traceback (most recent call last):\n  File \"a.py\", line 1"_s << u"Python Traceback"_s;
    QTest::addRow("traceback after log lines")
        << QString() << u"some log line\nanother\nTraceback (most recent call last):\n  File \"a.py\""_s
        << u"Python Traceback"_s;
    QTest::addRow("glog lines") << QString()
                                << u"I1122 08:58:01.201 a.py:12] start\nW1122 08:58:02.930 b.py:88] careful\n"_s
                                << u"Python Traceback"_s;
    QTest::addRow("unlabelled python") << QString() << u"import torch\nprint(torch.ones(2))"_s << u"Python"_s;
    QTest::addRow("plain text") << u"text"_s << u"just words"_s << QString();
    QTest::addRow("unknown language") << u"no-such-language"_s << u"words"_s << QString();
}

void tst_IssueView::definitionForCode()
{
    QFETCH(QString, info);
    QFETCH(QString, code);
    QFETCH(QString, expected);
    IssueView view(m_repository.get());
    const KSyntaxHighlighting::Definition definition = view.definitionForCode(info, code);
    QCOMPARE(definition.isValid() ? definition.name() : QString(), expected);
}

void tst_IssueView::remoteContentLoadsNothing()
{
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    QSignalSpy connections(&server, &QTcpServer::newConnection);
    const QString base = u"http://127.0.0.1:%1/"_s.arg(server.serverPort());

    const QString body = u"![diagram](%1a.png)\n\n"
                         "<img src=\"%1b.png\">\n\n"
                         "<script src=\"%1c.js\"></script><script>alert(1)</script>\n\n"
                         "<link rel=\"stylesheet\" href=\"%1d.css\">\n\n"
                         "<iframe src=\"%1e.html\"></iframe>\n\n"
                         "![local](/etc/hostname) ![ref][r]\n\n[r]: %1f.png\n"_s.arg(base);
    IssueView view(m_repository.get());
    view.resize(800, 600);
    view.setIssue(issueWithBody(body, {Comment{u"bob"_s, u"NONE"_s, u"![again](%1g.png)"_s.arg(base), {}}}));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.grab(); // lays out and paints everything

    QVERIFY2(!connections.wait(300), "the view contacted a server");

    QTextDocument *doc = view.document();
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextCharFormat format = it.fragment().charFormat();
            if (format.isImageFormat())
                QVERIFY2(format.toImageFormat().name().startsWith(u"chip:"_s),
                         qPrintable(format.toImageFormat().name()));
        }
    }
    const QString text = doc->toPlainText();
    QVERIFY(text.contains(u"[image: a.png]"_s));
    QVERIFY(text.contains(u"[image: g.png]"_s));
    QVERIFY(text.contains(u"<script>alert(1)</script>"_s)); // raw HTML is shown as text, never run
    QCOMPARE(formatOf(doc, u"[image: a.png]"_s).anchorHref(), base + u"a.png"_s);

    QVERIFY(!view.loadResource(QTextDocument::ImageResource, QUrl(base + u"a.png"_s)).isValid());
    QVERIFY(!view.loadResource(QTextDocument::ImageResource, QUrl::fromLocalFile(u"/etc/hostname"_s)).isValid());
    QVERIFY(!view.loadResource(QTextDocument::StyleSheetResource, QUrl(base + u"d.css"_s)).isValid());
    QVERIFY(!view.loadResource(QTextDocument::HtmlResource, QUrl(base + u"e.html"_s)).isValid());
}

void tst_IssueView::linksDoNotAutoOpen()
{
    UrlRecorder recorder;
    for (const QString &scheme : {u"http"_s, u"https"_s, u"file"_s, u"javascript"_s})
        QDesktopServices::setUrlHandler(scheme, &recorder, "open");
    const auto unset = qScopeGuard([] {
        for (const QString &scheme : {u"http"_s, u"https"_s, u"file"_s, u"javascript"_s})
            QDesktopServices::unsetUrlHandler(scheme);
    });

    IssueView view(m_repository.get());
    view.resize(800, 600);
    view.setIssue(issueWithBody(u"Read [the docs](https://example.org/docs) first, then [this](file:///etc/passwd) "
                                "or [that](javascript:alert(1)) or [the PR](/pytorch/pytorch/pull/1)."_s));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(!view.openLinks());
    QVERIFY(!view.openExternalLinks());
    QVERIFY(recorder.urls.isEmpty());

    // A real click on a link hands it to the desktop, once, and the view stays where it is.
    const QTextCursor found = view.document()->find(u"the docs"_s);
    QVERIFY(!found.isNull());
    QTextCursor inside(view.document());
    inside.setPosition(found.selectionStart() + 3);
    const QPoint point = view.cursorRect(inside).center();
    QSignalSpy clicked(&view, &QTextBrowser::anchorClicked);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, point);
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(recorder.urls, QList<QUrl>{QUrl(u"https://example.org/docs"_s)});
    QVERIFY(view.source().isEmpty());
    QVERIFY(view.document()->toPlainText().contains(u"A test issue"_s));

    // Only web links leave the app; relative ones resolve against the issue.
    Q_EMIT view.anchorClicked(QUrl(u"file:///etc/passwd"_s));
    Q_EMIT view.anchorClicked(QUrl(u"javascript:alert(1)"_s));
    QCOMPARE(recorder.urls.size(), 1);
    Q_EMIT view.anchorClicked(QUrl(u"/pytorch/pytorch/pull/1"_s));
    QCOMPARE(recorder.urls.size(), 2);
    QCOMPARE(recorder.urls.last(), QUrl(u"https://github.com/pytorch/pytorch/pull/1"_s));
}

void tst_IssueView::paletteChangeReappliesTheme()
{
    IssueView view(m_repository.get());
    view.setIssue(issueWithBody(u"```python\nx = 1  # note\n```"_s));
    const Theme light = view.theme();
    QCOMPARE(colourOf(view.document(), u"# note"_s), themeColour(light, Theme::Comment));

    view.setPalette(AppPalette::dark());
    const Theme dark = view.theme();
    QVERIFY(dark.isValid());
    QVERIFY(dark.name() != light.name());
    QCOMPARE(dark.name(), m_repository->themeForPalette(AppPalette::dark()).name());
    QCOMPARE(colourOf(view.document(), u"# note"_s), themeColour(dark, Theme::Comment));
    QVERIFY(colourOf(view.document(), u"# note"_s) != themeColour(light, Theme::Comment));
}

void tst_IssueView::hostileNesting_data()
{
    QTest::addColumn<QString>("body");

    const auto nestedList = [](int levels) {
        QString list;
        for (int i = 0; i < levels; ++i)
            list += QString(2 * i, u' ') + u"- level "_s + QString::number(i) + u'\n';
        return list;
    };
    QTest::addRow("300 nested lists, rendered whole") << nestedList(300);
    QTest::addRow("10,000 nested lists") << nestedList(10000);
    QTest::addRow("10,000 list markers on a line") << QString(u"- "_s).repeated(10000) + u"deep"_s;
    QTest::addRow("10,000 quote levels") << QString(10000, u'>') + u" deep"_s;
    QTest::addRow("mixed quotes and lists") << QString(u"> 1. - "_s).repeated(3000) + u"deep"_s;
    QTest::addRow("unbalanced emphasis") << QString(20000, u'*') + u"x"_s + QString(20000, u'_');
    QTest::addRow("brackets") << QString(20000, u'[') + u"x"_s + QString(20000, u']');
    QTest::addRow("unclosed fence") << u"```python\n"_s + QString(u"x = 1\n"_s).repeated(20000);
}

void tst_IssueView::hostileNesting()
{
    QFETCH(QString, body);
    IssueView view(m_repository.get());
    view.resize(800, 600);
    QElapsedTimer timer;
    timer.start();
    view.setIssue(issueWithBody(body));
    QTRY_VERIFY_WITH_TIMEOUT(!view.isRendering(), 5000);
    view.grab();
    QVERIFY2(timer.elapsed() < 5000, qPrintable(u"took %1 ms"_s.arg(timer.elapsed())));

    int deepestList = 0;
    for (QTextBlock block = view.document()->begin(); block.isValid(); block = block.next()) {
        if (block.textList())
            deepestList = qMax(deepestList, block.textList()->format().indent());
    }
    QVERIFY2(deepestList <= 2 * IssueView::MaxNestingDepth, qPrintable(QString::number(deepestList)));
}

void tst_IssueView::hugeBodyIsCut()
{
    QString body;
    body.reserve(5'300'000);
    int line = 0;
    while (body.size() < 5'000'000) {
        body += u"Line %1 of a very long log that someone pasted without a fence, **bold** and `code`.\n"_s.arg(++line);
        if (line % 5000 == 0)
            body += u"```python\n"_s + QString(u"value = compute(x, y)  # step\n"_s).repeated(2000) + u"```\n"_s;
    }
    IssueView view(m_repository.get());
    view.resize(800, 600);
    QElapsedTimer timer;
    timer.start();
    view.setIssue(issueWithBody(body));
    QTRY_VERIFY_WITH_TIMEOUT(!view.isRendering(), 5000);
    view.grab();
    QVERIFY2(timer.elapsed() < 5000, qPrintable(u"took %1 ms"_s.arg(timer.elapsed())));
    QVERIFY(view.document()->characterCount() < IssueView::MaxRenderedCharacters + 10000);
    QVERIFY(view.document()->toPlainText().contains(u"the rest is not rendered"_s));
}

void tst_IssueView::emptyState()
{
    IssueView view(m_repository.get());
    QVERIFY(!view.hasIssue());
    QVERIFY(view.document()->toPlainText().contains(u"Select an issue"_s));
    view.setIssue(issueWithBody(u"x"_s));
    QVERIFY(view.hasIssue());
    view.clearIssue();
    QVERIFY(!view.hasIssue());
    QVERIFY(codeFrames(view.document()->rootFrame()).isEmpty());
}

namespace {

Evidence evidenceAt(const QString &where, const QString &raw, const QString &text, qsizetype occurrence = 0)
{
    qsizetype start = -1;
    for (qsizetype i = 0; i <= occurrence; ++i)
        start = raw.indexOf(text, start + 1);
    return Evidence{u"module: fsdp"_s, u"module:fsdp"_s, where, int(start), int(text.size()), text};
}

QString markedText(const IssueView &view, const IssueView::EvidenceMark &mark)
{
    QTextCursor cursor(view.document());
    cursor.setPosition(mark.from);
    cursor.setPosition(mark.to, QTextCursor::KeepAnchor);
    return cursor.selectedText();
}

} // namespace

void tst_IssueView::evidenceSpansLineUp_data()
{
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("occurrence");
    QTest::addColumn<QString>("before"); // the rendered text just before the span, to tell occurrences apart

    QTest::addRow("title") << u"title"_s << u"test"_s << 0 << u"A "_s;
    QTest::addRow("prose") << u"body"_s << u"fully_shard"_s << 0 << u"with "_s;
    QTest::addRow("prose after emphasis") << u"body"_s << u"hangs"_s << 0 << u"then it "_s;
    QTest::addRow("second occurrence in prose") << u"body"_s << u"FSDP"_s << 1 << u"Again "_s;
    QTest::addRow("code") << u"body"_s << u"dist.init_process_group"_s << 0 << u""_s;
    QTest::addRow("code after carriage returns") << u"body"_s << u"all_reduce"_s << 0 << u"dist."_s;
    QTest::addRow("comment") << u"comment 1"_s << u"NCCL_DEBUG"_s << 0 << u"Set "_s;
}

void tst_IssueView::evidenceSpansLineUp()
{
    QFETCH(QString, where);
    QFETCH(QString, text);
    QFETCH(int, occurrence);
    QFETCH(QString, before);

    const QString body = u"FSDP with fully_shard, **then** it hangs. Again FSDP.\r\n\r\n```python\r\n"
                         u"import torch\r\ndist.init_process_group('nccl')\r\ndist.all_reduce(t)\r\n```\r\n\r\nDone."_s;
    Comment comment;
    comment.author = u"bob"_s;
    comment.body = u"Set NCCL_DEBUG=INFO please."_s;
    const Issue issue = issueWithBody(body, {comment});
    const QString raw = where == "title"_L1 ? issue.title : where == "body"_L1 ? issue.body : comment.body;
    const Evidence evidence = evidenceAt(where, raw, text, occurrence);
    QVERIFY(evidence.start >= 0);

    IssueView view(m_repository.get());
    view.setIssue(issue, {evidence});
    QCOMPARE(view.evidenceMarks().size(), 1);
    const IssueView::EvidenceMark mark = view.evidenceMarks().first();
    QCOMPARE(markedText(view, mark), text);
    if (!before.isEmpty()) {
        QTextCursor cursor(view.document());
        cursor.setPosition(mark.from - int(before.size()));
        cursor.setPosition(mark.from, QTextCursor::KeepAnchor);
        QCOMPARE(cursor.selectedText(), before);
    }
    // Marked: a tint, and a tooltip naming the rule and the label.
    QTextCursor inside(view.document());
    inside.setPosition(mark.from + 1);
    QVERIFY(inside.charFormat().background().style() != Qt::NoBrush);
    QVERIFY(inside.charFormat().toolTip().contains(u"module:fsdp"_s));
    QVERIFY(inside.charFormat().toolTip().contains(u"module: fsdp"_s));
    QCOMPARE(view.evidenceToolTipAt(mark.from), u"Rule module:fsdp → module: fsdp"_s);
    QVERIFY(view.evidenceToolTipAt(mark.to).isEmpty() || mark.to == mark.from);
}

void tst_IssueView::engineEvidenceLinesUp()
{
    const Result<QList<Issue>> issues = IssueJsonReader::readFile(u":/demo/demo-queue.json"_s);
    QVERIFY2(issues.ok(), qPrintable(issues.error()));
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY2(pack.ok(), qPrintable(pack.error()));
    const TriageEngine engine(pack.value());
    IssueView view(m_repository.get());
    int textual = 0;
    int marked = 0;
    for (const Issue &issue : issues.value()) {
        const TriagePlan plan = engine.plan(issue);
        view.setIssue(issue, plan.evidence);
        QTRY_VERIFY(!view.isRendering()); // long issues render in slices
        for (const Evidence &e : plan.evidence)
            textual += e.start >= 0 && e.length > 0 ? 1 : 0;
        for (const IssueView::EvidenceMark &mark : view.evidenceMarks()) {
            QCOMPARE(markedText(view, mark), mark.evidence.text);
            ++marked;
        }
    }
    qInfo("%d of %d text evidence spans marked in the demo queue", marked, textual);
    QVERIFY(textual > 0);
    // Every span the engine cites is marked, prose (found by search in the rendered text) included.
    QCOMPARE(marked, textual);
}

void tst_IssueView::showEvidenceFlashes()
{
    QString body = u"Intro.\n\n"_s;
    for (int i = 0; i < 200; ++i)
        body += u"Filler line %1 with nothing of interest.\n\n"_s.arg(i);
    body += u"At last the DeviceMesh shows up."_s;
    const Issue issue = issueWithBody(body);
    const Evidence evidence = evidenceAt(u"body"_s, issue.body, u"DeviceMesh"_s);
    IssueView view(m_repository.get());
    view.resize(600, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setIssue(issue, {evidence});
    QCOMPARE(view.verticalScrollBar()->value(), 0);
    QVERIFY(view.showEvidence(evidence));
    QVERIFY(view.verticalScrollBar()->value() > 0);
    QCOMPARE(view.extraSelections().size(), 1);
    QCOMPARE(view.extraSelections().first().cursor.selectedText(), u"DeviceMesh"_s);
    QTRY_COMPARE_WITH_TIMEOUT(view.extraSelections().size(), 0, 3000);
    QVERIFY(!view.showEvidence(Evidence{u"x"_s, u"y"_s, u"body"_s, -1, 0, {}}));
}

namespace {

// About 5 MB of paragraphs with a code block now and then; `tag` names the issue in every paragraph.
QString hugeBody(const QString &tag)
{
    QString body;
    body.reserve(5'300'000);
    int paragraph = 0;
    while (body.size() < 5'000'000) {
        body += u"Paragraph %1 of %2, where FSDP with fully_shard hangs again.\n\n"_s.arg(++paragraph).arg(tag);
        if (paragraph % 40 == 0)
            body += u"```python\nimport torch\nx = torch.ones(%1)  # %2\n```\n\n"_s.arg(paragraph).arg(tag);
    }
    return body;
}

} // namespace

void tst_IssueView::hugeBodyRendersInSlices()
{
    const Issue issue = issueWithBody(hugeBody(u"ALPHA"_s));
    // The last paragraph within the cap, and evidence on it: marked once the slices are all in.
    const QString cut = issue.body.left(IssueView::MaxRenderedCharacters);
    const qsizetype lastStart = cut.lastIndexOf(u"Paragraph "_s, cut.lastIndexOf(u"\n\n"_s));
    const qsizetype lastEnd = issue.body.indexOf(u',', lastStart);
    const QString last = issue.body.mid(lastStart, lastEnd - lastStart);
    const Evidence evidence{u"module: fsdp"_s, u"module:fsdp"_s, u"body"_s, int(lastStart), int(last.size()), last};

    IssueView view(m_repository.get());
    view.resize(800, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy rendered(&view, &IssueView::rendered);
    view.setIssue(issue, {evidence});
    // Shown at once (the header), built in later turns.
    QVERIFY(view.isRendering());
    QVERIFY(view.document()->toPlainText().contains(issue.title));
    QVERIFY(rendered.wait(10000));
    QCOMPARE(rendered.size(), 1);
    QVERIFY(!view.isRendering());
    const QString text = view.document()->toPlainText();
    QVERIFY(text.contains(u"Paragraph 1 of ALPHA"_s));
    QVERIFY2(text.contains(last), qPrintable(last));
    QVERIFY(text.contains(u"the rest is not rendered"_s));
    QCOMPARE(view.evidenceMarks().size(), 1);
    QCOMPARE(markedText(view, view.evidenceMarks().first()), last);
    QVERIFY(codeFrames(view.document()->rootFrame()).size() > 1);
}

void tst_IssueView::switchingMidRenderShowsOnlyTheNewIssue()
{
    IssueView view(m_repository.get());
    view.resize(800, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    Issue alpha = issueWithBody(hugeBody(u"ALPHA"_s));
    alpha.title = u"Alpha issue"_s;
    Issue bravo = issueWithBody(hugeBody(u"BRAVO"_s));
    bravo.title = u"Bravo issue"_s;
    QSignalSpy rendered(&view, &IssueView::rendered);
    view.setIssue(alpha);
    QVERIFY(view.isRendering());
    // Let a few slices of the first issue in, then select another.
    QTRY_VERIFY(view.document()->toPlainText().contains(u"Paragraph 1 of ALPHA"_s));
    QVERIFY(view.isRendering());
    view.setIssue(bravo);
    QVERIFY(rendered.wait(10000));
    QCOMPARE(rendered.size(), 1);
    const QString text = view.document()->toPlainText();
    QVERIFY(!text.contains(u"ALPHA"_s));
    QVERIFY(!text.contains(u"Alpha issue"_s));
    QVERIFY(text.contains(u"Bravo issue"_s));
    QVERIFY(text.contains(u"Paragraph 1 of BRAVO"_s));
    QVERIFY(text.contains(u"the rest is not rendered"_s));
}

void tst_IssueView::lateEvidenceOnlyRemarks()
{
    const QString body = u"FSDP with fully_shard hangs.\n\n```python\ndist.init_process_group('nccl')\n```\n\nDone."_s;
    const Issue issue = issueWithBody(body);
    const Evidence prose = evidenceAt(u"body"_s, issue.body, u"fully_shard"_s);
    const Evidence code = evidenceAt(u"body"_s, issue.body, u"init_process_group"_s);
    IssueView view(m_repository.get());
    view.setIssue(issue, {prose});
    QCOMPARE(view.evidenceMarks().size(), 1);
    const IssueView::EvidenceMark first = view.evidenceMarks().first();
    QTextCursor inside(view.document());
    inside.setPosition(first.from + 1);
    QTextCursor code0 = view.document()->find(u"init_process_group"_s);
    QVERIFY(!code0.isNull());
    code0.setPosition(code0.selectionStart() + 1);
    const QTextCharFormat codeBefore = code0.charFormat();
    QVERIFY(inside.charFormat().background().style() != Qt::NoBrush);

    // The same document, re-marked: the old span is back to plain text, the new one is marked.
    const QTextBlock firstBlock = view.document()->firstBlock();
    const int characters = view.document()->characterCount();
    QSignalSpy rendered(&view, &IssueView::rendered);
    view.setEvidence({code});
    QCOMPARE(rendered.size(), 0);
    QCOMPARE(view.document()->characterCount(), characters);
    QVERIFY(view.document()->firstBlock() == firstBlock);
    QCOMPARE(view.evidenceMarks().size(), 1);
    QCOMPARE(markedText(view, view.evidenceMarks().first()), u"init_process_group"_s);
    inside.setPosition(first.from + 1);
    QCOMPARE(inside.charFormat().background().style(), Qt::NoBrush);
    QVERIFY(inside.charFormat().toolTip().isEmpty());
    QTextCursor marked(view.document());
    marked.setPosition(view.evidenceMarks().first().from + 1);
    QVERIFY(marked.charFormat().toolTip().contains(u"module:fsdp"_s));
    // Cleared: the code has its highlighting colour back.
    view.setEvidence({});
    QVERIFY(view.evidenceMarks().isEmpty());
    QCOMPARE(marked.charFormat(), codeBefore);
}

QTEST_MAIN(tst_IssueView)
#include "tst_issueview.moc"

// SPDX-License-Identifier: MIT
#include "engine/core/issuejsonreader.h"
#include "engine/github/githubclient.h"
#include "engine/outbox/outboxstore.h"
#include "engine/review/reviewdecisionstore.h"
#include "models/outbox/outboxmodel.h"
#include "models/queue/issuetablemodel.h"
#include "tests/support/githubtestserver.h"
#include "tests/support/screenshottest.h"
#include "tests/support/windowtest.h"
#include "views/common/apppalette.h"
#include "views/mainwindow.h"
#include "views/outbox/outboxpanel.h"
#include "views/queue/suggestionpanel.h"

#include <KSyntaxHighlighting/Repository>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace {

const QString Parallelisms = u"oncall: distributed parallelisms"_s;
const QString Fsdp = u"module: fsdp"_s;
const QString PlanMarker = u"<!-- triage-console:plan="_s; // the start of every marker the outbox posts

// Writes spaced by milliseconds; answers may take a while on a loaded machine.
RetryPolicy fastPolicy()
{
    RetryPolicy policy = fastRetryPolicy();
    policy.secondaryLimitDelay = 200ms;
    policy.transferTimeout = 2000ms;
    policy.writeSpacing = 2ms;
    return policy;
}

// The demo queue's first issues, as the server holds them: real titles, labels and comments.
QList<Issue> demoIssues(GitHubTestServer &server, int count)
{
    const Result<QList<Issue>> demo = IssueJsonReader::readFile(u":/demo/demo-queue.json"_s);
    if (!demo)
        qFatal("cannot read the demo queue: %s", qPrintable(demo.error()));
    QList<Issue> issues = demo.value().mid(0, count);
    server.issues().clear();
    qint64 commentId = 1;
    for (Issue &issue : issues) {
        TestIssue test;
        test.number = issue.number;
        test.nodeId = u"I_demo%1"_s.arg(issue.number);
        test.title = issue.title;
        test.body = issue.body;
        test.author = issue.author;
        test.association = issue.authorAssociation;
        test.open = issue.isOpen();
        test.labels = issue.labels;
        test.createdAt = issue.createdAt;
        test.updatedAt = issue.updatedAt;
        for (Comment &comment : issue.comments) {
            comment.id = commentId++;
            test.comments.append(
                TestComment{comment.id, comment.author, comment.authorAssociation, comment.body, comment.createdAt});
        }
        issue.commentCount = int(issue.comments.size());
        server.issues().append(test);
    }
    return issues;
}

} // namespace

// The outbox page against the GitHub-shaped test server and a real store file: submit, conflicts, cancel,
// the report, the audit log, and the whole loop from `a` in the window to "submitted" in the queue.
class tst_OutboxPanel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void submitWritesTheSelectedRows();
    void conflictShowsWhatChangedAndWritesNothing();
    void cancelLeavesTheRestReady();
    void submitNeedsATokenAndAStore();
    void rateLimitWaitIsShown();
    void auditLogExports_data();
    void auditLogExports();
    void approveInTheWindowThenSubmit();
    void keepSubscriptionsCheckbox_data();
    void keepSubscriptionsCheckbox();
    void screenshots_data();
    void screenshots();

private:
    OutboxEntry approve(int number, const QString &comment = {});
    OutboxReport submitAndWait(OutboxPanel &panel);
    TestIssue &serverIssue(int number);
    std::unique_ptr<OutboxPanel> openPanel();
    void openWindow(int issues);

    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<GitHubTestServer> m_server;
    std::unique_ptr<GitHubClient> m_client;
    std::unique_ptr<OutboxStore> m_store;
    std::unique_ptr<ReviewDecisionStore> m_decisions;
    std::unique_ptr<MainWindow> m_window;
    RubricPack m_pack;
};

void tst_OutboxPanel::initTestCase()
{
    m_repository = WindowTest::prepare();
    qRegisterMetaType<OutboxReport>();
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY2(pack, qPrintable(pack.error()));
    m_pack = pack.value();
}

void tst_OutboxPanel::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_server = std::make_unique<GitHubTestServer>();
    QVERIFY(m_server->start());
    GitHubTestServer::Generation generation;
    generation.issues = 12;
    generation.maxComments = 2;
    m_server->generate(generation);
    m_client = std::make_unique<GitHubClient>();
    m_client->setApiUrl(m_server->url());
    m_client->setToken(u"ghp_OutboxPanelTestToken"_s);
    m_client->setRetryPolicy(fastPolicy());
    Result<std::unique_ptr<OutboxStore>> store = OutboxStore::open(m_dir->filePath(u"store.sqlite"_s));
    QVERIFY2(store, qPrintable(store.error()));
    m_store = std::move(store).value();
}

void tst_OutboxPanel::cleanup()
{
    m_window.reset();
    m_decisions.reset();
    m_store.reset();
    m_client.reset();
    m_server.reset();
    m_dir.reset();
    QApplication::setPalette(AppPalette::light());
}

TestIssue &tst_OutboxPanel::serverIssue(int number)
{
    for (TestIssue &issue : m_server->issues()) {
        if (issue.number == number)
            return issue;
    }
    qFatal("no issue %d", number);
}

OutboxEntry tst_OutboxPanel::approve(int number, const QString &comment)
{
    ReviewDecision decision;
    decision.repository = m_server->repository();
    decision.number = number;
    decision.state = ReviewState::Approved;
    decision.plan.issueNumber = number;
    decision.plan.profile = u"distributed"_s;
    decision.plan.decision = TriageDecision::Classify;
    decision.plan.subOncall = Parallelisms;
    decision.plan.addLabels = {Parallelisms, Fsdp};
    decision.plan.confidence = Confidence::High;
    decision.plan.comment =
        comment.isEmpty() ? u"Routing to parallelisms: the trace points at FSDP (#%1)."_s.arg(number) : comment;
    decision.reviewer = u"alice"_s;
    const Result<OutboxEntry> entry = m_store->enqueue(decision, serverIssue(number).seen(), m_pack);
    if (!entry)
        qFatal("cannot enqueue: %s", qPrintable(entry.error()));
    return entry.value();
}

std::unique_ptr<OutboxPanel> tst_OutboxPanel::openPanel()
{
    auto panel = std::make_unique<OutboxPanel>();
    panel->setStore(m_store.get());
    panel->setClient(m_client.get());
    panel->resize(1200, 700);
    panel->show();
    panel->activateWindow();
    if (!QTest::qWaitForWindowActive(panel.get()))
        qWarning("the panel did not become active");
    return panel;
}

OutboxReport tst_OutboxPanel::submitAndWait(OutboxPanel &panel)
{
    QSignalSpy finished(&panel, &OutboxPanel::batchFinished);
    panel.submit();
    if (!finished.wait(20000))
        qFatal("the batch did not finish");
    return finished.constFirst().constFirst().value<OutboxReport>();
}

void tst_OutboxPanel::keepSubscriptionsCheckbox_data()
{
    QTest::addColumn<bool>("click"); // untick the box before submitting
    QTest::addColumn<QString>("after");
    QTest::addRow("kept (the default)") << false << u"IGNORED"_s;
    QTest::addRow("unticked: stays subscribed") << true << u"SUBSCRIBED"_s;
}

void tst_OutboxPanel::keepSubscriptionsCheckbox()
{
    QFETCH(bool, click);
    QFETCH(QString, after);

    serverIssue(5).subscription = u"IGNORED"_s;
    const OutboxEntry entry = approve(5);
    auto panel = openPanel();
    QCheckBox *box = panel->keepSubscriptionsBox();
    QVERIFY(box);
    QCOMPARE(box->text(), OutboxPanel::tr("Keep my notification settings"));
    // No queue open: the box speaks for the repository of the outbox's rows.
    QCOMPARE(panel->subscriptionRepository(), m_server->repository());
    QVERIFY(box->isEnabled());
    QVERIFY(box->isChecked());
    if (click) {
        QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
        QVERIFY(!box->isChecked());
        // Stored with the repository, where the headless submit finds it too.
        QVERIFY(!m_store->keepSubscriptions(m_server->repository()));
    }

    const OutboxReport report = submitAndWait(*panel);
    QCOMPARE(report.count(OutboxStatus::Applied), 1);
    QCOMPARE(m_server->issue(entry.number)->subscription, after);

    // Another panel on the same store shows the stored choice.
    panel.reset();
    auto again = openPanel();
    QCOMPARE(again->keepSubscriptionsBox()->isChecked(), !click);
}

void tst_OutboxPanel::submitWritesTheSelectedRows()
{
    const OutboxEntry first = approve(3);
    const OutboxEntry second = approve(4);
    const OutboxEntry third = approve(5);
    auto panel = openPanel();
    QCOMPARE(panel->model()->rowCount(), 3);
    QCOMPARE(panel->counts().ready, 3);
    QVERIFY(panel->submitBlocker().isEmpty());

    // Keyboard: Space leaves the second row out, Ctrl+Return submits.
    QTableView *table = panel->table();
    table->setFocus();
    QVERIFY(panel->selectEntry(second.id));
    QTest::keyClick(table, Qt::Key_Space);
    QCOMPARE(panel->counts().selected, 2);
    QVERIFY(!m_store->entry(second.id).value().selected);

    // The comment as it will be posted, without the hidden marker as text.
    QVERIFY(panel->selectEntry(first.id));
    QVERIFY(panel->detailText().contains(u"the trace points at FSDP (#3)"_s));
    QVERIFY(!panel->detailText().contains(u"triage-console:plan"_s));

    QSignalSpy finished(panel.get(), &OutboxPanel::batchFinished);
    QSignalSpy started(panel.get(), &OutboxPanel::batchStarted);
    QTest::keyClick(table, Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(started.size(), 1);
    QVERIFY(panel->isSubmitting());
    QVERIFY(!panel->findChild<QPushButton *>(u"submitButton"_s)->isEnabled());
    QVERIFY(panel->findChild<QProgressBar *>(u"outboxProgress"_s)->isVisible());
    QVERIFY(finished.wait(20000));
    const OutboxReport report = finished.constFirst().constFirst().value<OutboxReport>();

    const auto statusOf = [&](const OutboxEntry &entry) {
        return OutboxStatus(
            panel->model()->index(panel->model()->rowForId(entry.id), 0).data(OutboxModel::StatusRole).toInt());
    };
    QCOMPARE(statusOf(first), OutboxStatus::Applied);
    QCOMPARE(statusOf(second), OutboxStatus::Ready);
    QCOMPARE(statusOf(third), OutboxStatus::Applied);
    QCOMPARE(panel->counts().done, 2);
    QCOMPARE(panel->counts().ready, 1);
    QVERIFY(!panel->findChild<QProgressBar *>(u"outboxProgress"_s)->isVisible());

    // The server has exactly what was approved, once; nothing for the row left out.
    for (int number : {3, 5}) {
        QVERIFY(serverIssue(number).labels.contains(Parallelisms));
        QVERIFY(serverIssue(number).labels.contains(Fsdp));
        QCOMPARE(serverIssue(number).commentsContaining(PlanMarker), 1);
    }
    QCOMPARE(m_server->writes(4).comments, 0);
    QCOMPARE(m_server->writes(4).labelPosts, 0);
    QCOMPARE(m_server->totalWrites().labelPuts, 0);

    // The report: counts for the meeting notes, copyable.
    QCOMPARE(report.count(OutboxStatus::Applied), 2);
    QVERIFY(panel->lastReport().has_value());
    const QString markdown = panel->reportMarkdown();
    QVERIFY2(markdown.contains(u"#3"_s) && markdown.contains(u"#5"_s), qPrintable(markdown));
    QVERIFY2(markdown.contains(u"2 applied"_s), qPrintable(markdown));
    QVERIFY(panel->findChild<QPushButton *>(u"copyReportButton"_s)->isEnabled());
    QVERIFY(panel->findChild<QWidget *>(u"outboxReport"_s)->isVisible());
}

void tst_OutboxPanel::conflictShowsWhatChangedAndWritesNothing()
{
    const OutboxEntry changed = approve(6);
    const OutboxEntry fine = approve(7);
    // Between the review and the submit, someone comments on #6 and labels it.
    serverIssue(6).labels.append(u"module: ddp"_s);
    m_server->touch(6, u"a new comment"_s);
    auto panel = openPanel();
    QSignalSpy review(panel.get(), &OutboxPanel::reviewRequested);

    const OutboxReport report = submitAndWait(*panel);
    QCOMPARE(report.count(OutboxStatus::Conflict), 1);
    QCOMPARE(report.count(OutboxStatus::Applied), 1);
    QCOMPARE(panel->counts().conflict, 1);
    QCOMPARE(m_server->writes(6).comments, 0);
    QCOMPARE(m_server->writes(6).labelPosts, 0);
    QCOMPARE(m_server->writes(7).comments, 1);

    QVERIFY(panel->selectEntry(changed.id));
    const QString detail = panel->detailText();
    QVERIFY2(detail.contains(u"module: ddp"_s), qPrintable(detail));
    QVERIFY2(detail.contains(u"1 new comment"_s), qPrintable(detail));
    QVERIFY2(detail.contains(u"Nothing was written"_s), qPrintable(detail));
    QVERIFY2(panel->reportMarkdown().contains(u"#6"_s), qPrintable(panel->reportMarkdown()));

    // One click back to the issue in the queue.
    auto *reReview = panel->findChild<QPushButton *>(u"reReviewButton"_s);
    QVERIFY(reReview->isVisible());
    QTest::mouseClick(reReview, Qt::LeftButton);
    QCOMPARE(review.size(), 1);
    QCOMPARE(review.constFirst().at(0).toString(), m_server->repository());
    QCOMPARE(review.constFirst().at(1).toInt(), 6);
    QVERIFY(panel->selectEntry(fine.id));
    QVERIFY(!reReview->isVisible());
}

void tst_OutboxPanel::cancelLeavesTheRestReady()
{
    for (int number = 1; number <= 5; ++number)
        approve(number);
    GitHubTestServer::FaultRule slow;
    slow.fault = GitHubTestServer::Fault::Slow;
    slow.delayMs = 120;
    slow.times = -1;
    m_server->addFault(slow);
    auto panel = openPanel();
    panel->setMaxConcurrent(1);
    // Cancel as soon as the first issue is done.
    connect(panel->model(), &OutboxModel::countsChanged, panel.get(), [&panel](const OutboxModel::Counts &counts) {
        if (counts.done == 1 && panel->isSubmitting())
            panel->cancel();
    });
    const OutboxReport report = submitAndWait(*panel);
    QVERIFY(report.cancelled);
    const OutboxModel::Counts counts = panel->counts();
    QVERIFY2(counts.done >= 1 && counts.ready >= 1, qPrintable(panel->countsText()));
    QCOMPARE(counts.done + counts.ready, 5);
    QCOMPARE(counts.failed + counts.conflict, 0);
    // What was left is untouched on the server and still selected for the next Submit.
    int untouched = 0;
    for (const OutboxEntry &entry : panel->model()->entries()) {
        if (entry.status == OutboxStatus::Ready) {
            ++untouched;
            QVERIFY(entry.selected);
            QCOMPARE(m_server->writes(entry.number).comments, 0);
            QCOMPARE(m_server->writes(entry.number).labelPosts, 0);
        }
    }
    QCOMPARE(untouched, counts.ready);
    QVERIFY(panel->submitBlocker().isEmpty());
}

void tst_OutboxPanel::submitNeedsATokenAndAStore()
{
    approve(2);
    OutboxPanel panel;
    QVERIFY(!panel.submitBlocker().isEmpty()); // no store
    panel.setStore(m_store.get());
    GitHubClient anonymous;
    anonymous.setApiUrl(m_server->url());
    panel.setClient(&anonymous);
    panel.show();
    auto *submit = panel.findChild<QPushButton *>(u"submitButton"_s);
    auto *reason = panel.findChild<QLabel *>(u"submitBlocker"_s);
    QVERIFY(!submit->isEnabled());
    QVERIFY2(reason->isVisible() && reason->text().contains(u"token"_s), qPrintable(reason->text()));
    panel.submit(); // refused, with the reason where it happened
    QVERIFY(!panel.isSubmitting());
    QCOMPARE(m_server->totalWrites().comments, 0);

    panel.setClient(m_client.get());
    QVERIFY(submit->isEnabled());
    QVERIFY(!reason->isVisible());
    panel.setUnavailableReason(u"The demo queue is not written to GitHub."_s);
    QVERIFY(!submit->isEnabled());
    QCOMPARE(reason->text(), u"The demo queue is not written to GitHub."_s);
}

void tst_OutboxPanel::rateLimitWaitIsShown()
{
    approve(9);
    RetryPolicy policy = fastPolicy();
    policy.serverWaitScale = 0.5; // Retry-After: 2 → a 1 s wait, long enough to be seen
    m_client->setRetryPolicy(policy);
    GitHubTestServer::FaultRule limit;
    limit.fault = GitHubTestServer::Fault::SecondaryLimit;
    limit.pathContains = u"POST /labels"_s;
    limit.retryAfterSeconds = 2;
    m_server->addFault(limit);
    auto panel = openPanel();
    QSignalSpy finished(panel.get(), &OutboxPanel::batchFinished);
    panel->submit();
    QTRY_VERIFY_WITH_TIMEOUT(panel->progressText().startsWith(u"waiting 1 s: "_s), 5000);
    QVERIFY(finished.wait(20000));
    QCOMPARE(panel->counts().done, 1);
    QVERIFY(panel->progressText().isEmpty());
}

void tst_OutboxPanel::auditLogExports_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QString>("expected");
    QTest::addRow("json lines") << u"audit.jsonl"_s << u"\"labels\""_s;
    QTest::addRow("markdown") << u"audit.md"_s << u"|"_s;
}

void tst_OutboxPanel::auditLogExports()
{
    QFETCH(QString, fileName);
    QFETCH(QString, expected);
    approve(8);
    auto panel = openPanel();
    submitAndWait(*panel);
    panel->showAuditLog();
    auto *audit = panel->findChild<QTableView *>(u"auditTable"_s);
    QVERIFY(audit);
    QCOMPARE(audit->model()->rowCount(), 3); // the comment, the labels, the notification subscription put back

    const QString path = m_dir->filePath(fileName);
    const Result<bool> written = panel->exportAuditLog(path);
    QVERIFY2(written, qPrintable(written.error()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    QVERIFY2(text.contains(expected), qPrintable(text));
    QVERIFY2(text.contains(u"#8"_s) || text.contains(u"\"number\":8"_s), qPrintable(text));
    QVERIFY(!text.contains(u"ghp_OutboxPanelTestToken"_s));
}

void tst_OutboxPanel::openWindow(int issues)
{
    auto decisions = ReviewDecisionStore::open(m_dir->filePath(u"store.sqlite"_s));
    QVERIFY2(decisions, qPrintable(decisions.error()));
    m_decisions = std::move(decisions).value();
    const QList<Issue> queue = demoIssues(*m_server, issues);
    m_window = std::make_unique<MainWindow>(m_repository.get());
    QSignalSpy triaged(m_window.get(), &MainWindow::triageFinished);
    m_window->setDecisionStore(m_decisions.get());
    m_window->setPack(m_pack);
    m_window->setGitHub(m_client.get(), nullptr);
    m_window->setIssues(queue, u"pytorch/pytorch · oncall: distributed"_s, m_server->repository());
    m_window->selectFirstIssue();
    m_window->resize(1440, 900);
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QVERIFY(!triaged.isEmpty() || triaged.wait(10000));
    auto *table = m_window->findChild<QTableView *>(u"issueTable"_s);
    table->setFocus();
    QTRY_VERIFY(table->hasFocus());
    QTRY_VERIFY(m_window->suggestionPanel()->hasPlan());
}

void tst_OutboxPanel::approveInTheWindowThenSubmit()
{
    openWindow(5);
    QVERIFY(m_window->outboxStore());
    OutboxPanel *panel = m_window->outboxPanel();
    auto *outboxAction = m_window->findChild<QAction *>(u"outboxAction"_s);
    QVERIFY(outboxAction);

    // a approves and queues; s skips and does not; u takes them back in order.
    const int first = m_window->currentIssueNumber();
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_A);
    QCOMPARE(panel->model()->rowCount(), 1);
    QCOMPARE(outboxAction->text(), u"Outbox (1)"_s);
    const int second = m_window->currentIssueNumber();
    QVERIFY(second != first);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_S);
    QCOMPARE(panel->model()->rowCount(), 1);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_U);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_U);
    QCOMPARE(panel->model()->rowCount(), 0);
    QCOMPARE(m_store->entries().value().size(), 0);

    // Approve the first three again; each is queued with the issue as the reviewer saw it.
    m_window->selectIssue(first);
    QList<int> approved;
    for (int i = 0; i < 3; ++i) {
        const int number = m_window->currentIssueNumber();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_A);
        if (m_window->tableModel()->reviewState(number) != ReviewState::New)
            approved.append(number);
        else
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_J); // a queue rule refused it
    }
    QVERIFY(!approved.isEmpty());
    QCOMPARE(panel->model()->rowCount(), approved.size());

    // Ctrl+Shift+O: the outbox page; the single review keys are off there.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(m_window->isOutboxShown());
    QVERIFY(outboxAction->isChecked());
    const int stackSize = m_window->undoStack()->count();
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_A);
    QCOMPARE(m_window->undoStack()->count(), stackSize);

    QSignalSpy finished(panel, &OutboxPanel::batchFinished);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(finished.wait(20000));
    QCOMPARE(panel->counts().done, approved.size());
    for (int number : std::as_const(approved)) {
        QCOMPARE(serverIssue(number).commentsContaining(PlanMarker), m_server->writes(number).comments);
        QCOMPARE(m_window->tableModel()->reviewState(number), ReviewState::Submitted);
    }
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(!m_window->isOutboxShown());
}

void tst_OutboxPanel::screenshots_data()
{
    ScreenshotTest::addThemes();
}

// With TRIAGE_SCREENSHOT_DIR set: the window's outbox page before, during and after a real batch against the
// test server (slowed down so that "during" shows progress), one issue changed on the server meanwhile.
void tst_OutboxPanel::screenshots()
{
    TRIAGE_SCREENSHOT_SETUP();
    openWindow(12);
    OutboxPanel *panel = m_window->outboxPanel();
    int approved = 0;
    for (int i = 0; i < 12 && approved < 9; ++i) {
        const int number = m_window->currentIssueNumber();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_A);
        if (m_window->tableModel()->reviewState(number) != ReviewState::New)
            ++approved;
        else
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_J);
    }
    QVERIFY(approved >= 4);
    // Someone labels one of them meanwhile: it ends as a conflict.
    const OutboxEntry changed = panel->model()->entryAt(2);
    serverIssue(changed.number).labels.append(u"module: ddp"_s);
    m_server->touch(changed.number, u"I think this is a DDP bug, not FSDP"_s);
    m_window->showOutbox(true);
    panel->setMaxConcurrent(1);
    QVERIFY(panel->selectEntry(panel->model()->entryAt(0).id));
    QTest::qWait(100);
    QVERIFY(m_window->grab().save(QDir(dir).filePath(u"outbox-before"_s + suffix + u".png"_s)));

    GitHubTestServer::FaultRule slow;
    slow.fault = GitHubTestServer::Fault::Slow;
    slow.delayMs = 150;
    slow.times = -1;
    m_server->addFault(slow);
    bool grabbed = false;
    connect(panel->model(), &OutboxModel::countsChanged, panel, [&](const OutboxModel::Counts &counts) {
        if (grabbed || counts.done + counts.conflict < 3 || !panel->isSubmitting())
            return;
        grabbed = true;
        QTimer::singleShot(0, panel, [&] {
            QVERIFY(m_window->grab().save(QDir(dir).filePath(u"outbox-during"_s + suffix + u".png"_s)));
        });
    });
    QSignalSpy finished(panel, &OutboxPanel::batchFinished);
    panel->submit();
    QVERIFY(finished.wait(60000));
    QVERIFY(grabbed);
    QVERIFY(panel->selectEntry(changed.id));
    QTest::qWait(100);
    QVERIFY(m_window->grab().save(QDir(dir).filePath(u"outbox-after"_s + suffix + u".png"_s)));
    panel->showReport();
    QTest::qWait(100);
    QVERIFY(m_window->grab().save(QDir(dir).filePath(u"outbox-report"_s + suffix + u".png"_s)));
    panel->showAuditLog();
    QTest::qWait(100);
    QVERIFY(m_window->grab().save(QDir(dir).filePath(u"outbox-audit"_s + suffix + u".png"_s)));
}

QTEST_MAIN(tst_OutboxPanel)
#include "tst_outboxpanel.moc"

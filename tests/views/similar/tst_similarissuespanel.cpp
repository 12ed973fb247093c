// SPDX-License-Identifier: MIT
// The Similar tab on a real store and a real lookup thread; and `d` in the window, to the outbox.
#include "engine/outbox/outboxstore.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/similar/similaritylookup.h"
#include "engine/store/issuestore.h"
#include "models/similar/similarmatchmodel.h"
#include "tests/support/testdata.h"
#include "views/common/apppalette.h"
#include "views/mainwindow.h"
#include "views/queue/searchdialog.h"
#include "views/similar/similarissuespanel.h"

#include <KSyntaxHighlighting/Repository>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;

Issue issueNumbered(int number)
{
    for (const Issue &issue : TestData::similarCorpus()) {
        if (issue.number == number)
            return issue;
    }
    return {};
}

} // namespace

class tst_SimilarIssuesPanel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setStyle(u"Fusion"_s);
        QApplication::setPalette(AppPalette::light());
        qRegisterMetaType<DuplicatePlan>();
    }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        const Result<int> written = TestData::writeSynced(path(), Repo, TestData::similarCorpus());
        QVERIFY2(written.ok(), qPrintable(written.error()));
    }

    void showsMatchesAndWhy()
    {
        SimilarityLookup lookup(path());
        SimilarIssuesPanel panel;
        QAbstractItemModelTester tester(panel.model());
        panel.setLookup(&lookup);
        panel.setRepository(Repo);
        QSignalSpy shown(&panel, &SimilarIssuesPanel::matchesShown);
        panel.setIssue(issueNumbered(103));
        QVERIFY(panel.isLookingUp()); // the answer comes later, from the lookup's thread
        QVERIFY(shown.wait(10000));
        QCOMPARE(shown.constLast().constFirst().toInt(), 103);
        QVERIFY(!panel.isLookingUp());
        QVERIFY(panel.model()->rowCount() > 0);
        QCOMPARE(panel.currentMatch().number, 104);
        QVERIFY(panel.bannerText().isEmpty());
        const QString why = panel.whyHtml();
        QVERIFY2(why.contains(u"_full_post_state_dict_hook"_s), qPrintable(why));
        QVERIFY(why.contains(u"background-color"_s)); // the shared words are marked
        QVERIFY(why.contains(u"Loading a sharded"_s));
        QVERIFY(why.contains(u"#103"_s) && why.contains(u"use_orig_params"_s)); // and this issue's own text too
        for (const SimilarityMatch &match : panel.model()->matches())
            QVERIFY(match.number != 103);
    }

    void staleAnswersAreDropped()
    {
        SimilarityLookup lookup(path());
        SimilarIssuesPanel panel;
        panel.setLookup(&lookup);
        panel.setRepository(Repo);
        QSignalSpy shown(&panel, &SimilarIssuesPanel::matchesShown);
        // Moving fast (j, j, j): only the last issue's matches are shown.
        panel.setIssue(issueNumbered(101));
        panel.setIssue(issueNumbered(103));
        panel.setIssue(issueNumbered(105));
        QVERIFY(shown.wait(10000));
        QTest::qWait(200); // any late answer would arrive meanwhile
        QCOMPARE(shown.size(), 1);
        QCOMPARE(shown.constFirst().constFirst().toInt(), 105);
        QCOMPARE(panel.currentMatch().number, 106);
    }

    void markDuplicate()
    {
        SimilarityLookup lookup(path());
        SimilarIssuesPanel panel;
        panel.setLookup(&lookup);
        panel.setRepository(Repo);
        panel.setPack(OutboxStore::packFor(u"pt2"_s).value());
        panel.setReviewer(u"alice"_s);
        QSignalSpy shown(&panel, &SimilarIssuesPanel::matchesShown);
        QSignalSpy requested(&panel, &SimilarIssuesPanel::duplicateRequested);
        panel.setIssue(issueNumbered(103));
        QVERIFY(shown.wait(10000));

        // #102 is closed, and #104, open, is among the matches: the first press asks to prefer it.
        QVERIFY(panel.selectMatch(102));
        QVERIFY(panel.selectMatch(104) && panel.currentMatch().isOpen());
        QVERIFY(panel.selectMatch(102));
        QVERIFY(!panel.markDuplicate());
        QVERIFY2(panel.bannerText().contains(u"prefer the open one"_s), qPrintable(panel.bannerText()));
        QVERIFY(panel.bannerText().contains(u"Press d again"_s));
        QCOMPARE(requested.size(), 0);
        QVERIFY(panel.markDuplicate()); // confirmed
        QCOMPARE(requested.size(), 1);
        const DuplicatePlan plan = requested.constFirst().constFirst().value<DuplicatePlan>();
        QCOMPARE(plan.target, 102);
        QCOMPARE(plan.decision.number, 103);
        QCOMPARE(plan.decision.plan.comment, u"Duplicate of #102"_s);
        QCOMPARE(plan.close.stateReason, u"duplicate"_s);
        QVERIFY(panel.bannerText().isEmpty());

        panel.setOutboxUnavailableReason(u"The demo queue's issues are made up."_s);
        QVERIFY(!panel.markDuplicate());
        QCOMPARE(panel.bannerText(), u"The demo queue's issues are made up."_s);
    }

    void withoutAStore()
    {
        SimilarIssuesPanel panel;
        panel.setRepository(Repo);
        QSignalSpy shown(&panel, &SimilarIssuesPanel::matchesShown);
        panel.setIssue(issueNumbered(101));
        QCOMPARE(shown.size(), 1);
        QVERIFY(panel.bannerText().contains(u"local store"_s));
        QCOMPARE(panel.model()->rowCount(), 0);
        QVERIFY(!panel.markDuplicate());
    }

    void highlighted_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("words");
        QTest::addColumn<int>("maxChars");
        QTest::addColumn<QStringList>("marked");
        QTest::addColumn<QStringList>("absent");
        QTest::addRow("whole words only")
            << u"NCCL timeout; ncclx is not nccl"_s << QStringList{u"nccl"_s} << 0
            << QStringList{u">NCCL</span>"_s, u">nccl</span>"_s} << QStringList{u">ncclx"_s};
        QTest::addRow("escaped") << u"a <b> KeyError"_s << QStringList{u"keyerror"_s} << 0
                                 << QStringList{u"&lt;b&gt;"_s, u">KeyError</span>"_s} << QStringList{u"<b>"_s};
        QTest::addRow("passages") << (QString(400, u'x') + u" the bias key "_s + QString(400, u'y'))
                                  << QStringList{u"bias"_s} << 200 << QStringList{u"… "_s, u">bias</span>"_s}
                                  << QStringList{QString(300, u'x')};
    }
    void highlighted()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, words);
        QFETCH(int, maxChars);
        QFETCH(QStringList, marked);
        QFETCH(QStringList, absent);
        const QString html = SimilarIssuesPanel::highlighted(text, QSet<QString>(words.begin(), words.end()), maxChars);
        for (const QString &part : marked)
            QVERIFY2(html.contains(part), qPrintable(html));
        for (const QString &part : absent)
            QVERIFY2(!html.contains(part), qPrintable(html));
    }

    // In the window: `d` on the Similar tab puts "Duplicate of #N" and the close in the outbox, as an
    // approval (stored, undone with `u`).
    void duplicateKeyInTheWindow()
    {
        KSyntaxHighlighting::Repository syntax;
        auto decisions = ReviewDecisionStore::open(path());
        QVERIFY(decisions.ok());
        auto issues = IssueStore::open(path());
        QVERIFY(issues.ok());
        MainWindow window(&syntax);
        QSignalSpy triaged(&window, &MainWindow::triageFinished);
        window.setDecisionStore(decisions.value().get());
        window.setPack(OutboxStore::packFor(u"distributed"_s).value());
        window.setGitHub(nullptr, issues.value().get());
        QList<Issue> queue = TestData::similarCorpus().mid(0, 4); // 101–104, all open
        window.setIssues(queue, u"corpus"_s, Repo);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!triaged.isEmpty() || triaged.wait(10000));
        QSignalSpy shown(window.similarPanel(), &SimilarIssuesPanel::matchesShown);
        QVERIFY(window.selectIssue(103));
        QVERIFY(shown.wait(10000));
        QCOMPARE(window.similarPanel()->currentMatch().number, 104);

        auto *table = window.findChild<QTableView *>(u"issueTable"_s);
        table->setFocus();
        QTRY_VERIFY(table->hasFocus());
        QTest::keyClick(table, Qt::Key_D);
        QVERIFY(window.isSimilarTabShown());
        QTRY_COMPARE(window.outboxStore()->entries().value().size(), 1);
        const OutboxEntry entry = window.outboxStore()->entries().value().constFirst();
        QCOMPARE(entry.number, 103);
        QCOMPARE(entry.comment, u"Duplicate of #104"_s);
        QVERIFY(entry.close);
        QCOMPARE(entry.stateReason, u"duplicate"_s);
        QCOMPARE(entry.status, OutboxStatus::Ready);
        QCOMPARE(decisions.value()->latest(Repo).value().value(103).plan.decision,
                 TriageDecision(TriageDecision::Duplicate));

        QTest::keyClick(window.focusWidget() ? window.focusWidget() : &window, Qt::Key_U);
        QTRY_COMPARE(window.outboxStore()->entries().value().size(), 0);
    }

    void searchDialog_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("labels");
        QTest::addColumn<QueueState>("state");
        QTest::addColumn<QList<int>>("numbers");
        QTest::addRow("words") << u"generator"_s << QString() << QueueState::All << QList<int>{105, 106};
        QTest::addRow("closed") << u"generator"_s << QString() << QueueState::Closed << QList<int>{106};
        QTest::addRow("labels") << u"bias OR inductor"_s << u"module: inductor, oncall: pt2"_s << QueueState::All
                                << QList<int>{107, 108};
        QTest::addRow("column") << u"title: checkpoint"_s << QString() << QueueState::All << QList<int>{104};
    }
    void searchDialog()
    {
        QFETCH(QString, text);
        QFETCH(QString, labels);
        QFETCH(QueueState, state);
        QFETCH(QList<int>, numbers);
        KSyntaxHighlighting::Repository syntax;
        SimilarityLookup lookup(path());
        SearchDialog dialog(&lookup, Repo, &syntax);
        QAbstractItemModelTester tester(dialog.model());
        QSignalSpy finished(&dialog, &SearchDialog::searchFinished);
        dialog.setLabels(labels);
        dialog.setState(state);
        dialog.setQuery(text);
        QVERIFY(finished.wait(10000)); // after the debounce, from the lookup's thread
        QList<int> found;
        for (const SimilarityMatch &match : dialog.model()->matches())
            found.append(match.number);
        std::sort(found.begin(), found.end());
        QCOMPARE(found, numbers);
        QSignalSpy open(&dialog, &SearchDialog::openIssueRequested);
        dialog.openCurrent();
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.constFirst().at(0).toString(), Repo);
        QCOMPARE(open.constFirst().at(1).toInt(), dialog.model()->matchAt(0).number);
    }

    void searchDialogSyntaxError()
    {
        KSyntaxHighlighting::Repository syntax;
        SimilarityLookup lookup(path());
        SearchDialog dialog(&lookup, Repo, &syntax);
        QSignalSpy finished(&dialog, &SearchDialog::searchFinished);
        dialog.setQuery(u"\"unclosed"_s);
        dialog.search();
        QVERIFY(finished.wait(10000));
        QVERIFY2(dialog.statusText().contains(u"full-text syntax"_s), qPrintable(dialog.statusText()));
        QCOMPARE(dialog.model()->rowCount(), 0);
    }

private:
    QString path() const { return m_dir->filePath(u"store.sqlite"_s); }
    std::unique_ptr<QTemporaryDir> m_dir;
};

QTEST_MAIN(tst_SimilarIssuesPanel)
#include "tst_similarissuespanel.moc"

// SPDX-License-Identifier: MIT
#include "engine/core/issuejsonreader.h"
#include "engine/triage/triageengine.h"
#include "tests/support/testdata.h"
#include "views/common/apppalette.h"
#include "views/common/labelchipdelegate.h"
#include "views/queue/suggestionpanel.h"

#include <KMessageWidget>

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace {

// The guardrail banner's button for its "Use … instead" action (KMessageWidget makes a tool button per action).
QToolButton *useReviewButton(const QWidget *panel)
{
    const QList<QToolButton *> buttons = panel->findChildren<QToolButton *>();
    for (QToolButton *button : buttons) {
        if (button->defaultAction() && button->defaultAction()->objectName() == u"useReviewAction"_s)
            return button;
    }
    return nullptr;
}

QList<Issue> smallQueue()
{
    return TestData::issues(u"queue-small.json"_s);
}

} // namespace

class tst_SuggestionPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void showsThePlan_data();
    void showsThePlan();
    void highPriorityExplainedAndOffersReview();
    void guardrailBannerFollowsTheScheme_data();
    void guardrailBannerFollowsTheScheme();
    void chipTogglingChangesThePlan();
    void subOncallIsExactlyOne();
    void commentEdits();
    void rationaleActivatesEvidence();
    void reviewedPlanWins();
    void reproLineNamesTheLabelOnlyWhenAsked_data();
    void reproLineNamesTheLabelOnlyWhenAsked();
    void closeIsShownBeforeApproval();
    void operatorLineNamesTheOpAskedAbout_data();
    void operatorLineNamesTheOpAskedAbout();
    void chipsNeverCoverTheLabelPicker_data();
    void chipsNeverCoverTheLabelPicker();
    void repositoryLabelsInThePicker_data();
    void repositoryLabelsInThePicker();

private:
    RubricPack m_pack;
    QList<Issue> m_issues;
    std::unique_ptr<SuggestionPanel> m_panel;
    std::optional<TriagePlan> m_plan;
};

void tst_SuggestionPanel::initTestCase()
{
    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(AppPalette::light());
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY2(pack.ok(), qPrintable(pack.error()));
    m_pack = pack.value();
    m_issues = smallQueue();
}

void tst_SuggestionPanel::init()
{
    m_panel = std::make_unique<SuggestionPanel>();
    m_panel->setPack(m_pack);
    const TriageEngine engine(m_pack);
    m_plan = engine.plan(m_issues.first());
    m_panel->setSuggestion(m_issues.first(), m_plan, std::nullopt, ReviewState::New);
    m_panel->resize(480, 800);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
}

void tst_SuggestionPanel::showsThePlan_data()
{
    QTest::addColumn<int>("row");
    for (int row = 0; row < 5; ++row)
        QTest::addRow("issue %d", row) << row;
}

void tst_SuggestionPanel::showsThePlan()
{
    QFETCH(int, row);
    const TriageEngine engine(m_pack);
    const TriagePlan plan = engine.plan(m_issues.at(row));
    m_panel->setSuggestion(m_issues.at(row), plan, std::nullopt, ReviewState::New);
    QVERIFY(!m_panel->isEdited());
    QCOMPARE(m_panel->plan().addLabels, plan.addLabels);
    auto *combo = m_panel->findChild<QComboBox *>(u"subOncallCombo"_s);
    QCOMPARE(combo->currentData().toString(), plan.subOncall);
    // Every module or type label the plan adds is a checked chip.
    for (const QString &label : plan.addLabels) {
        if (m_pack.subOncallByLabel(label))
            continue;
        QAbstractButton *chip = m_panel->chip(label);
        QVERIFY2(chip, qPrintable(label));
        QVERIFY(chip->isChecked());
    }
    // The badge has a word and a shape, not only a colour.
    const QString badge = m_panel->findChild<QLabel *>(u"confidenceBadge"_s)->text();
    QVERIFY2(badge.contains(confidenceName(plan.confidence).isEmpty() ? u"no confidence"_s
                                                                      : confidenceName(plan.confidence)),
             qPrintable(badge));
    QVERIFY(badge.front() == u'●' || badge.front() == u'◆' || badge.front() == u'▲' || badge.front() == u'○');
    QCOMPARE(m_panel->findChild<QListWidget *>(u"rationaleList"_s)->count(),
             std::max<qsizetype>(1, plan.evidence.size()));
    QVERIFY(m_panel->guardrailText().isEmpty());
}

void tst_SuggestionPanel::highPriorityExplainedAndOffersReview()
{
    QSignalSpy edited(m_panel.get(), &SuggestionPanel::planEdited);
    auto *picker = m_panel->findChild<QComboBox *>(u"addLabelCombo"_s);
    const int index = picker->findData(u"high priority"_s);
    QVERIFY(index > 0);
    picker->setCurrentIndex(index);
    Q_EMIT picker->activated(index);
    QCOMPARE(edited.size(), 1);
    QVERIFY(m_panel->plan().addLabels.contains(u"high priority"_s));
    QVERIFY(!m_panel->violations().isEmpty());
    QCOMPARE(m_panel->violations().first().rule, QLatin1StringView("no-high-priority"));
    QVERIFY(m_panel->findChild<QWidget *>(u"guardrailBanner"_s)->isVisible());
    QVERIFY(!m_panel->guardrailText().isEmpty());
    QToolButton *offer = useReviewButton(m_panel.get());
    QVERIFY(offer);
    QVERIFY(offer->isVisible());
    QVERIFY(offer->text().contains(u"triage review"_s));

    QTest::mouseClick(offer, Qt::LeftButton);
    QTRY_VERIFY(!m_panel->plan().addLabels.contains(u"high priority"_s)); // once the click is over
    QVERIFY(m_panel->plan().addLabels.contains(u"triage review"_s));
    QVERIFY(m_panel->violations().isEmpty());
    QVERIFY(!m_panel->findChild<QWidget *>(u"guardrailBanner"_s)->isVisible());
    QVERIFY(m_panel->isEdited());
}

void tst_SuggestionPanel::guardrailBannerFollowsTheScheme_data()
{
    QTest::addColumn<bool>("dark");
    QTest::addRow("light") << false;
    QTest::addRow("dark") << true;
}

// The guardrails' banner is the one message banner (KMessageWidget, a warning) in the panel's scheme. With
// TRIAGE_SCREENSHOT_DIR set, the panel is saved there as guardrail-banner[-dark].png.
void tst_SuggestionPanel::guardrailBannerFollowsTheScheme()
{
    QFETCH(bool, dark);
    m_panel->setPalette(dark ? AppPalette::dark() : AppPalette::light());
    m_panel->setLabelChecked(u"high priority"_s, true);
    auto *banner = m_panel->findChild<KMessageWidget *>(u"guardrailBanner"_s);
    QVERIFY(banner);
    QVERIFY(banner->isVisible());
    QCOMPARE(banner->messageType(), KMessageWidget::Warning);
    QCOMPARE(banner->text(), m_panel->guardrailText());
    QVERIFY(banner->text().contains(m_panel->violations().first().message));
    QVERIFY(useReviewButton(m_panel.get()));
    // As drawn, once laid out: its ground in the panel's scheme, the text readable on it.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    const QImage drawn = banner->grab().toImage();
    const QColor ground = drawn.pixelColor(drawn.width() - 12, 8);
    const QColor text = banner->palette().color(QPalette::WindowText);
    QCOMPARE(ground.lightness() < 128, dark);
    QVERIFY2(std::abs(ground.lightness() - text.lightness()) > 100,
             qPrintable(u"ground %1, text %2"_s.arg(ground.name(), text.name())));
    if (const QString dir = qEnvironmentVariable("TRIAGE_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(m_panel->grab().save(
            QDir(dir).filePath(dark ? u"guardrail-banner-dark.png"_s : u"guardrail-banner.png"_s)));
    m_panel->setLabelChecked(u"high priority"_s, false);
    QVERIFY(!banner->isVisible());
    QVERIFY(m_panel->guardrailText().isEmpty());
}

void tst_SuggestionPanel::chipTogglingChangesThePlan()
{
    QStringList chips;
    for (const QString &label : m_plan->addLabels) {
        if (!m_pack.subOncallByLabel(label))
            chips.append(label);
    }
    QVERIFY(!chips.isEmpty());
    const QString label = chips.first();
    QSignalSpy edited(m_panel.get(), &SuggestionPanel::planEdited);
    QAbstractButton *chip = m_panel->chip(label);
    QTest::mouseClick(chip, Qt::LeftButton);
    QVERIFY(!chip->isChecked());
    QVERIFY(!m_panel->plan().addLabels.contains(label));
    QCOMPARE(edited.size(), 1);
    QVERIFY(!edited.last().at(0).value<TriagePlan>().addLabels.contains(label));
    QVERIFY(m_panel->isEdited());
    QTest::mouseClick(chip, Qt::LeftButton);
    QVERIFY(m_panel->plan().addLabels.contains(label));
    QVERIFY(!m_panel->isEdited());
}

void tst_SuggestionPanel::subOncallIsExactlyOne()
{
    auto *combo = m_panel->findChild<QComboBox *>(u"subOncallCombo"_s);
    QCOMPARE(combo->count(), m_pack.subOncalls.size());
    const QString other = combo->itemData((combo->currentIndex() + 1) % combo->count()).toString();
    m_panel->setSubOncall(other);
    const TriagePlan plan = m_panel->plan();
    QCOMPARE(plan.subOncall, other);
    int subOncallLabels = 0;
    for (const QString &label : plan.addLabels)
        subOncallLabels += m_pack.subOncallByLabel(label) ? 1 : 0;
    QVERIFY(subOncallLabels <= 1);
    QVERIFY(!plan.addLabels.contains(m_plan->subOncall) || m_plan->subOncall == other);
    QVERIFY(m_panel->isEdited());
}

void tst_SuggestionPanel::commentEdits()
{
    auto *edit = m_panel->findChild<QPlainTextEdit *>(u"commentEdit"_s);
    edit->setFocus();
    QTest::keyClicks(edit, u"Thanks!"_s);
    QVERIFY(m_panel->plan().comment.endsWith(u"Thanks!"_s));
    QVERIFY(m_panel->isEdited());
}

void tst_SuggestionPanel::rationaleActivatesEvidence()
{
    auto *list = m_panel->findChild<QListWidget *>(u"rationaleList"_s);
    if (m_plan->evidence.isEmpty())
        QSKIP("the first issue's plan has no evidence");
    QSignalSpy activated(m_panel.get(), &SuggestionPanel::evidenceActivated);
    const QRect rect = list->visualItemRect(list->item(0));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(activated.size(), 1);
    QCOMPARE(activated.first().at(0).value<Evidence>(), m_plan->evidence.first());
}

void tst_SuggestionPanel::reviewedPlanWins()
{
    TriagePlan reviewed = *m_plan;
    reviewed.comment = u"Reviewed comment"_s;
    m_panel->setSuggestion(m_issues.first(), m_plan, reviewed, ReviewState::Edited);
    QCOMPARE(m_panel->findChild<QPlainTextEdit *>(u"commentEdit"_s)->toPlainText(), u"Reviewed comment"_s);
    QVERIFY(m_panel->isEdited());
    QCOMPARE(m_panel->findChild<QLabel *>(u"reviewStateLabel"_s)->text(), u"edited"_s);
}

void tst_SuggestionPanel::reproLineNamesTheLabelOnlyWhenAsked_data()
{
    QTest::addColumn<QString>("profile");
    QTest::addColumn<bool>("asks"); // the plan adds the pack's reproduction label
    QTest::addColumn<bool>("screenshotOnly");
    QTest::addRow("distributed, asks") << u"distributed"_s << true << false;
    QTest::addRow("distributed, asks, screenshots only") << u"distributed"_s << true << true;
    QTest::addRow("distributed, reviewer unchecked it") << u"distributed"_s << false << false;
    QTest::addRow("first level routes and stops") << u"general"_s << false << false;
}

void tst_SuggestionPanel::reproLineNamesTheLabelOnlyWhenAsked()
{
    QFETCH(QString, profile);
    QFETCH(bool, asks);
    QFETCH(bool, screenshotOnly);
    const Result<RubricPack> pack = RubricPack::builtin(profile);
    QVERIFY2(pack.ok(), qPrintable(pack.error()));
    const QString label = u"needs reproduction"_s;
    TriagePlan plan = *m_plan;
    plan.profile = profile;
    plan.addLabels.removeAll(label);
    if (asks)
        plan.addLabels.append(pack->reproLabel);
    SuggestionPanel panel;
    panel.setPack(pack.value());
    panel.setSuggestion(m_issues.first(), plan, std::nullopt, ReviewState::New);
    ReproStatus status;
    status.number = m_issues.first().number;
    status.screenshotOnly = screenshotOnly;
    panel.setReproStatus(status);
    QVERIFY2(panel.reproText().contains(screenshotOnly ? u"only in screenshots"_s : u"none found"_s),
             qPrintable(panel.reproText()));
    QCOMPARE(panel.reproText().contains(label), asks);
}

void tst_SuggestionPanel::operatorLineNamesTheOpAskedAbout_data()
{
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("line"); // empty: no operator line
    QTest::newRow("DTensor's missing-strategy error")
        << u"Model fails after parallelize_module"_s
        << u"NotImplementedError: Operator aten.cumsum.default does not have a sharding strategy registered."_s
        << u"Operator asked about: aten.cumsum.default, from DTensor's missing-strategy error: “NotImplementedError: "
           "Operator aten.cumsum.default does not have a sharding strategy registered.”"_s;
    QTest::newRow("a DTensor issue's code")
        << u"DTensor support for kron"_s << u"```python\nout = torch.kron(a, b)\n```"_s
        << u"Operator asked about: aten.kron.default"_s;
    QTest::newRow("torch calls in an issue about something else")
        << u"FSDP hangs with matmul in the loop"_s << u"```python\ny = torch.matmul(x, w)\n```"_s << QString();
    QTest::newRow("no op at all") << u"NCCL timeout"_s << u"The job hangs."_s << QString();
}

void tst_SuggestionPanel::operatorLineNamesTheOpAskedAbout()
{
    QFETCH(QString, title);
    QFETCH(QString, body);
    QFETCH(QString, line);
    Issue issue = m_issues.first();
    issue.title = title;
    issue.body = body;
    m_panel->setSuggestion(issue, m_plan, std::nullopt, ReviewState::New);
    const QLabel *label = m_panel->findChild<QLabel *>(u"operatorLine"_s);
    QVERIFY(label);
    QCOMPARE(label->isVisible(), !line.isEmpty());
    if (line.isEmpty()) {
        QVERIFY(m_panel->operatorText().isEmpty());
        QVERIFY(m_panel->operators().isEmpty());
        return;
    }
    QVERIFY2(m_panel->operatorText().startsWith(line), qPrintable(m_panel->operatorText()));
    QVERIFY(m_panel->operatorText().contains(u"Operator probe"_s));
    QVERIFY(!m_panel->operators().isEmpty());
    // The next issue, which asks about no op, clears it.
    issue.title = u"NCCL timeout"_s;
    issue.body = u"The job hangs."_s;
    m_panel->setSuggestion(issue, m_plan, std::nullopt, ReviewState::New);
    QVERIFY(m_panel->operatorText().isEmpty());
    QVERIFY(!label->isVisible());
}

void tst_SuggestionPanel::closeIsShownBeforeApproval()
{
    const QLabel *decision = m_panel->findChild<QLabel *>(u"decisionLabel"_s);
    QVERIFY(decision);
    QVERIFY2(!decision->text().contains(u"closes"_s), qPrintable(decision->text()));
    TriagePlan closing = *m_plan;
    closing.close = true;
    closing.stateReason = u"not_planned"_s;
    m_panel->setSuggestion(m_issues.first(), closing, std::nullopt, ReviewState::New);
    QVERIFY2(decision->text().contains(u"closes the issue as not planned"_s), qPrintable(decision->text()));
}

void tst_SuggestionPanel::chipsNeverCoverTheLabelPicker_data()
{
    QTest::addColumn<qreal>("scale"); // of the font: 1.35 is presentation mode
    QTest::addColumn<QSize>("size");
    QTest::addRow("normal, tall") << 1.0 << QSize(480, 800);
    QTest::addRow("normal, narrow and short") << 1.0 << QSize(300, 420);
    QTest::addRow("presentation, 1440x900 window") << 1.35 << QSize(560, 470);
    QTest::addRow("presentation, narrow") << 1.35 << QSize(380, 470);
}

void tst_SuggestionPanel::chipsNeverCoverTheLabelPicker()
{
    QFETCH(qreal, scale);
    QFETCH(QSize, size);
    QFont font = m_panel->font();
    font.setPointSizeF(font.pointSizeF() * scale);
    m_panel->setFont(font);
    TriagePlan plan = *m_plan;
    for (const QString &label : {u"module: c10d"_s, u"ptd-bot-triaged"_s, u"triage review"_s})
        if (!plan.addLabels.contains(label))
            plan.addLabels.append(label);
    m_panel->setSuggestion(m_issues.first(), plan, std::nullopt, ReviewState::New);
    m_panel->resize(size);
    const QWidget *picker = m_panel->findChild<QComboBox *>(u"addLabelCombo"_s);
    const QWidget *chips = m_panel->findChild<QWidget *>(u"labelChips"_s);
    QVERIFY(picker && chips);
    QTRY_VERIFY2(
        [&] {
            for (const QAbstractButton *chip : chips->findChildren<QAbstractButton *>()) {
                const int bottom = chip->mapTo(m_panel.get(), QPoint(0, chip->height())).y();
                if (bottom > picker->mapTo(m_panel.get(), QPoint(0, 0)).y())
                    return false;
            }
            return true;
        }(),
        qPrintable(u"chips end at %1, picker starts at %2, chip area %3 high (min %4), content %5 in %6"_s
                       .arg(chips->mapTo(m_panel.get(), QPoint(0, chips->childrenRect().bottom())).y())
                       .arg(picker->mapTo(m_panel.get(), QPoint(0, 0)).y())
                       .arg(chips->height())
                       .arg(chips->minimumHeight())
                       .arg(m_panel->findChild<QWidget *>(u"suggestionContent"_s)->height())
                       .arg(m_panel->height())));
}

QTEST_MAIN(tst_SuggestionPanel)
#include "tst_suggestionpanel.moc"

void tst_SuggestionPanel::repositoryLabelsInThePicker_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("added");
    QTest::addColumn<bool>("blocked");
    // A label of the rubric, typed in part and in the wrong case: added, allowed.
    QTest::addRow("rubric label, part of it") << u"C10D"_s << u"module: c10d"_s << false;
    // Only the repository has it: offered after the rubric's, marked, and blocked by the allowlist.
    QTest::addRow("outside the pack") << u"ROCm"_s << u"module: rocm"_s << true;
    QTest::addRow("outside the pack, in the middle of a name") << u"from git"_s << u"topic: from github"_s << true;
}

void tst_SuggestionPanel::repositoryLabelsInThePicker()
{
    QFETCH(QString, typed);
    QFETCH(QString, added);
    QFETCH(bool, blocked);
    const QList<RepositoryLabel> repository = {
        {u"module: c10d"_s, u"f7e101"_s, u"c10d on GitHub"_s},
        {u"module: rocm"_s, u"d73a4a"_s, u"AMD GPUs"_s},
        {u"topic: from github"_s, u"0e8a16"_s, QString()},
        {u"bug"_s, u"ffffff"_s, QString()},
    };
    m_panel->setRepositoryLabels(repository);
    const QStringList picker = m_panel->pickerLabels();
    // The rubric's labels first, as before; then the repository's others, sorted, each once.
    QStringList packLabels;
    for (const LabelInfo &label : m_pack.labels)
        if (!m_pack.subOncallByLabel(label.name))
            packLabels.append(label.name);
    const qsizetype firstOutside = picker.indexOf(u"bug"_s);
    QVERIFY(firstOutside > 0);
    for (const QString &label : std::as_const(packLabels))
        QVERIFY2(picker.indexOf(label) >= 0 && picker.indexOf(label) < firstOutside, qPrintable(label));
    QCOMPARE(picker.mid(firstOutside), (QStringList{u"bug"_s, u"module: rocm"_s, u"topic: from github"_s}));
    QCOMPARE(picker.count(u"module: c10d"_s), 1);
    auto *combo = m_panel->findChild<QComboBox *>(u"addLabelCombo"_s);
    QVERIFY(combo->itemText(int(picker.indexOf(u"module: rocm"_s))).contains(u"outside the pack"_s));
    QVERIFY(!combo->itemText(int(picker.indexOf(u"module: c10d"_s))).contains(u"outside the pack"_s));
    QVERIFY(!combo->itemIcon(int(picker.indexOf(u"module: rocm"_s))).isNull()); // its GitHub colour

    // Typing filters by any part of the name; Enter adds the first match.
    m_panel->focusLabelPicker();
    QLineEdit *edit = combo->lineEdit();
    QVERIFY(edit);
    QTest::keyClicks(edit, typed);
    QCOMPARE(combo->completer()->completionCount(), 1);
    QCOMPARE(combo->completer()->currentCompletion(), added);
    QSignalSpy edited(m_panel.get(), &SuggestionPanel::planEdited);
    if (QWidget *popup = combo->completer()->popup(); popup && popup->isVisible())
        popup->hide();
    QTest::keyClick(edit, Qt::Key_Return);
    QTRY_VERIFY(m_panel->plan().addLabels.contains(added));
    QVERIFY(edited.size() >= 1);
    QTRY_VERIFY(edit->text().isEmpty()); // ready for the next one
    QCOMPARE(m_panel->plan().addLabels.count(added), 1);
    const QList<Violation> violations = m_panel->violations();
    const bool allowlistBroken = std::any_of(violations.cbegin(), violations.cend(), [](const Violation &v) {
        return v.rule == QLatin1StringView("allowlist");
    });
    QCOMPARE(allowlistBroken, blocked);
    if (blocked)
        QVERIFY2(m_panel->guardrailText().contains(added), qPrintable(m_panel->guardrailText()));

    // The chip wears the label's GitHub colour.
    QAbstractButton *chip = m_panel->chip(added);
    QVERIFY(chip);
    QColor github;
    for (const RepositoryLabel &label : repository)
        if (label.name == added)
            github = QColor(u'#' + label.color);
    QVERIFY(github.isValid());
    QVERIFY2(chip->styleSheet().contains(github.name().mid(1), Qt::CaseInsensitive), qPrintable(chip->styleSheet()));

    // Unknown text adds nothing (GitHub would create the label).
    QVERIFY(!m_panel->addLabelFromText(u"no such label anywhere"_s));
}

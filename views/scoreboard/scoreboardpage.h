// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/review/decidedissue.h"
#include "engine/scoreboard/packedit.h"
#include "engine/scoreboard/replayreport.h"
#include "engine/scoreboard/scoreboard.h"
#include "engine/triage/rubricpack.h"

#include <QFutureWatcher>
#include <QHash>
#include <QJsonObject>
#include <QWidget>

#include <memory>
#include <optional>

class AgreementTableModel;
class DecisionHistoryStore;
class QAbstractItemModel;
class QComboBox;
class MessageBanner;
class QLabel;
class QListWidget;
class QPushButton;
class QTabWidget;
class QTableView;
class ReplayChangeModel;
class ScoreboardChart;

// The Scoreboard page (Ctrl+Shift+S): how right the suggestions were, measured on the store's review decisions,
// per profile and pack version — tiles, three plots (precision vs coverage per tier, agreement per week, the most
// overridden rules) and the tables behind them; each overridden issue one click away. The What-if tab replays a
// changed pack over every decided issue; Suggested edits proposes pack changes from repeated overrides, to try
// there. Nothing is written to a pack unless a person saves it. The store is read off the GUI thread.
class ScoreboardPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScoreboardPage)

public:
    explicit ScoreboardPage(QWidget *parent = nullptr);
    ~ScoreboardPage() override;

    void setStorePath(const QString &path);
    // The rubric of the console: the slice shown first, the base of suggested edits and of the what-if.
    void setPack(const RubricPack &pack);
    // The page is opened: reads the store again unless nothing changed since the last read (setStorePath() reads
    // it in the background at once); loaded() follows (the figures, or a problem in the banner).
    void reload();
    bool isLoading() const;
    QString problem() const { return m_problem; }

    Scoreboard scoreboard() const { return m_board; }
    QList<ScoreboardSlice> slices() const { return m_board.slices; }
    // Empty strings: all profiles / all pack versions.
    void showSlice(const QString &profile, const QString &packVersion);

    // The what-if: a pack file, or the console's pack with the checked suggested edits in it.
    bool openWhatIfPack(const QString &path);
    void tryEdits(const QList<int> &editRows);
    void runWhatIf();
    bool isReplaying() const;
    ReplayReport replayReport() const { return m_report; }
    QString whatIfText() const;
    QList<PackEdit> suggestedEdits() const { return m_edits; }
    bool suggestionsReady() const { return m_suggestionsReady; }
    // The edited pack's JSON, for a person to save (Save pack as…).
    bool saveWhatIfPack(const QString &path);

    QString markdown() const;
    QString csv() const;

Q_SIGNALS:
    void loaded();
    void suggestionsLoaded();
    void replayFinished();
    void issueActivated(const QString &repository, int number);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Loaded
    {
        QString problem;
        QString version;
        QList<DecidedIssue> decided;
        Scoreboard board;
    };
    struct Suggestions
    {
        QString problem;
        QHash<QString, Issue> issues;
        QList<PackEdit> edits;
    };

    void onLoaded();
    void onSuggestions();
    void onReplayed();
    void showBoard();
    void fillSlices();
    void updateTiles();
    void showProblem(const QString &message);
    void showOverriddenIssues(const QList<IssueRef> &issues);
    void exportAs(bool markdown);
    void setUpWhatIfTab();
    void setUpEditsTab();
    QTableView *makeTable(QAbstractItemModel *model, const QString &name);
    void load();
    void loadSuggestions();
    void loadSuggestionsSoon();

    QString m_storePath;
    std::unique_ptr<DecisionHistoryStore> m_probe; // the GUI thread's connection, to tell whether the store changed
    QString m_loadedVersion;                       // the store's version the figures were read at
    QString m_suggestionsVersion;                  // the one the suggested edits were made from
    bool m_opened = false;                         // reload() was asked: the page is on screen
    std::optional<RubricPack> m_pack;
    QString m_problem;
    QList<DecidedIssue> m_decided;
    Scoreboard m_board;
    QString m_profile;
    QString m_packVersion;
    bool m_sliceChosen = false;
    QFutureWatcher<Loaded> m_loadWatcher;
    QFutureWatcher<Suggestions> m_suggestWatcher;
    QFutureWatcher<ReplayReport> m_replayWatcher;
    QHash<QString, Issue> m_issues;
    QList<PackEdit> m_edits;
    bool m_suggestionsReady = false;
    std::optional<RubricPack> m_whatIfPack;
    QJsonObject m_whatIfJson;
    QString m_whatIfName;
    bool m_whatIfEdited = false;
    ReplayReport m_report;
    bool m_replayed = false;

    QLabel *m_title;
    QComboBox *m_sliceCombo;
    QPushButton *m_exportMarkdown;
    QPushButton *m_exportCsv;
    QPushButton *m_refresh;
    MessageBanner *m_banner;
    QList<QLabel *> m_tiles;
    ScoreboardChart *m_curve;
    ScoreboardChart *m_weeks;
    ScoreboardChart *m_rules;
    QTabWidget *m_tabs;
    AgreementTableModel *m_overriddenModel;
    AgreementTableModel *m_labelModel;
    AgreementTableModel *m_subOncallModel;
    AgreementTableModel *m_ruleModel;
    AgreementTableModel *m_tierModel;
    AgreementTableModel *m_weekModel;
    QLabel *m_issuesLine;
    QWidget *m_whatIfTab;
    QLabel *m_whatIfPackLabel;
    QLabel *m_whatIfTotals;
    QPushButton *m_runButton;
    QPushButton *m_savePackButton;
    ReplayChangeModel *m_changeModel;
    QListWidget *m_editList;
    QPushButton *m_tryEditsButton;
    QLabel *m_editsNote;
};

// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/labels/repositorylabel.h"
#include "engine/probe/operatorfinder.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/triageplan.h"
#include "views/repro/repropanel.h"

#include <QHash>
#include <QWidget>

#include <optional>

class MessageBanner;
class QAbstractButton;
class QComboBox;
class QFrame;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QPlainTextEdit;
class QPushButton;
class QWidget;

// The engine's suggestion for one issue, editable: the sub-oncall (exactly one), module and type labels as
// checkable chips with their confidence, the overall confidence as a badge (a shape, a word and a colour), the
// rationale (each fired rule with its evidence; activating one asks the issue view to show it), the proposed
// comment, and the queue's guardrails checked live on every edit.
class SuggestionPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SuggestionPanel)

public:
    explicit SuggestionPanel(QWidget *parent = nullptr);

    // What the content needs, so splitters give the panel its width (it only scrolls vertically).
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    void setPack(const RubricPack &pack);
    // The repository's labels as synced from GitHub: the picker offers them after the rubric's (marked as
    // outside the pack; the guardrails block them unless the pack allows them), chips take their colours.
    void setRepositoryLabels(const QList<RepositoryLabel> &labels);
    // The picker's labels in order, and whether one is outside the pack (for tests and the screenshot).
    QStringList pickerLabels() const;
    // Adds a label the picker offers (a name matched case-insensitively, or the first label containing the
    // text); false when nothing matches.
    bool addLabelFromText(const QString &text);
    QString packProfile() const { return m_pack.profile; }
    // Name the rubric that planned the issue in the decision line: on when a queue's issues are planned by
    // different rubrics (each by its labels); otherwise the status bar names the one rubric.
    void setShowsRubric(bool shows);
    // The engine's plan, and the reviewer's when the issue was already decided (it is what the panel shows).
    void setSuggestion(const Issue &issue, const std::optional<TriagePlan> &enginePlan,
                       const std::optional<TriagePlan> &reviewedPlan, ReviewState state);
    void clear();
    bool hasPlan() const { return m_plan.has_value(); }

    // The plan as edited so far; isEdited() when it differs from the engine's in what it would change.
    TriagePlan plan() const;
    bool isEdited() const;
    QList<Violation> violations() const { return m_violations; }

    // Keyboard entry into the panel (`e`): the sub-oncall first.
    void beginEditing();
    // `l`: the label picker, typing filters it; `c`: the comment.
    void focusLabelPicker();
    void focusComment();

    // For the review flow and tests: the same as clicking a chip, or picking a label to add.
    QAbstractButton *chip(const QString &label) const;
    void setLabelChecked(const QString &label, bool checked);
    void setSubOncall(const QString &label);
    QString guardrailText() const;

    // What the repro panel knows about the issue: a line shows the latest result, and it weighs on
    // `needs reproduction` in the engine's plan (not in a reviewer's): a repro that reproduces removes the case
    // for it (the chip is unchecked, the rationale says why); none found keeps or suggests it.
    void setReproStatus(const ReproStatus &status);
    QString reproText() const;
    // The ATen op(s) the issue asks DTensor support for (OperatorFinder), with the words that say so; empty when
    // the issue asks about no operator.
    QString operatorText() const;
    QList<OperatorMention> operators() const { return m_operators; }

Q_SIGNALS:
    void planEdited(const TriagePlan &plan);
    void evidenceActivated(const Evidence &evidence);
    // Escape while editing: the reviewer is done here and goes back to the queue.
    void editingFinished();
    // The issue was already processed by the queue; the reviewer wants a fresh plan for it anyway.
    void retriageRequested(int number);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    // The constructor's parts, in order.
    void setUpLines();
    void setUpLabelEditors();
    void setUpGuardrailBanner();
    void setUpRationale();
    void setUpComment();
    void layOut();
    void applyFonts();
    void rebuild();
    void rebuildChips();
    void updateBadge();
    void updateStateChip();
    void updateChip(QAbstractButton *button);
    void recheck();
    void edited();
    void addLabelFromPicker(int index);
    void rebuildPicker();
    QColor gitHubColor(const QString &label) const;
    void useReviewLabel();
    void applyRepro();
    void updateReproLine();
    void updateOperatorLine();
    static QString operatorSourceText(OperatorMention::Source source);

    RubricPack m_pack;
    QHash<QString, RepositoryLabel> m_repositoryLabels; // by lower-case name
    std::optional<Issue> m_issue;
    std::optional<TriagePlan> m_enginePlan;
    std::optional<TriagePlan> m_plan;
    ReviewState m_state = ReviewState::New;
    QList<Violation> m_violations;
    QHash<QString, QAbstractButton *> m_chips;
    bool m_updating = false;
    bool m_reviewed = false; // the plan shown is a reviewer's
    bool m_showsRubric = false;
    ReproStatus m_repro;

    QLabel *m_titleLabel;
    QLabel *m_stateLabel;
    QLabel *m_badge;
    QLabel *m_decisionLabel;
    QLabel *m_reproLabel;
    QLabel *m_operatorLabel;
    QList<OperatorMention> m_operators;
    QComboBox *m_subOncallCombo;
    QWidget *m_content = nullptr;
    QWidget *m_chipArea;
    QComboBox *m_addLabelCombo;
    MessageBanner *m_guardrailBanner; // the guardrails' violations, with "Use “triage review” instead" when offered
    QPushButton *m_retriageButton;
    QListWidget *m_rationale;
    QPlainTextEdit *m_commentEdit;
    QLabel *m_hintLabel;
};

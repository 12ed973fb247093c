// SPDX-License-Identifier: MIT
#include "views/queue/suggestionpanel.h"

#include "engine/probe/operatorfinder.h"
#include "engine/triage/guardrails.h"
#include "models/queue/issuetablemodel.h"
#include "views/common/labelchipdelegate.h"
#include "views/common/messagebanner.h"
#include "views/common/panelstyle.h"

#include <QComboBox>
#include <QCompleter>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPainter>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSet>
#include <QSignalBlocker>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

constexpr int EvidenceIndexRole = Qt::UserRole;
constexpr int ChipLabelProperty = 0; // unused marker, the label lives in objectName

// Lays its items out left to right, wrapping to the next line: chips.
class FlowLayout final : public QLayout
{
public:
    explicit FlowLayout(QWidget *parent)
        : QLayout(parent)
    {
        setContentsMargins(0, 0, 0, 0);
    }
    ~FlowLayout() override
    {
        while (QLayoutItem *item = takeAt(0))
            delete item;
    }
    void addItem(QLayoutItem *item) override { m_items.append(item); }
    int count() const override { return int(m_items.size()); }
    QLayoutItem *itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem *takeAt(int index) override
    {
        return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
    }
    Qt::Orientations expandingDirections() const override { return {}; }
    // The wrapped height is claimed as a minimum in setGeometry(), which every layout honours, rather than
    // through height-for-width, which a box layout may trade against its other items.
    bool hasHeightForWidth() const override { return false; }
    void setGeometry(const QRect &rect) override
    {
        QLayout::setGeometry(rect);
        // Squeezed below its wrapped height the chips would be drawn over what follows: claim that height, so
        // the panel scrolls instead. Width does not depend on height here, so this settles after one pass.
        const int needed = arrange(rect, true);
        // Queued: a minimum changed while the parent's layout is being activated invalidates it, and the
        // activation then marks it done anyway, so the new height would never be laid out.
        if (QWidget *owner = parentWidget(); owner && owner->minimumHeight() != needed)
            QMetaObject::invokeMethod(
                owner,
                [owner, this] {
                    const int wanted = arrange(owner->contentsRect(), false);
                    if (owner->minimumHeight() != wanted)
                        owner->setMinimumHeight(wanted);
                },
                Qt::QueuedConnection);
    }
    QSize sizeHint() const override { return minimumSize(); }
    // Only the height of a chip: a width taken from the widest chip would make the panel's minimum width,
    // and with it the splitter beside it, change from one issue to the next.
    QSize minimumSize() const override
    {
        int height = 0;
        for (const QLayoutItem *item : m_items)
            height = std::max(height, item->minimumSize().height());
        return {0, height};
    }

private:
    int arrange(const QRect &rect, bool apply) const
    {
        constexpr int Gap = 6;
        int x = rect.x();
        int y = rect.y();
        int lineHeight = 0;
        for (QLayoutItem *item : m_items) {
            const QSize hint = item->sizeHint();
            if (x + hint.width() > rect.right() + 1 && lineHeight > 0) {
                x = rect.x();
                y += lineHeight + Gap;
                lineHeight = 0;
            }
            if (apply)
                item->setGeometry(QRect(QPoint(x, y), hint));
            x += hint.width() + Gap;
            lineHeight = std::max(lineHeight, hint.height());
        }
        return y + lineHeight - rect.y();
    }
    QList<QLayoutItem *> m_items;
};

using PanelStyle::BadgeLook;
using PanelStyle::cssColor;
using PanelStyle::sectionFont;

BadgeLook badgeLook(Confidence confidence)
{
    switch (confidence) {
    case Confidence::High:
        return {u"●"_s, SuggestionPanel::tr("HIGH confidence"), 140};
    case Confidence::Medium:
        return {u"◆"_s, SuggestionPanel::tr("MEDIUM confidence"), 38};
    case Confidence::Low:
        return {u"▲"_s, SuggestionPanel::tr("LOW confidence"), 2};
    case Confidence::None:
        break;
    }
    return {u"○"_s, SuggestionPanel::tr("no confidence"), -1};
}

constexpr auto SectionProperty = "suggestionSection";

QLabel *sectionLabel(const QString &text, QWidget *parent)
{
    QLabel *label = PanelStyle::sectionLabel(text, parent);
    label->setProperty(SectionProperty, true); // so that a font change reaches it
    return label;
}

} // namespace

SuggestionPanel::SuggestionPanel(QWidget *parent)
    : QWidget(parent)
    , m_titleLabel(new QLabel(tr("Suggestion"), this))
    , m_stateLabel(new QLabel(this))
    , m_badge(new QLabel(this))
    , m_decisionLabel(new QLabel(this))
    , m_reproLabel(new QLabel(this))
    , m_operatorLabel(new QLabel(this))
    , m_subOncallCombo(new QComboBox(this))
    , m_chipArea(new QWidget(this))
    , m_addLabelCombo(new QComboBox(this))
    , m_guardrailBanner(new MessageBanner(this))
    , m_retriageButton(new QPushButton(this))
    , m_rationale(new QListWidget(this))
    , m_commentEdit(new QPlainTextEdit(this))
    , m_hintLabel(new QLabel(this))
{
    Q_UNUSED(ChipLabelProperty)
    setObjectName(u"suggestionPanel"_s);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Window);

    setUpLines();
    setUpLabelEditors();
    setUpGuardrailBanner();
    setUpRationale();
    setUpComment();
    layOut();

    applyFonts();
    clear();
}

// The lines under the title: the decision, "Triage again", the repro and the operator.
void SuggestionPanel::setUpLines()
{
    m_badge->setObjectName(u"confidenceBadge"_s);
    m_stateLabel->setObjectName(u"reviewStateLabel"_s);
    m_decisionLabel->setObjectName(u"decisionLabel"_s);
    m_decisionLabel->setWordWrap(true);
    m_decisionLabel->setForegroundRole(QPalette::PlaceholderText);
    m_retriageButton->setObjectName(u"retriageButton"_s);
    m_retriageButton->setText(tr("Triage again"));
    m_retriageButton->setToolTip(tr("The queue already processed this issue (it carries its marker label); plan it "
                                    "as if it were new."));
    m_retriageButton->hide();
    connect(m_retriageButton, &QPushButton::clicked, this, [this] {
        if (m_issue)
            Q_EMIT retriageRequested(m_issue->number);
    });
    m_reproLabel->setObjectName(u"reproLine"_s);
    m_reproLabel->setWordWrap(true);
    m_reproLabel->setTextFormat(Qt::PlainText);
    m_reproLabel->hide();
    m_operatorLabel->setObjectName(u"operatorLine"_s);
    m_operatorLabel->setWordWrap(true);
    m_operatorLabel->setTextFormat(Qt::PlainText);
    m_operatorLabel->hide();
}

// The sub-oncall, the label chips and the label picker.
void SuggestionPanel::setUpLabelEditors()
{
    m_subOncallCombo->setObjectName(u"subOncallCombo"_s);
    m_subOncallCombo->setAccessibleName(tr("Sub-oncall"));
    connect(m_subOncallCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating || !m_plan)
            return;
        const QString label = m_subOncallCombo->currentData().toString();
        // Exactly one sub-oncall: the old one's label goes, the new one's comes.
        if (!m_plan->subOncall.isEmpty())
            m_plan->addLabels.removeAll(m_plan->subOncall);
        m_plan->subOncall = label;
        if (!label.isEmpty() && !m_plan->addLabels.contains(label) && m_enginePlan &&
            m_enginePlan->addLabels.contains(m_enginePlan->subOncall))
            m_plan->addLabels.append(label);
        edited();
    });

    new FlowLayout(m_chipArea);
    m_chipArea->setObjectName(u"labelChips"_s);

    m_addLabelCombo->setObjectName(u"addLabelCombo"_s);
    m_addLabelCombo->setAccessibleName(tr("Add a label"));
    // Type to filter: any part of a name matches, case-insensitively, the rubric's labels first.
    m_addLabelCombo->setEditable(true);
    m_addLabelCombo->setInsertPolicy(QComboBox::NoInsert);
    m_addLabelCombo->setMaxVisibleItems(14);
    m_addLabelCombo->lineEdit()->setPlaceholderText(tr("Add a label… (type to filter)"));
    m_addLabelCombo->lineEdit()->setClearButtonEnabled(true);
    auto *completer = new QCompleter(m_addLabelCombo->model(), m_addLabelCombo);
    completer->setCompletionRole(Qt::UserRole); // the name, without the "outside the pack" mark
    completer->setFilterMode(Qt::MatchContains);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setCompletionMode(QCompleter::PopupCompletion);
    completer->setMaxVisibleItems(14);
    m_addLabelCombo->setCompleter(completer);
    connect(m_addLabelCombo, &QComboBox::activated, this, &SuggestionPanel::addLabelFromPicker);
    connect(completer, qOverload<const QString &>(&QCompleter::activated), this,
            [this](const QString &label) { QTimer::singleShot(0, this, [this, label] { addLabelFromText(label); }); });
    connect(m_addLabelCombo->lineEdit(), &QLineEdit::returnPressed, this,
            [this] { addLabelFromText(m_addLabelCombo->lineEdit()->text()); });
}

void SuggestionPanel::setUpGuardrailBanner()
{
    m_guardrailBanner->setObjectName(u"guardrailBanner"_s); // hidden until a guardrail fires
}

// The reasons; a click shows a reason's evidence in the issue.
void SuggestionPanel::setUpRationale()
{
    m_rationale->setObjectName(u"rationaleList"_s);
    m_rationale->setWordWrap(true);
    m_rationale->setFrameShape(QFrame::NoFrame);
    m_rationale->setAlternatingRowColors(true);
    m_rationale->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_rationale->setSpacing(2);
    m_rationale->setCursor(Qt::PointingHandCursor);
    m_rationale->setToolTip(tr("Click a reason to see its evidence in the issue"));
    const auto activate = [this](QListWidgetItem *item) {
        const int index = item ? item->data(EvidenceIndexRole).toInt() : -1;
        if (m_plan && index >= 0 && index < m_plan->evidence.size())
            Q_EMIT evidenceActivated(m_plan->evidence.at(index));
    };
    connect(m_rationale, &QListWidget::itemClicked, this, activate);
    connect(m_rationale, &QListWidget::itemActivated, this, activate);
}

// The proposed comment and the keys hint under it.
void SuggestionPanel::setUpComment()
{
    m_commentEdit->setObjectName(u"commentEdit"_s);
    m_commentEdit->setAccessibleName(tr("Proposed comment"));
    m_commentEdit->setPlaceholderText(tr("No comment will be posted."));
    m_commentEdit->setTabChangesFocus(true);
    connect(m_commentEdit, &QPlainTextEdit::textChanged, this, [this] {
        if (m_updating || !m_plan)
            return;
        m_plan->comment = m_commentEdit->toPlainText();
        edited();
    });

    m_hintLabel->setObjectName(u"hintLabel"_s);
    m_hintLabel->setForegroundRole(QPalette::PlaceholderText);
    m_hintLabel->setWordWrap(true);
    // No-break spaces and a word joiner: it wraps between the hints, never inside one ("j/" then "k move").
    m_hintLabel->setText(
        tr("a\u00a0approve  ·  e\u00a0edit  ·  s\u00a0skip  ·  u\u00a0undo  ·  j/\u2060k\u00a0move  ·  ?\u00a0keys"));
}

void SuggestionPanel::layOut()
{
    auto *header = new QHBoxLayout;
    header->setSpacing(8);
    header->addWidget(m_titleLabel);
    header->addWidget(m_stateLabel);
    header->addStretch(1);
    header->addWidget(m_badge);

    // The panel scrolls rather than squeezing its parts over each other when the window is short (a laptop,
    // presentation mode's large type); the rationale and the comment take the room there is.
    auto *content = new QWidget;
    m_content = content;
    content->setObjectName(u"suggestionContent"_s);
    auto *scroll = new QScrollArea(this);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
    auto *layout = new QVBoxLayout(content);
    // The content never gets shorter than its parts' minimums: when the chips wrap to another row, the
    // content grows (and the scroll area scrolls) instead of the layout squeezing the chips under the picker.
    layout->setSizeConstraint(QLayout::SetMinimumSize);
    layout->setContentsMargins(16, 14, 16, 12);
    layout->setSpacing(6);
    layout->addLayout(header);
    layout->addWidget(m_decisionLabel);
    layout->addWidget(m_retriageButton, 0, Qt::AlignLeft);
    layout->addWidget(m_reproLabel);
    layout->addWidget(m_operatorLabel);
    layout->addSpacing(4);
    layout->addWidget(sectionLabel(tr("Sub-oncall"), this));
    layout->addWidget(m_subOncallCombo);
    layout->addSpacing(4);
    layout->addWidget(sectionLabel(tr("Labels"), this));
    layout->addWidget(m_chipArea);
    layout->addWidget(m_addLabelCombo);
    layout->addWidget(m_guardrailBanner);
    layout->addSpacing(4);
    layout->addWidget(sectionLabel(tr("Why"), this));
    layout->addWidget(m_rationale, 5);
    layout->addWidget(sectionLabel(tr("Proposed comment"), this));
    layout->addWidget(m_commentEdit, 2);
    m_commentEdit->setMinimumHeight(QFontMetrics(font()).lineSpacing() * 3 + 12);
    // Both take what room is left, down to their minimum, instead of asking for their preferred height
    // (which would make the panel scroll at every window size).
    m_rationale->setMinimumHeight(QFontMetrics(font()).lineSpacing() * 4);
    m_rationale->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    m_commentEdit->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    layout->addWidget(m_hintLabel);
    scroll->setWidget(content);
    content->installEventFilter(this);
}

bool SuggestionPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_content && (event->type() == QEvent::LayoutRequest || event->type() == QEvent::Resize)) {
        // The scroll area sizes the content by its plain minimum, which counts wrapped labels at one line;
        // at their wrapped heights the parts would be squeezed over each other. Claim the true minimum.
        const QLayout *layout = m_content->layout();
        const QMargins margins = layout->contentsMargins();
        const int width = m_content->width() - margins.left() - margins.right();
        const int needed = layout->minimumHeightForWidth(width) + margins.top() + margins.bottom();
        if (width > 0 && m_content->minimumHeight() != needed)
            m_content->setMinimumHeight(needed);
    }
    return QWidget::eventFilter(watched, event);
}

void SuggestionPanel::applyFonts()
{
    // Derived from the panel's font, so presentation mode scales them too.
    QFont titleFont = font();
    titleFont.setPointSizeF(font().pointSizeF() * 1.25);
    titleFont.setWeight(QFont::DemiBold);
    m_titleLabel->setFont(titleFont);
    const QList<QLabel *> labels = findChildren<QLabel *>();
    for (QLabel *label : labels) {
        if (label->property(SectionProperty).toBool())
            label->setFont(sectionFont(font()));
    }
    // The chips' widths are reserved in the new font.
    updateBadge();
    updateStateChip();
}

void SuggestionPanel::setPack(const RubricPack &pack)
{
    m_pack = pack;
    const QSignalBlocker blocker(m_subOncallCombo);
    m_subOncallCombo->clear();
    for (const SubOncall &subOncall : m_pack.subOncalls)
        m_subOncallCombo->addItem(subOncall.label, subOncall.label);
    rebuildPicker();
    rebuild();
}

void SuggestionPanel::setRepositoryLabels(const QList<RepositoryLabel> &labels)
{
    m_repositoryLabels.clear();
    for (const RepositoryLabel &label : labels)
        m_repositoryLabels.insert(label.name.toLower(), label);
    rebuildPicker();
    for (QAbstractButton *button : std::as_const(m_chips))
        updateChip(button);
}

QColor SuggestionPanel::gitHubColor(const QString &label) const
{
    const auto found = m_repositoryLabels.constFind(label.toLower());
    if (found == m_repositoryLabels.cend() || found->color.size() != 6)
        return {};
    const QColor color(u'#' + found->color);
    return color.isValid() ? color : QColor();
}

void SuggestionPanel::rebuildPicker()
{
    const QSignalBlocker blocker(m_addLabelCombo);
    m_addLabelCombo->clear();
    // The rubric's labels first (forbidden ones too, so that picking one explains why it cannot be added) …
    QStringList labels;
    for (const LabelInfo &label : m_pack.labels) {
        if (!m_pack.subOncallByLabel(label.name))
            labels.append(label.name);
    }
    labels.append(m_pack.forbiddenLabels);
    labels.sort(Qt::CaseInsensitive);
    labels.removeDuplicates();
    QSet<QString> inPack;
    for (const QString &label : std::as_const(labels))
        inPack.insert(label.toLower());
    // … then the rest of the repository's, marked.
    QStringList outside;
    for (const RepositoryLabel &label : std::as_const(m_repositoryLabels)) {
        if (!inPack.contains(label.name.toLower()) && !m_pack.subOncallByLabel(label.name))
            outside.append(label.name);
    }
    outside.sort(Qt::CaseInsensitive);
    const int swatch = QFontMetrics(font()).height() * 3 / 4;
    const auto addItem = [&](const QString &label, bool isOutside) {
        const QColor color = gitHubColor(label);
        QIcon icon;
        if (color.isValid()) {
            QPixmap pixmap(swatch * devicePixelRatio(), swatch * devicePixelRatio());
            pixmap.setDevicePixelRatio(devicePixelRatio());
            pixmap.fill(Qt::transparent);
            QPainter painter(&pixmap);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setPen(QPen(color.darker(130), 1));
            painter.setBrush(color);
            painter.drawEllipse(QRectF(0.5, 0.5, swatch - 1, swatch - 1));
            painter.end();
            icon = QIcon(pixmap);
        }
        m_addLabelCombo->addItem(icon, isOutside ? tr("%1  · outside the pack").arg(label) : label, label);
        const int index = m_addLabelCombo->count() - 1;
        QString description = m_pack.describe(label);
        if (description.isEmpty())
            description = m_repositoryLabels.value(label.toLower()).description;
        QString tip = description.isEmpty() ? label : description;
        if (isOutside && !m_pack.allows(label))
            tip += u"\n"_s + tr("Not in the %1 pack's allowlist: the guardrails block it.").arg(m_pack.profile);
        m_addLabelCombo->setItemData(index, tip, Qt::ToolTipRole);
        if (isOutside)
            m_addLabelCombo->setItemData(index, palette().brush(QPalette::PlaceholderText), Qt::ForegroundRole);
    };
    for (const QString &label : std::as_const(labels))
        addItem(label, false);
    for (const QString &label : std::as_const(outside))
        addItem(label, true);
    m_addLabelCombo->setCurrentIndex(-1);
    m_addLabelCombo->clearEditText();
}

QStringList SuggestionPanel::pickerLabels() const
{
    QStringList labels;
    for (int i = 0; i < m_addLabelCombo->count(); ++i)
        labels.append(m_addLabelCombo->itemData(i).toString());
    return labels;
}

bool SuggestionPanel::addLabelFromText(const QString &text)
{
    const QString wanted = text.trimmed();
    if (wanted.isEmpty())
        return false;
    QString found;
    const QStringList labels = pickerLabels();
    for (const QString &label : labels) {
        if (label.compare(wanted, Qt::CaseInsensitive) == 0) {
            found = label;
            break;
        }
    }
    if (found.isEmpty()) {
        for (const QString &label : labels) {
            if (label.contains(wanted, Qt::CaseInsensitive)) {
                found = label;
                break;
            }
        }
    }
    if (found.isEmpty() || !m_plan)
        return false;
    setLabelChecked(found, true);
    m_addLabelCombo->setCurrentIndex(-1);
    m_addLabelCombo->clearEditText();
    return true;
}

void SuggestionPanel::setShowsRubric(bool shows)
{
    if (m_showsRubric == shows)
        return;
    m_showsRubric = shows;
    rebuild();
}

void SuggestionPanel::setSuggestion(const Issue &issue, const std::optional<TriagePlan> &enginePlan,
                                    const std::optional<TriagePlan> &reviewedPlan, ReviewState state)
{
    m_issue = issue;
    m_enginePlan = enginePlan;
    m_plan = reviewedPlan ? reviewedPlan : enginePlan;
    m_reviewed = reviewedPlan.has_value();
    m_state = state;
    applyRepro();
    rebuild();
    updateReproLine();
    updateOperatorLine();
}

void SuggestionPanel::clear()
{
    m_issue.reset();
    m_enginePlan.reset();
    m_plan.reset();
    m_reviewed = false;
    m_state = ReviewState::New;
    rebuild();
    updateReproLine();
    updateOperatorLine();
}

TriagePlan SuggestionPanel::plan() const
{
    return m_plan.value_or(TriagePlan());
}

bool SuggestionPanel::isEdited() const
{
    if (!m_plan || !m_enginePlan)
        return false;
    QStringList mine = m_plan->addLabels;
    QStringList engine = m_enginePlan->addLabels;
    mine.sort();
    engine.sort();
    return mine != engine || m_plan->subOncall != m_enginePlan->subOncall || m_plan->comment != m_enginePlan->comment;
}

void SuggestionPanel::beginEditing()
{
    m_subOncallCombo->setFocus(Qt::ShortcutFocusReason);
}

void SuggestionPanel::focusLabelPicker()
{
    m_addLabelCombo->setFocus(Qt::ShortcutFocusReason);
}

void SuggestionPanel::focusComment()
{
    m_commentEdit->setFocus(Qt::ShortcutFocusReason);
    m_commentEdit->moveCursor(QTextCursor::End);
}

QAbstractButton *SuggestionPanel::chip(const QString &label) const
{
    return m_chips.value(label);
}

void SuggestionPanel::setLabelChecked(const QString &label, bool checked)
{
    if (!m_plan)
        return;
    if (checked == m_plan->addLabels.contains(label))
        return;
    if (checked)
        m_plan->addLabels.append(label);
    else
        m_plan->addLabels.removeAll(label);
    if (!m_chips.contains(label))
        rebuildChips();
    edited();
}

void SuggestionPanel::setSubOncall(const QString &label)
{
    const int index = m_subOncallCombo->findData(label);
    if (index >= 0)
        m_subOncallCombo->setCurrentIndex(index);
}

QString SuggestionPanel::guardrailText() const
{
    return m_guardrailBanner->isVisible() || !m_violations.isEmpty() ? m_guardrailBanner->text() : QString();
}

QSize SuggestionPanel::sizeHint() const
{
    return m_content->sizeHint() + QSize(style()->pixelMetric(QStyle::PM_ScrollBarExtent), 0);
}

QSize SuggestionPanel::minimumSizeHint() const
{
    const QSize content = m_content->minimumSizeHint();
    return {content.width() + style()->pixelMetric(QStyle::PM_ScrollBarExtent), std::min(content.height(), 160)};
}

void SuggestionPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFonts();
    if (event->type() == QEvent::PaletteChange) {
        rebuildPicker();
        updateBadge();
        updateStateChip();
        for (QAbstractButton *button : std::as_const(m_chips))
            updateChip(button);
        recheck();
    }
}

void SuggestionPanel::keyPressEvent(QKeyEvent *event)
{
    // The combos and the comment leave Escape alone; it reaches the panel.
    if (event->key() == Qt::Key_Escape) {
        Q_EMIT editingFinished();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void SuggestionPanel::rebuild()
{
    m_updating = true;
    const bool has = m_plan.has_value();
    for (QWidget *widget :
         std::initializer_list<QWidget *>{m_subOncallCombo, m_addLabelCombo, m_commentEdit, m_rationale})
        widget->setEnabled(has);

    if (!m_issue)
        m_decisionLabel->setText(tr("Select an issue to see the engine's suggestion."));
    else if (!has)
        m_decisionLabel->setText(tr("Triaging #%1…").arg(m_issue->number));
    else
        m_decisionLabel->setText(
            tr("#%1 · %2%3%4%5")
                .arg(m_issue->number)
                // Which rubric planned it: in a queue of mixed issues each is planned by the one its labels name.
                .arg(!m_showsRubric
                         ? QString()
                         : tr("%1 rubric · ").arg(m_plan->profile.isEmpty() ? m_pack.profile : m_plan->profile))
                .arg(m_plan->decision.name().replace(u'_', u' '))
                .arg(m_plan->templateKey.isEmpty() ? QString() : tr(" · template %1").arg(m_plan->templateKey))
                // Said where the reviewer looks before approving: approval closes the issue too.
                .arg(!m_plan->close                            ? QString()
                     : m_plan->stateReason == "not_planned"_L1 ? tr(" · closes the issue as not planned")
                                                               : tr(" · closes the issue as completed")));

    m_retriageButton->setVisible(has && !m_reviewed && m_plan->decision == TriageDecision::AlreadyProcessed);

    const int subIndex = has ? m_subOncallCombo->findData(m_plan->subOncall) : -1;
    m_subOncallCombo->setCurrentIndex(subIndex);
    m_subOncallCombo->setPlaceholderText(has ? tr("No sub-oncall") : QString());

    m_commentEdit->setPlainText(has ? m_plan->comment : QString());

    m_rationale->clear();
    if (has) {
        for (int i = 0; i < m_plan->evidence.size(); ++i) {
            const Evidence &e = m_plan->evidence.at(i);
            QString text = e.label.isEmpty() ? e.rule : u"%1   →  %2"_s.arg(e.label, e.rule);
            if (!e.text.isEmpty())
                text += u"\n    “%1”"_s.arg(e.text.simplified().left(120));
            if (!e.where.isEmpty())
                text += e.text.isEmpty() ? u"\n    %1"_s.arg(e.where) : tr("  in %1").arg(e.where);
            auto *item = new QListWidgetItem(text, m_rationale);
            item->setData(EvidenceIndexRole, i);
            item->setToolTip(e.start >= 0 ? tr("Show in the issue") : tr("Not from the text"));
        }
        if (m_plan->evidence.isEmpty())
            new QListWidgetItem(tr("No rule fired."), m_rationale);
    }
    rebuildChips();
    updateBadge();
    updateStateChip();
    m_updating = false;
    recheck();
}

void SuggestionPanel::rebuildChips()
{
    auto *flow = m_chipArea->layout();
    for (QAbstractButton *button : std::as_const(m_chips))
        delete button;
    m_chips.clear();
    if (!m_plan) {
        flow->invalidate();
        return;
    }
    // Every label the plan adds or the engine weighed, except sub-oncalls (the combo above owns those).
    QStringList labels = m_plan->addLabels;
    if (m_enginePlan) {
        labels += m_enginePlan->addLabels;
        labels += m_enginePlan->labelConfidence.keys();
    }
    labels += m_plan->labelConfidence.keys();
    labels.removeDuplicates();
    // Another team's oncall label the engine only offers (a PT2-D issue may add oncall: distributed) is a chip too.
    const QStringList offered = m_enginePlan ? m_enginePlan->offeredLabels() : QStringList();
    for (const QString &label : std::as_const(labels)) {
        if ((m_pack.subOncallByLabel(label) && !offered.contains(label)) || label == m_plan->subOncall)
            continue;
        auto *button = new QToolButton(m_chipArea);
        button->setObjectName(label);
        button->setCheckable(true);
        button->setChecked(m_plan->addLabels.contains(label));
        button->setAutoRaise(false);
        button->setCursor(Qt::PointingHandCursor);
        const QString description = m_pack.describe(label);
        button->setToolTip(description.isEmpty() ? label : description);
        connect(button, &QToolButton::toggled, this, [this, label, button](bool checked) {
            updateChip(button);
            if (!m_updating)
                setLabelChecked(label, checked);
        });
        m_chips.insert(label, button);
        flow->addWidget(button);
        updateChip(button);
    }
    flow->invalidate();
    m_chipArea->updateGeometry();
}

void SuggestionPanel::updateChip(QAbstractButton *button)
{
    const QString label = button->objectName();
    const Confidence confidence = m_plan ? m_plan->confidenceOf(label) : Confidence::None;
    const QString level = confidence == Confidence::None ? QString()
                                                         : u"  "_s + badgeLook(confidence).glyph + u' ' +
                                                               IssueTableModel::confidenceText(confidence);
    const bool checked = button->isChecked();
    button->setText((checked ? u"✓ "_s : u"+ "_s) + label + level);
    const QPalette pal = palette();
    const QColor github = gitHubColor(label);
    const LabelChipDelegate::ChipColors colors =
        github.isValid() ? LabelChipDelegate::colorsForGitHub(github, pal) : LabelChipDelegate::colorsFor(label, pal);
    if (checked) {
        button->setStyleSheet(
            u"QToolButton { background: %1; border: 1px solid %2; color: %3; border-radius: 11px;"
            " padding: 3px 10px; }"_s.arg(cssColor(colors.background), cssColor(colors.border), cssColor(colors.text)));
    } else {
        button->setStyleSheet(u"QToolButton { background: transparent; border: 1px dashed %1; color: %2;"
                              " border-radius: 11px; padding: 3px 10px; }"_s.arg(
                                  cssColor(pal.color(QPalette::Mid)), cssColor(pal.color(QPalette::PlaceholderText))));
    }
    button->setAccessibleName(checked ? tr("%1, added").arg(label) : tr("%1, not added").arg(label));
}

void SuggestionPanel::updateBadge()
{
    if (!m_plan) {
        m_badge->hide();
        return;
    }
    PanelStyle::showBadge(m_badge, badgeLook(m_plan->confidence), palette(), 10);
    QStringList texts;
    for (const Confidence confidence : {Confidence::High, Confidence::Medium, Confidence::Low, Confidence::None})
        texts.append(PanelStyle::badgeText(badgeLook(confidence)));
    PanelStyle::reserveWidth(m_badge, texts);
}

void SuggestionPanel::updateStateChip()
{
    if (!m_issue) {
        m_stateLabel->hide();
        return;
    }
    static const int hues[ReviewStateCount] = {-1, 140, 210, 30, 265};
    const LabelChipDelegate::ChipColors colors = LabelChipDelegate::colorsForHue(hues[int(m_state)], palette());
    m_stateLabel->setText(IssueTableModel::reviewStateText(m_state));
    m_stateLabel->setFont(font()); // styled labels stop following the panel's font
    m_stateLabel->setStyleSheet(
        u"QLabel { background: %1; border: 1px solid %2; color: %3; border-radius: 9px;"
        " padding: 1px 8px; }"_s.arg(cssColor(colors.background), cssColor(colors.border), cssColor(colors.text)));
    QStringList texts;
    for (int state = 0; state < ReviewStateCount; ++state)
        texts.append(IssueTableModel::reviewStateText(ReviewState(state)));
    PanelStyle::reserveWidth(m_stateLabel, texts);
    m_stateLabel->show();
}

void SuggestionPanel::recheck()
{
    m_violations.clear();
    if (m_plan && m_issue)
        m_violations = Guardrails::check(*m_plan, *m_issue, m_pack);
    if (m_violations.isEmpty()) {
        m_guardrailBanner->clear();
        return;
    }
    QStringList lines;
    bool highPriority = false;
    for (const Violation &violation : std::as_const(m_violations)) {
        lines.append(u"⚠ "_s + violation.message);
        highPriority = highPriority || violation.rule == QLatin1StringView(Guardrails::NoHighPriority);
    }
    m_guardrailBanner->showMessage(Tone::Warning, lines.join(u'\n'));
    if (highPriority && !m_pack.reviewLabel.isEmpty()) {
        // Once the click is over: taking the offer clears the banner, and its buttons with it.
        QAction *action = m_guardrailBanner->addButton(tr("Use “%1” instead").arg(m_pack.reviewLabel), [this] {
            QTimer::singleShot(0, this, &SuggestionPanel::useReviewLabel);
        });
        action->setObjectName(u"useReviewAction"_s);
    }
}

void SuggestionPanel::edited()
{
    recheck();
    updateBadge();
    if (m_plan)
        Q_EMIT planEdited(*m_plan);
}

void SuggestionPanel::addLabelFromPicker(int index)
{
    const QString label = m_addLabelCombo->itemData(index).toString();
    if (!label.isEmpty())
        setLabelChecked(label, true);
    // Later: the combo sets its text after this signal.
    QTimer::singleShot(0, this, [this] {
        m_addLabelCombo->setCurrentIndex(-1);
        m_addLabelCombo->clearEditText();
    });
}

void SuggestionPanel::useReviewLabel()
{
    if (!m_plan)
        return;
    for (const QString &label : std::as_const(m_pack.forbiddenLabels))
        m_plan->addLabels.removeAll(label);
    if (!m_plan->addLabels.contains(m_pack.reviewLabel))
        m_plan->addLabels.append(m_pack.reviewLabel);
    m_updating = true;
    rebuildChips();
    m_updating = false;
    edited();
}

namespace {
// Marks the rationale lines the repro result adds, so that they are replaced, not repeated.
const QString ReproEvidenceWhere = u"repro panel"_s;
} // namespace

void SuggestionPanel::setReproStatus(const ReproStatus &status)
{
    m_repro = status;
    if (m_issue && m_plan && status.number == m_issue->number) {
        applyRepro();
        rebuild();
        if (m_plan)
            Q_EMIT planEdited(*m_plan);
    }
    updateReproLine();
}

QString SuggestionPanel::operatorText() const
{
    return m_operatorLabel->isHidden() ? QString() : m_operatorLabel->text();
}

void SuggestionPanel::updateOperatorLine()
{
    m_operators.clear();
    if (m_issue) {
        // An op is what the issue asks about when DTensor said it has no strategy for it, or when the issue is
        // about DTensor and names it; a torch call in any other issue's code is no question about an operator.
        static const QRegularExpression dtensor(u"\\bD[Tt]ensor\\b|distributed tensor|sharding strateg"_s,
                                                QRegularExpression::CaseInsensitiveOption);
        const bool aboutDTensor = dtensor.match(m_issue->title).hasMatch() || dtensor.match(m_issue->body).hasMatch();
        for (const OperatorMention &mention : OperatorFinder::find(m_issue->title, m_issue->body)) {
            if (aboutDTensor || mention.source == OperatorMention::Source::MissingStrategy)
                m_operators.append(mention);
        }
    }
    if (m_operators.isEmpty()) {
        m_operatorLabel->hide();
        m_operatorLabel->clear();
        return;
    }
    const OperatorMention &top = m_operators.constFirst();
    QString evidence = top.evidence.simplified();
    if (evidence.size() > 140)
        evidence = evidence.left(139) + u'…';
    QStringList others;
    for (qsizetype i = 1; i < std::min<qsizetype>(m_operators.size(), 4); ++i)
        others.append(m_operators.at(i).op);
    QString text = tr("Operator asked about: %1, from %2: “%3”").arg(top.op, operatorSourceText(top.source), evidence);
    if (!others.isEmpty())
        text += u"; "_s + tr("also %1").arg(others.join(u", "_s));
    text += u". "_s + tr("Repro tab › Operator probe tries it on DTensor.");
    m_operatorLabel->setText(text);
    QStringList tips;
    for (const OperatorMention &mention : std::as_const(m_operators))
        tips.append(u"%1 — %2: %3"_s.arg(mention.op, operatorSourceText(mention.source), mention.evidence));
    m_operatorLabel->setToolTip(tips.join(u"\n"_s));
    m_operatorLabel->show();
}

QString SuggestionPanel::operatorSourceText(OperatorMention::Source source)
{
    switch (source) {
    case OperatorMention::Source::MissingStrategy:
        return tr("DTensor's missing-strategy error");
    case OperatorMention::Source::Title:
        return tr("the title");
    case OperatorMention::Source::AtenName:
        return tr("an aten name in the text");
    case OperatorMention::Source::TorchCall:
        return tr("a torch call in the code");
    case OperatorMention::Source::FunctionalCall:
        return tr("a functional call in the code");
    }
    return {};
}

QString SuggestionPanel::reproText() const
{
    return m_reproLabel->isHidden() ? QString() : m_reproLabel->text();
}

void SuggestionPanel::applyRepro()
{
    // A reviewer's plan is theirs; the engine's plan (and its copy being edited) takes the repro into account.
    if (!m_issue || !m_plan || m_reviewed || m_repro.number != m_issue->number || m_pack.reproLabel.isEmpty())
        return;
    const QString label = m_pack.reproLabel;
    const auto adjust = [&](TriagePlan &plan) {
        plan.evidence.removeIf([](const Evidence &e) { return e.where == ReproEvidenceWhere; });
        if (m_repro.latest && m_repro.latest->reproduces()) {
            const ReproRunRecord &r = *m_repro.latest;
            plan.addLabels.removeAll(label);
            if (!m_pack.reproTemplate.isEmpty() && plan.templateKey == m_pack.reproTemplate) {
                plan.templateKey.clear();
                plan.comment.clear();
            }
            if (plan.decision == TriageDecision::NeedsReproduction)
                plan.decision = plan.subOncall.isEmpty() ? TriageDecision::Classify : TriageDecision::Route;
            plan.evidence.append(Evidence{label,
                                          tr("not needed: the repro reproduces (%1/%2 runs, torch %3)")
                                              .arg(r.reproducedRuns)
                                              .arg(r.runs)
                                              .arg(r.torchVersion.isEmpty() ? tr("unknown") : r.torchVersion),
                                          ReproEvidenceWhere, -1, 0, QString()});
        } else if (!m_repro.found) {
            plan.evidence.append(Evidence{
                plan.addLabels.contains(label) ? label : QString(),
                m_repro.screenshotOnly ? tr("the repro is only in screenshots: ask for copyable code (%1)").arg(label)
                                       : tr("no runnable reproduction in the issue or its comments (%1)").arg(label),
                ReproEvidenceWhere, -1, 0, QString()});
        } else if (m_repro.latest && plan.addLabels.contains(label)) {
            plan.evidence.append(Evidence{label,
                                          tr("the latest repro run did not reproduce (%1)")
                                              .arg(ReproPanel::outcomeSummary(*m_repro.latest).section(u"  "_s, 1)),
                                          ReproEvidenceWhere, -1, 0, QString()});
        }
    };
    adjust(*m_plan);
    if (m_enginePlan)
        adjust(*m_enginePlan);
}

void SuggestionPanel::updateReproLine()
{
    if (!m_issue || m_repro.number != m_issue->number) {
        m_reproLabel->hide();
        return;
    }
    QString text;
    if (m_repro.latest) {
        const ReproRunRecord &r = *m_repro.latest;
        text = tr("Repro: %1 · %2 · %3")
                   .arg(ReproPanel::outcomeSummary(r),
                        r.torchVersion.isEmpty() ? tr("no torch") : tr("torch %1").arg(r.torchVersion),
                        ReproPanel::whenText(r.startedAt));
    } else if (m_repro.found) {
        text = tr("Repro: found in the %1, not run yet (r opens the Repro tab)").arg(m_repro.where);
    } else {
        // The label's name only where the plan asks for it: a first-level route leaves that to the team.
        const bool asks = m_plan && !m_pack.reproLabel.isEmpty() && m_plan->addLabels.contains(m_pack.reproLabel);
        const QString base =
            m_repro.screenshotOnly ? tr("Repro: only in screenshots") : tr("Repro: none found in the issue");
        text = asks ? tr("%1 — %2").arg(base, m_pack.reproLabel) : base;
    }
    m_reproLabel->setText(text);
    m_reproLabel->setToolTip(m_repro.latest ? m_repro.latest->detail : QString());
    m_reproLabel->show();
}

// SPDX-License-Identifier: MIT
#include "views/repro/scrubgatebox.h"

#include "models/common/tones.h"
#include "views/common/apppalette.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

ScrubGateBox::ScrubGateBox(QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
    , m_goOn(new QPushButton(this))
    , m_skip(new QPushButton(tr("Skip to minimization"), this))
{
    setObjectName(u"scrubGateBox"_s);
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_label->setObjectName(u"scrubGateLabel"_s);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_goOn->setObjectName(u"scrubGateGoOnButton"_s);
    m_skip->setObjectName(u"scrubGateSkipButton"_s);
    m_skip->setToolTip(tr("Take the recent confirmation as the run and go straight to minimizing"));
    connect(m_goOn, &QPushButton::clicked, this, &ScrubGateBox::goOn);
    connect(m_skip, &QPushButton::clicked, this, &ScrubGateBox::skipToMinimization);
    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(6);
    buttons->addStretch(1);
    buttons->addWidget(m_skip);
    buttons->addWidget(m_goOn);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->setSpacing(4);
    layout->addWidget(m_label);
    layout->addLayout(buttons);
    applyPalette();
    hide();
}

void ScrubGateBox::setGate(const ScrubGate &gate, bool wentOn)
{
    m_gate = gate;
    m_wentOn = wentOn;
    QStringList rows;
    for (const ScrubStop &s : gate.stops) {
        QString row = tr("⛔ <b>%1</b> — %2: “%3”")
                          .arg(s.title().toHtmlEscaped(), s.where.toHtmlEscaped(), s.evidence.toHtmlEscaped());
        if (!s.addLabels.isEmpty())
            row += tr(" · the report adds %1").arg(s.addLabels.join(u", "_s).toHtmlEscaped());
        if (s.closeNotPlanned)
            row += tr(" · the report suggests closing as not planned");
        rows << row;
    }
    if (gate.confirmation) {
        const RecentConfirmation &c = *gate.confirmation;
        rows << tr("↻ <b>Recently confirmed</b> by @%1 on %2 (%3): “%4”")
                    .arg(c.author.toHtmlEscaped(), c.at.toLocalTime().date().toString(Qt::ISODate),
                         c.version.toHtmlEscaped(), c.evidence.toHtmlEscaped());
    }
    if (rows.isEmpty()) {
        hide();
        return;
    }
    QString lead;
    if (wentOn)
        lead = tr("You went on; the report lists these first.");
    else if (gate.stopsTheRun())
        lead = tr("The scrub playbook stops here: nothing runs unless you go on.");
    else
        lead = tr("A comment of the last six months confirms it: re-verify, or skip ahead to minimization?");
    m_label->setText(rows.join(u"<br>"_s) + u"<br><i>"_s + lead.toHtmlEscaped() + u"</i>"_s);
    m_goOn->setText(gate.stopsTheRun() ? tr("Go on anyway") : tr("Re-verify"));
    m_goOn->setVisible(!wentOn);
    m_skip->setVisible(!wentOn && gate.asks());
    applyPalette();
    show();
}

QString ScrubGateBox::text() const
{
    return isVisibleTo(parentWidget()) ? m_label->text() : QString();
}

void ScrubGateBox::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if ((event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) && !m_applying)
        applyPalette();
}

void ScrubGateBox::applyPalette()
{
    const bool dark = AppPalette::isDark(parentWidget() ? parentWidget()->palette() : palette());
    const bool stop = m_gate.stopsTheRun() && !m_wentOn;
    QPalette p = palette();
    // A stop is a problem, a question a notice.
    const Tone tone = stop ? Tone::Problem : Tone::Info;
    p.setColor(QPalette::Window, Tones::surface(tone, dark));
    p.setColor(QPalette::WindowText, Tones::onSurface(tone, dark));
    m_applying = true; // our own setPalette is a PaletteChange too
    setPalette(p);
    m_applying = false;
}

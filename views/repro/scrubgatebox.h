// SPDX-License-Identifier: MIT
#pragma once

#include "engine/scrub/scrubactionability.h"

#include <QFrame>

class QLabel;
class QPushButton;

// The scrub's first finding, above the repro: why the playbook would not run it (resolved, a duplicate, not a
// bug, a tracker, hardware this machine lacks, old and underspecified), with the words that show it, or a
// recent comment confirming it still reproduces. Running waits for the reviewer: Go on anyway, or for a
// confirmation, Re-verify or Skip to minimization.
class ScrubGateBox final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScrubGateBox)

public:
    explicit ScrubGateBox(QWidget *parent = nullptr);

    // Hidden when there is nothing to say; `wentOn`: the reviewer chose already (the buttons go).
    void setGate(const ScrubGate &gate, bool wentOn);
    QString text() const;
    QPushButton *goOnButton() const { return m_goOn; }
    QPushButton *skipButton() const { return m_skip; }

Q_SIGNALS:
    void goOn();               // run it anyway (or re-verify a confirmed one)
    void skipToMinimization(); // confirmed recently: go straight to minimizing

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyPalette();

    QLabel *m_label;
    QPushButton *m_goOn;
    QPushButton *m_skip;
    ScrubGate m_gate;
    bool m_wentOn = false;
    bool m_applying = false;
};

// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QPalette>

// The console's look: by default the desktop's own style (Breeze where it is installed) and colour scheme,
// following the system when it switches between light and dark. `--light` / `--dark` override the
// scheme with the console's own palettes on Fusion. Presentation mode builds on whichever palette this
// chose. Create it once QApplication exists, before the first window.
class AppearanceController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppearanceController)

public:
    enum class Scheme
    {
        System,
        Light,
        Dark
    };
    Q_ENUM(Scheme)

    explicit AppearanceController(QObject *parent = nullptr);

    Scheme choice() const { return m_choice; }
    void setChoice(Scheme choice);
    // The scheme the window shows: the override, else what the system reports (light when it says nothing).
    Qt::ColorScheme effectiveScheme() const;
    // The style the desktop asked for (or Breeze, when installed and the platform names none).
    QString platformStyle() const { return m_platformStyle; }

    // The system's scheme as QStyleHints reported it; re-applies unless overridden. Connected to
    // QStyleHints::colorSchemeChanged.
    void systemSchemeChanged(Qt::ColorScheme scheme);

Q_SIGNALS:
    // After a new palette is in place (a window in presentation mode rebuilds its own on it).
    void applied(Qt::ColorScheme scheme);

private:
    void apply();

    Scheme m_choice = Scheme::System;
    Qt::ColorScheme m_systemScheme = Qt::ColorScheme::Unknown;
    QString m_platformStyle;
    QPalette m_platformPalette;
};

// SPDX-License-Identifier: MIT
#include "views/common/appearancecontroller.h"

#include "views/common/apppalette.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleHints>

using namespace Qt::StringLiterals;

namespace {

// The style QApplication picked from the platform theme; a generic one (Fusion, Windows) gives way to
// Breeze when Breeze is installed, as a KDE user on another session would expect.
QString preferredStyle()
{
    const QString picked = QApplication::style() ? QApplication::style()->name() : QString();
    const bool generic = picked.isEmpty() || picked.compare(u"fusion"_s, Qt::CaseInsensitive) == 0 ||
                         picked.compare(u"windows"_s, Qt::CaseInsensitive) == 0;
    if (generic) {
        for (const QString &key : QStyleFactory::keys()) {
            if (key.compare(u"breeze"_s, Qt::CaseInsensitive) == 0)
                return key;
        }
    }
    return picked.isEmpty() ? u"Fusion"_s : picked;
}

} // namespace

AppearanceController::AppearanceController(QObject *parent)
    : QObject(parent)
    , m_platformStyle(preferredStyle())
    , m_platformPalette(QApplication::palette())
{
    QStyleHints *hints = QGuiApplication::styleHints();
    m_systemScheme = hints->colorScheme();
    connect(hints, &QStyleHints::colorSchemeChanged, this, &AppearanceController::systemSchemeChanged);
    apply();
}

void AppearanceController::setChoice(Scheme choice)
{
    if (choice == m_choice)
        return;
    m_choice = choice;
    apply();
}

Qt::ColorScheme AppearanceController::effectiveScheme() const
{
    switch (m_choice) {
    case Scheme::Light:
        return Qt::ColorScheme::Light;
    case Scheme::Dark:
        return Qt::ColorScheme::Dark;
    case Scheme::System:
        break;
    }
    return m_systemScheme == Qt::ColorScheme::Dark ? Qt::ColorScheme::Dark : Qt::ColorScheme::Light;
}

void AppearanceController::systemSchemeChanged(Qt::ColorScheme scheme)
{
    if (scheme == m_systemScheme)
        return;
    m_systemScheme = scheme;
    if (m_choice == Scheme::System) {
        // The platform's palette follows its scheme; take the new one as the base before applying.
        QApplication::setPalette(QPalette());
        m_platformPalette = QApplication::palette();
        apply();
    }
}

void AppearanceController::apply()
{
    const Qt::ColorScheme scheme = effectiveScheme();
    if (m_choice != Scheme::System) {
        // An override: the console's own palettes, which Fusion honours in every role.
        if (QApplication::style()->name().compare(u"fusion"_s, Qt::CaseInsensitive) != 0)
            QApplication::setStyle(u"Fusion"_s);
        QApplication::setPalette(scheme == Qt::ColorScheme::Dark ? AppPalette::dark() : AppPalette::light());
    } else {
        if (QApplication::style()->name().compare(m_platformStyle, Qt::CaseInsensitive) != 0)
            QApplication::setStyle(m_platformStyle);
        // The desktop's own palette when it gives one (a platform theme: KDE's colour scheme, GTK's) that fits
        // its scheme. A desktop with no palette for Qt, or one that names a scheme its palette does not
        // match (dark, with no Qt platform theme), gets the console's palette for the scheme.
        const bool platformHasPalette = m_platformPalette != QApplication::style()->standardPalette();
        const bool platformFits = m_systemScheme == Qt::ColorScheme::Unknown ||
                                  AppPalette::isDark(m_platformPalette) == (m_systemScheme == Qt::ColorScheme::Dark);
        if (platformHasPalette && platformFits)
            QApplication::setPalette(m_platformPalette);
        else
            QApplication::setPalette(scheme == Qt::ColorScheme::Dark ? AppPalette::dark() : AppPalette::light());
    }
    Q_EMIT applied(scheme);
}

// SPDX-License-Identifier: MIT
#pragma once

#include <QLocale>
#include <QStringList>

// The console's catalogue (:/i18n/triage-console_<lang>.qm, built from translations/*.ts by lrelease) and Qt's
// own (qt_<lang>.qm from Qt's translations folder: the standard dialogs' buttons, the shortcut editor) for a
// locale, installed on the application. Installing again replaces what an earlier call installed; a locale with
// no catalogue leaves the source text (English).
class TranslationLoader final
{
public:
    // What was loaded, e.g. {"triage-console_de", "qt_de"}; empty for English or a language without catalogues.
    static QStringList install(const QLocale &locale);
    // The languages the console ships a catalogue for ("de", …).
    static QStringList languages();
};

// SPDX-License-Identifier: MIT
#include "views/common/translationloader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace {
constexpr auto InstalledProperty = "triageTranslation";
const QString CatalogueDir = u":/i18n"_s;
} // namespace

QStringList TranslationLoader::install(const QLocale &locale)
{
    QCoreApplication *app = QCoreApplication::instance();
    if (!app)
        return {};
    for (QTranslator *old : app->findChildren<QTranslator *>(Qt::FindDirectChildrenOnly)) {
        if (old->property(InstalledProperty).toBool()) {
            QCoreApplication::removeTranslator(old);
            delete old;
        }
    }
    QStringList loaded;
    const auto load = [&](const QString &name, const QString &dir) {
        auto *translator = new QTranslator(app);
        translator->setProperty(InstalledProperty, true);
        // Looks for name_de_DE.qm, name_de.qm, … in the locale's preferred languages' order.
        if (!translator->load(locale, name, u"_"_s, dir) || translator->isEmpty()) {
            delete translator;
            return;
        }
        QCoreApplication::installTranslator(translator);
        loaded.append(QFileInfo(translator->filePath()).completeBaseName());
    };
    // English is the source language: no catalogue, and Qt's own would only get in the way.
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return loaded;
    load(u"triage-console"_s, CatalogueDir);
    load(u"qt"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    return loaded;
}

QStringList TranslationLoader::languages()
{
    QStringList languages;
    const QStringList files = QDir(CatalogueDir).entryList({u"triage-console_*.qm"_s}, QDir::Files, QDir::Name);
    for (const QString &file : files)
        languages.append(QFileInfo(file).completeBaseName().section(u'_', 1));
    return languages;
}

# SPDX-License-Identifier: MIT
# Translations: resources/translations/triage-console_<lang>.ts is the catalogue lupdate generates from the libraries' tr()
# strings (the window and everything it shows; the headless commands' output stays English for scripts).
# `cmake --build --preset dev --target update_translations` refreshes it, keeping what is translated; lrelease
# compiles it into the views library's resources as :/i18n/triage-console_<lang>.qm, which TranslationLoader installs for the user's locale together with Qt's own qt_<lang>.qm.
set(TRIAGE_TS_FILES
    ${CMAKE_SOURCE_DIR}/resources/translations/triage-console_de.ts
)
if(Qt6_VERSION VERSION_GREATER_EQUAL 6.7)
    qt_add_translations(TARGETS views
        SOURCE_TARGETS engine models views
        TS_FILES ${TRIAGE_TS_FILES}
        RESOURCE_PREFIX /i18n
        LUPDATE_OPTIONS -no-obsolete -locations none)
else()
    # Qt 6.5/6.6: the catalogues are compiled; refreshing them needs lupdate by hand.
    qt_add_lrelease(views TS_FILES ${TRIAGE_TS_FILES} QM_FILES_OUTPUT_VARIABLE triage_qm_files)
    qt_add_resources(views triage_translations PREFIX /i18n BASE ${CMAKE_CURRENT_BINARY_DIR} FILES ${triage_qm_files})
endif()

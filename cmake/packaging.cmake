# SPDX-License-Identifier: MIT
# `scripts/package` (cpack) makes a Debian package of the install tree: the binary and the desktop files
# named by the app id. Shared-library dependencies are computed by dpkg-shlibdeps; the rest is what the
# console runs or loads at run time, which no ELF dependency shows.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME triage-console)
set(CPACK_PACKAGE_VENDOR "The Triage Console developers")
set(CPACK_PACKAGE_CONTACT "The Triage Console developers <maintainers@triage-console.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "console for triaging GitHub issue queues")
set(CPACK_PACKAGE_DESCRIPTION
    "A native desktop console for the people who triage GitHub issue queues: the engine's suggested labels\n"
    "with the evidence behind them, rubric packs with guardrails, an outbox that sends reviewed edits,\n"
    "and reproduction scripts run in a bubblewrap sandbox.")
set(CPACK_PACKAGE_HOMEPAGE_URL "${TRIAGE_CONSOLE_HOMEPAGE}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # triage-console_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# bubblewrap runs repros, python3 reviews them (ast); the store's SQLite driver is a Qt plugin, loaded at
# run time (libqt6gui6 itself brings the xcb platform and recommends Wayland's and the SVG icon plugin).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "bubblewrap, python3, libqt6sql6-sqlite")
# qt6-translations-l10n: Qt's own strings (standard buttons, the shortcut editor) in the user's language.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "gh, gnome-keyring | kwalletmanager, python3-torch, qt6-translations-l10n")
include(CPack)

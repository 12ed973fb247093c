#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# install-tree.sh BUILD_DIR VALIDATE_SH: installs the build into a scratch prefix (as a package would,
# GNUInstallDirs layout) and validates the tree the way software centres read it: the metainfo, the
# .desktop file it launches and the icon, all under the one app id.
set -euo pipefail
build=$1 validate=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
DESTDIR="$scratch" cmake --install "$build" --prefix /usr >/dev/null
id=$(sed -n 's|.*<id>\(.*\)</id>.*|\1|p' "$scratch"/usr/share/metainfo/*.metainfo.xml | head -n1)
for file in "usr/bin/triage-console" "usr/share/applications/$id.desktop" "usr/share/metainfo/$id.metainfo.xml" \
    "usr/share/icons/hicolor/scalable/apps/$id.svg"; do
    [ -e "$scratch/$file" ] || { echo "not installed: /$file" >&2; exit 1; }
    echo "installed: /$file"
done
grep -qx "Icon=$id" "$scratch/usr/share/applications/$id.desktop" || { echo "the .desktop Icon is not $id" >&2; exit 1; }
exec "$validate" appstreamcli appstream validate-tree --no-net --explain "$scratch/usr"

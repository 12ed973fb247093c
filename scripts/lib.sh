# SPDX-License-Identifier: MIT
# Shared by scripts/setup, scripts/run, scripts/test and scripts/enter. Sourced, not run.
#
# The console needs Qt >= 6.5, KF6 SyntaxHighlighting and QtKeychain for Qt 6. Hosts that have them
# (or can install them) build natively; older hosts (Debian 12: Qt 6.4, no KF6) build and run inside a
# Debian 13 root, entered through a private mount namespace so that no mount outlives a command.

set -euo pipefail

TC_PROJECT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TC_ROOT=${TRIAGE_CONSOLE_ROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/triage-console/debian13-root}
TC_SUITE=trixie
# Bump when the package list changes: a root set up with an older list is completed on the next run.
TC_ROOT_PACKAGES=(
    g++ cmake ninja-build pkgconf git ca-certificates
    qt6-base-dev qt6-httpserver-dev qt6-websockets-dev libqt6sql6-sqlite qt6-qpa-plugins qt6-wayland libxcb-cursor0
    libkf6syntaxhighlighting-dev libkf6xmlgui-dev libkf6widgetsaddons-dev qtkeychain-qt6-dev
    python3 python3-torch bubblewrap
    python3-setuptools python3-dev libtorch-dev
    xvfb xauth dbus dbus-x11 gnome-keyring libsecret-tools
    fonts-dejavu-core fonts-noto-core fonts-noto-color-emoji locales-all
    valgrind desktop-file-utils appstream dpkg-dev file
    qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
    clang-format clang-tidy
)
TC_NATIVE_DEBIAN_PACKAGES=(
    g++ cmake ninja-build qt6-base-dev qt6-httpserver-dev qt6-websockets-dev libqt6sql6-sqlite qt6-qpa-plugins
    libkf6syntaxhighlighting-dev libkf6xmlgui-dev libkf6widgetsaddons-dev qtkeychain-qt6-dev python3 python3-torch
    python3-setuptools clang-format clang-tidy
    python3-dev libtorch-dev bubblewrap xvfb xauth dbus gnome-keyring libsecret-tools fonts-dejavu-core valgrind
    desktop-file-utils appstream dpkg-dev file qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
)
TC_NATIVE_FEDORA_PACKAGES=(
    gcc-c++ cmake ninja-build qt6-qtbase-devel qt6-qthttpserver-devel kf6-syntax-highlighting-devel kf6-kxmlgui-devel
    kf6-kwidgetsaddons-devel
    qtkeychain-qt6-devel python3 python3-torch bubblewrap xorg-x11-server-Xvfb xauth dbus-daemon gnome-keyring
    libsecret dejavu-sans-fonts valgrind
)
TC_NATIVE_ARCH_PACKAGES=(
    gcc cmake ninja qt6-base qt6-httpserver syntax-highlighting kxmlgui kwidgetsaddons qtkeychain-qt6 python python-pytorch bubblewrap
    xorg-server-xvfb xorg-xauth dbus gnome-keyring libsecret ttf-dejavu valgrind
)

tc_log() { printf '[triage-console] %s\n' "$*" >&2; }
tc_die() { printf '[triage-console] error: %s\n' "$*" >&2; exit 1; }

tc_packages_hash() { printf '%s\n' "${TC_ROOT_PACKAGES[@]}" | sha1sum | cut -c1-12; }

tc_as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# Native means every library the build needs is already visible to CMake on this host.
tc_native_ready() {
    [ "${TRIAGE_CONSOLE_FORCE_ROOT:-0}" = 1 ] && return 1
    local cfg dir
    for dir in /usr/lib/*/cmake /usr/lib/cmake /usr/lib64/cmake /usr/local/lib/cmake; do
        [ -d "$dir" ] || continue
        cfg="$dir/Qt6/Qt6ConfigVersion.cmake"
        [ -f "$cfg" ] || continue
        local version
        version=$(sed -n 's/^set(PACKAGE_VERSION "\([0-9.]*\)").*/\1/p' "$cfg" | head -n1)
        local major minor
        IFS=. read -r major minor _ <<<"$version"
        [ "${major:-0}" -eq 6 ] && [ "${minor:-0}" -ge 5 ] || continue
        [ -d "$dir/Qt6HttpServer" ] && [ -d "$dir/Qt6Sql" ] && [ -d "$dir/Qt6Test" ] || continue
        [ -d "$dir/KF6SyntaxHighlighting" ] && [ -d "$dir/KF6XmlGui" ] && [ -d "$dir/Qt6Keychain" ] || continue
        command -v ninja >/dev/null && command -v cmake >/dev/null || continue
        ls "$(dirname "$dir")"/qt6/plugins/sqldrivers/libqsqlite.so >/dev/null 2>&1 || continue
        return 0
    done
    return 1
}

# Hosts whose own package manager ships Qt >= 6.5 + KF6: install natively instead of building a root.
tc_native_installable() {
    [ "${TRIAGE_CONSOLE_FORCE_ROOT:-0}" = 1 ] && return 1
    [ -r /etc/os-release ] || return 1
    local ID="" VERSION_ID=""
    # shellcheck disable=SC1091
    . /etc/os-release
    case "$ID" in
        debian) [ "${VERSION_ID%%.*}" -ge 13 ] 2>/dev/null ;;
        ubuntu) [ "$(printf '%s\n' "$VERSION_ID" 24.10 | sort -V | head -n1)" = 24.10 ] ;;
        fedora | arch) return 0 ;;
        *) return 1 ;;
    esac
}

tc_mode() {
    if [ "${TRIAGE_CONSOLE_FORCE_ROOT:-0}" = 1 ]; then echo root
    elif tc_native_ready; then echo native
    elif tc_native_installable; then echo native-install
    else echo root; fi
}

tc_root_complete() { [ -f "$TC_ROOT/.triage-console/complete-$(tc_packages_hash)" ]; }

# Run a command inside the root: private mount namespace, root bound onto itself (bubblewrap needs a
# mount point for "/"), and the project, its parent, the cwd, /tmp, $HOME and the display sockets at the
# same paths as outside. Every mount dies with the namespace.
tc_in_root() {
    local cwd
    cwd=$(pwd)
    local binds=()
    local path
    for path in "$TC_PROJECT" "$(dirname "$TC_PROJECT")" "$cwd" "$HOME" ${XDG_RUNTIME_DIR:+"$XDG_RUNTIME_DIR"}; do
        case "$path" in / | /proc* | /sys* | /dev* | /usr* | /etc* | /bin* | /lib* | /sbin* | /var*) continue ;; esac
        [ -d "$path" ] && binds+=("$path")
    done
    tc_as_root env -i \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        TC_ROOT="$TC_ROOT" TC_CWD="$cwd" TC_BINDS="$(printf '%s\n' "${binds[@]}")" \
        TC_ENV="$(tc_passthrough_env)" \
        unshare --mount --propagation private -- bash -c '
            set -euo pipefail
            r=$TC_ROOT
            mount --bind "$r" "$r"
            mount --rbind /dev "$r/dev"
            mount -t proc proc "$r/proc"
            mount --rbind /sys "$r/sys"
            mkdir -p "$r/tmp" && mount --bind /tmp "$r/tmp"
            [ -e /dev/shm ] && mkdir -p "$r/dev/shm"
            if [ -r /etc/resolv.conf ]; then
                cp -L /etc/resolv.conf "$r/etc/resolv.conf" 2>/dev/null || true
            fi
            # Parents first so that a child bind is not hidden by its parent.
            while IFS= read -r p; do
                [ -n "$p" ] || continue
                mkdir -p "$r$p"
                mountpoint -q "$r$p" || mount --bind "$p" "$r$p"
            done < <(printf "%s\n" "$TC_BINDS" | awk "{ print length, \$0 }" | sort -n | cut -d" " -f2-)
            [ -z "${TC_ENV// /}" ] || eval "export $TC_ENV"
            cd "$r"
            # pivot_root, not chroot where it works: no process in a chroot may make a user namespace, and
            # bwrap needs one when the console runs as a normal user.
            if pivot_root . . 2>/dev/null; then
                umount -l .
                exec /bin/bash -c "cd \"\$0\" 2>/dev/null || cd /; exec \"\$@\"" "$TC_CWD" "$@"
            fi
            exec chroot "$r" /bin/bash -c "cd \"\$0\" 2>/dev/null || cd /; exec \"\$@\"" "$TC_CWD" "$@"
        ' triage-console-root "$@"
}

# Only what a command needs from the caller's environment: identity, display, locale, CI flags and ours.
tc_passthrough_env() {
    local out=() name
    for name in HOME USER LOGNAME TERM LANG LC_ALL DISPLAY WAYLAND_DISPLAY XDG_RUNTIME_DIR XAUTHORITY \
        QT_QPA_PLATFORM QT_SCALE_FACTOR CI CTEST_PARALLEL_LEVEL CMAKE_BUILD_PARALLEL_LEVEL GH_TOKEN GITHUB_TOKEN \
        GH_ENTERPRISE_TOKEN GITHUB_ENTERPRISE_TOKEN GH_HOST GH_CONFIG_DIR GH_PATH \
        DBUS_SESSION_BUS_ADDRESS TRIAGE_CONSOLE_PRESET CMAKE_CXX_COMPILER_LAUNCHER CCACHE_DIR CCACHE_BASEDIR \
        CCACHE_NOHASHDIR; do
        [ -n "${!name:-}" ] && out+=("$name=$(printf '%q' "${!name}")")
    done
    [ -n "${LANG:-}" ] || out+=("LANG=C.UTF-8")
    printf '%s ' "${out[@]}"
}

# Run a command where the build lives: natively, or inside the root.
tc_exec() {
    if [ "$(tc_mode)" = root ]; then tc_in_root "$@"; else "$@"; fi
}

tc_preset() {
    if [ -n "${TRIAGE_CONSOLE_PRESET:-}" ]; then echo "$TRIAGE_CONSOLE_PRESET"
    elif [ -n "${CI:-}" ]; then echo ci
    else echo dev; fi
}

tc_build() {
    local preset
    preset=$(tc_preset)
    local dir="$TC_PROJECT/build/$preset"
    cd "$TC_PROJECT"
    if [ ! -f "$dir/build.ninja" ] || [ ! -f "$dir/CMakeCache.txt" ]; then
        tc_exec cmake --preset "$preset" >&2
    fi
    tc_exec cmake --build --preset "$preset" >&2
}

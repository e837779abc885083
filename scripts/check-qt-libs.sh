#!/usr/bin/env bash
# Which system libraries does Qt's xcb platform (a real window on X11) lack on this machine?
# Prints the Debian/Ubuntu packages to install, one per line, and exits 1 when some are missing.
# The offscreen tests never load this plugin, so a fresh machine only finds out at the first start
# ("xcb-cursor0 or libxcb-cursor0 is needed", issue 10). LDD may name another ldd (tests use it).
set -uo pipefail
cd "$(dirname "$0")/.."
ldd_cmd="${LDD:-ldd}"
shopt -s nullglob
plugins=("${VENV:-.venv}"/lib/python3*/site-packages/PySide6/Qt/plugins/platforms/libqxcb.so
         "${VENV:-.venv}"/lib/python3*/site-packages/PySide6/Qt/lib/libQt6XcbQpa.so.6)
[ ${#plugins[@]} -eq 0 ] && exit 0   # no PySide6 (yet): nothing to check
# GLib's libraries all come in libglib2.0-0 (libgthread-2.0-0 does not exist: found on a fresh
# Debian 12, issue 27)
declare -A exceptions=([libglib-2.0.so.0]=libglib2.0-0 [libgthread-2.0.so.0]=libglib2.0-0
                       [libgobject-2.0.so.0]=libglib2.0-0 [libgio-2.0.so.0]=libglib2.0-0
                       [libgmodule-2.0.so.0]=libglib2.0-0 [libGL.so.1]=libgl1 [libEGL.so.1]=libegl1
                       [libX11-xcb.so.1]=libx11-xcb1 [libX11.so.6]=libx11-6)
missing=()
while read -r soname; do
    [ -z "$soname" ] && continue
    if [ -n "${exceptions[$soname]:-}" ]; then
        missing+=("${exceptions[$soname]}")
        continue
    fi
    # Debian naming: libfoo.so.N -> libfooN; libfoo-1.so.N / libfoo-x11.so.N -> libfoo-...-N
    base="${soname%%.so.*}"; version="${soname##*.so.}"; version="${version%%.*}"
    base="$(echo "$base" | tr '[:upper:]' '[:lower:]')"
    if [[ "$base" =~ [0-9]$ ]]; then missing+=("$base-$version"); else missing+=("$base$version"); fi
done < <("$ldd_cmd" "${plugins[@]}" 2>/dev/null | awk '/not found/ {print $1}' | sort -u)
[ ${#missing[@]} -eq 0 ] && exit 0
printf '%s\n' "${missing[@]}" | sort -u
exit 1

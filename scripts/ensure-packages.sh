#!/usr/bin/env bash
# Usage: scripts/ensure-packages.sh "WHAT NEEDS THEM" PACKAGE...
# Installs the Debian/Ubuntu packages that are missing when run as root with apt-get (a fresh
# machine: README's two commands are the whole set-up); otherwise prints the command to run and
# exits 1. BRIKWARS_NO_INSTALL=1 never installs.
set -euo pipefail
why="$1"
shift
missing=()
for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null && [ "${BRIKWARS_NO_INSTALL:-0}" != 1 ]; then
    echo "Installing for $why: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # a fresh image has no package lists yet; dpkg's progress lines are kept out of the terminal
    # and shown only when the install fails
    log="$(mktemp)"
    if ! apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$log" 2>&1 \
        && ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        echo "error: installing ${missing[*]} failed (see above)" >&2
        exit 1
    fi
    rm -f "$log"
    echo "Installed ${missing[*]}."
    exit 0
fi
echo "These packages are missing for $why. Install them with:" >&2
echo "    sudo apt-get install ${missing[*]}" >&2
exit 1

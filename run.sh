#!/usr/bin/env bash
# Set up (first run only) and start the BrikWars battle simulator on the bundled skirmish.
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup-venv.sh
# A real window needs Qt's xcb platform and its system libraries (not needed offscreen).
if [ "$(uname -s)" = Linux ] && [ "${QT_QPA_PLATFORM:-xcb}" = xcb ]; then
    if ! missing="$(bash scripts/check-qt-libs.sh)"; then
        # shellcheck disable=SC2086
        bash scripts/ensure-packages.sh "a window (Qt's xcb platform)" $missing
    fi
fi
exec .venv/bin/brikwars "$@"   # no argument: the bundled skirmish

#!/usr/bin/env bash
# Set up (first run only) and start the BrikWars battle simulator on the bundled skirmish.
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup-venv.sh
# A real window needs Qt's xcb platform and its system libraries (not needed offscreen).
if [ "$(uname -s)" = Linux ] && [ "${QT_QPA_PLATFORM:-xcb}" = xcb ]; then
    if ! missing="$(bash scripts/check-qt-libs.sh)"; then
        # shellcheck disable=SC2086
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null && [ "${BRIKWARS_NO_INSTALL:-0}" != 1 ]; then
            echo "Installing the system libraries Qt needs for a window: $(echo $missing)"
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
        else
            echo "Qt cannot open a window: these system libraries are missing. Install them with:" >&2
            echo "    sudo apt-get install $(echo $missing)" >&2
            exit 1
        fi
    fi
fi
exec .venv/bin/brikwars "${@:-resources/scenarios/skirmish.json}"

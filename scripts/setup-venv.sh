#!/usr/bin/env bash
# Creates .venv (once) and installs the project with the extras named in $1 ("" or "test").
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    if ! "$PY" -m venv .venv; then
        echo "error: '$PY -m venv' failed; on Debian run: sudo apt-get install python3-venv" >&2
        exit 1
    fi
fi
extras="${1:-}"
spec="."
[ -n "$extras" ] && spec=".[$extras]"
# Reinstall only when pyproject.toml changed since the last install with these extras.
stamp=".venv/.installed-${extras:-base}"
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip >/dev/null 2>&1 || true
    .venv/bin/python -m pip install --quiet -e "$spec" 2>&1 | grep -v '^WARNING: Location' || true
    .venv/bin/python -c "import brikwars_gui" # fail loudly if the install did not work
    echo "$want" > "$stamp"
fi

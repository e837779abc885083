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
    log="$(mktemp)"
    if ! .venv/bin/python -m pip install --quiet -e "$spec" >"$log" 2>&1; then
        cat "$log" >&2
        echo "error: installing the project failed (see above)" >&2
        exit 1
    fi
    rm -f "$log"
    echo "$want" > "$stamp"
fi

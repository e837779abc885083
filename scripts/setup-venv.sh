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
.venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
.venv/bin/python -m pip install --quiet -e "$spec"

#!/usr/bin/env bash
# Creates .venv (once; $VENV names another folder, $PYTHON another Python) and installs the project
# with the extras named in $1 ("" or "test"), every dependency at its locked version: requirements/lock.txt (with "test") or requirements/runtime.txt,
# hash-checked. scripts/lock.sh refreshes the locks.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
venv="${VENV:-.venv}"
# A venv whose creation failed half-way (no pip) is made again.
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -m pip --version >/dev/null 2>&1; then
    rm -rf "$venv"
    # Debian keeps Python's venv module in python3-venv: installed as root, else named
    if ! "$PY" -c "import ensurepip" 2>/dev/null; then
        bash scripts/ensure-packages.sh "a Python venv" python3-venv
    fi
    echo "Creating $venv (first run only) ..."
    # --upgrade-deps: a current pip and setuptools instead of the ones the Python came with
    if ! "$PY" -m venv --upgrade-deps "$venv"; then
        rm -rf "$venv"
        echo "error: '$PY -m venv' failed; on Debian run: sudo apt-get install python3-venv" >&2
        exit 1
    fi
fi
extras="${1:-}"
lock="requirements/runtime.txt"
spec="."
if [ -n "$extras" ]; then
    spec=".[$extras]"
    lock="requirements/lock.txt"
fi
# Reinstall only when pyproject.toml or the lock changed since the last install with these extras.
stamp="$venv/.installed-${extras:-base}"
want="$(cat pyproject.toml "$lock" | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "Installing the locked dependencies into $venv (the first time takes a few minutes) ..."
    log="$(mktemp)"
    if ! "$venv/bin/python" -m pip install --quiet --require-hashes -r "$lock" >"$log" 2>&1 \
        || ! "$venv/bin/python" -m pip install --quiet --no-deps -e "$spec" >>"$log" 2>&1; then
        cat "$log" >&2
        echo "error: installing the project failed (see above)" >&2
        exit 1
    fi
    rm -f "$log"
    echo "$want" > "$stamp"
    echo "Installed."
fi

#!/usr/bin/env bash
# Set up (first run only) and run the tests (offscreen Qt; see tests/conftest.py).
#   ./test.sh            ruff, the whole suite, then the desktop bundle and wheel smoke tests (what CI runs)
#   ./test.sh ARGS...    ruff, then pytest ARGS only (e.g. ./test.sh tests/engine -x)
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup-venv.sh test
.venv/bin/ruff check .
if [ $# -gt 0 ]; then
    exec .venv/bin/python -m pytest "$@"
fi
.venv/bin/python -m pytest
# tests marked `bundle` build the PyInstaller bundle and a wheel (minutes): see packaging/README.md
exec .venv/bin/python -m pytest -m bundle tests/packaging

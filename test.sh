#!/usr/bin/env bash
# Set up (first run only) and run the tests (offscreen Qt; see tests/conftest.py).
#   ./test.sh            ruff, lint-imports, the whole suite, then the desktop bundle and wheel smoke
#                        tests (what CI runs)
#   ./test.sh ARGS...    ruff, lint-imports, then pytest ARGS only (e.g. ./test.sh tests/engine -x)
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup-venv.sh test
.venv/bin/ruff check .
# the import layers and boundaries of docs/architecture.md ([tool.importlinter] in pyproject.toml)
.venv/bin/lint-imports
if [ $# -gt 0 ]; then
    exec .venv/bin/python -m pytest "$@"
fi
.venv/bin/python -m pytest
# tests marked `bundle` build the PyInstaller bundle and a wheel (minutes): see packaging/README.md
exec .venv/bin/python -m pytest -m bundle tests/packaging

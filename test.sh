#!/usr/bin/env bash
# Set up (first run only) and run the linter and the whole test suite (offscreen Qt; see tests/conftest.py).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup-venv.sh test
.venv/bin/ruff check .
exec .venv/bin/python -m pytest "$@"

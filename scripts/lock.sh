#!/usr/bin/env bash
# Refresh the dependency locks from pyproject.toml (pip-tools' pip-compile, hashes for every platform):
#   requirements/lock.txt     the test environment (.venv of ./test.sh, CI): runtime + extra `test`
#   requirements/runtime.txt  the runtime only: what the desktop bundle (packaging/build.sh) holds
# setup-venv.sh and build.sh install from them with --require-hashes. Run after changing the
# dependencies in pyproject.toml, or to take newer releases (then run ./test.sh and commit both):
#   bash scripts/lock.sh             keep the locked versions that still fit pyproject.toml
#   bash scripts/lock.sh --upgrade   take the newest versions pyproject.toml allows
set -euo pipefail
cd "$(dirname "$0")/.."
tools="build/lock-tools"
[ -x "$tools/bin/pip-compile" ] || { python3 -m venv "$tools" && "$tools/bin/pip" install --quiet pip-tools; }
common=(--quiet --custom-compile-command "bash scripts/lock.sh" --generate-hashes --strip-extras --allow-unsafe --no-emit-index-url --no-emit-find-links "$@")
"$tools/bin/pip-compile" "${common[@]}" --extra test -o requirements/lock.txt pyproject.toml
"$tools/bin/pip-compile" "${common[@]}" -o requirements/runtime.txt pyproject.toml

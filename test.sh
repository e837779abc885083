#!/usr/bin/env bash
# Set up (first run only) and run the tests (offscreen Qt; see tests/conftest.py) on both cores.
#   ./test.sh            ruff, lint-imports, the whole suite, then the desktop bundle and wheel smoke
#                        tests (what CI runs)
#   ./test.sh ARGS...    ruff, lint-imports, then pytest ARGS only (e.g. ./test.sh tests/engine -x)
# Run as root on a fresh Debian/Ubuntu machine it installs the system packages it needs (Python's
# venv module, the libraries Qt loads, binutils and libpython3.X for PyInstaller); otherwise it names them.
# PYTHON=python3.13 VENV=.venv-3.13 ./test.sh runs everything on another Python in its own venv.
set -euo pipefail
cd "$(dirname "$0")"
venv="${VENV:-.venv}"
bash scripts/setup-venv.sh test
if [ "$(uname -s)" = Linux ] && ! qt_missing="$(VENV="$venv" bash scripts/check-qt-libs.sh)"; then
    # shellcheck disable=SC2086
    bash scripts/ensure-packages.sh "Qt (the offscreen tests and a real window)" $qt_missing
fi
"$venv/bin/ruff" check .
# the import layers and boundaries of docs/architecture.md ([tool.importlinter] in pyproject.toml)
"$venv/bin/lint-imports"
# -n 2: both cores (pytest-xdist; --dist loadgroup keeps the bundle tests on one worker); -n 0 runs
# in one process, e.g. to debug
if [ $# -gt 0 ]; then
    exec "$venv/bin/python" -m pytest -n 2 --dist loadgroup "$@"
fi
# the bundle tests run PyInstaller, which reads shared libraries with objdump
command -v objdump >/dev/null || bash scripts/ensure-packages.sh "the bundle tests (PyInstaller)" binutils
# ... and bundles Python's shared library, which Debian's python3 keeps in libpython3.X (not in a
# minimal image); a Python built elsewhere (pyenv) carries its own
read -r pylib pyver < <("$venv/bin/python" -c 'import os, sys, sysconfig as s
print(os.path.join(s.get_config_var("LIBDIR"), s.get_config_var("INSTSONAME")), "%d.%d" % sys.version_info[:2])')
case "$pylib" in
    /usr/lib/*) [ -e "$pylib" ] || bash scripts/ensure-packages.sh "the bundle tests (PyInstaller)" "libpython$pyver" ;;
esac
"$venv/bin/python" -m pytest -n 2 --dist loadgroup
# tests marked `bundle` build the PyInstaller bundle and a wheel (minutes): see packaging/README.md; runs alone.
exec "$venv/bin/python" -m pytest -m bundle tests/packaging

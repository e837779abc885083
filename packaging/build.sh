#!/usr/bin/env bash
# Build the standalone one-folder Linux bundle: dist/brikwars/ (run dist/brikwars/brikwars).
#
# Reproducible: a throw-away venv under build/bundle/ gets the project's wheel (built from this
# checkout) and the pinned PyInstaller below, so the bundle never depends on what the developer's
# .venv happens to hold. Also copies the .desktop entry, the icon and the AppStream metainfo next
# to the program (dist/brikwars/share/...), validating the metainfo where appstreamcli exists.
# Usage: packaging/build.sh [--smoke-test]   (the flag runs the built program's smoke test)
set -euo pipefail
cd "$(dirname "$0")/.."
PYINSTALLER_VERSION="6.22.3"
PY="${PYTHON:-python3}"
work="build/bundle"
rm -rf "$work" dist/brikwars
mkdir -p "$work"
start=$(date +%s)
"$PY" -m venv "$work/venv"
pip() { "$work/venv/bin/python" -m pip --disable-pip-version-check --quiet "$@"; }
pip install --upgrade pip
pip wheel --no-deps --wheel-dir "$work/wheel" .
pip install "$work"/wheel/brikwars_gui-*.whl "pyinstaller==$PYINSTALLER_VERSION"
(
    cd packaging
    "../$work/venv/bin/pyinstaller" --noconfirm --clean --log-level WARN \
        --workpath "../$work/pyinstaller" --distpath ../dist brikwars.spec
)
share="dist/brikwars/share"
install -Dm644 packaging/brikwars.desktop "$share/applications/brikwars.desktop"
install -Dm644 resources/icons/brikwars.svg "$share/icons/hicolor/scalable/apps/brikwars.svg"
install -Dm644 packaging/org.brikwars.brikwarsgui.metainfo.xml \
    "$share/metainfo/org.brikwars.brikwarsgui.metainfo.xml"
if command -v appstreamcli >/dev/null 2>&1; then
    appstreamcli validate --no-net --strict "$share/metainfo/org.brikwars.brikwarsgui.metainfo.xml"
fi
echo "built dist/brikwars in $(( $(date +%s) - start )) s ($(du -sh dist/brikwars | cut -f1))"
if [ "${1:-}" = "--smoke-test" ]; then
    dist/brikwars/brikwars --smoke-test
fi

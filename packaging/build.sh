#!/usr/bin/env bash
# Build the standalone one-folder Linux bundle: dist/brikwars/ (run dist/brikwars/brikwars).
#
# Reproducible: a throw-away venv under build/bundle/ gets the project's wheel (built from this
# checkout) with the locked versions of its dependencies (requirements/runtime.txt) and the pinned
# PyInstaller below, so the bundle never depends on what the developer's .venv happens to hold.
# The program is dist/brikwars/brikwars-bin; the launchers `brikwars` (the app) and `brikwars-sim`
# (the command line) check the C library first (the bundled libraries need the build host's glibc,
# found here with objdump). Also writes the third-party notices (packaging/notices.py) and copies
# the .desktop entry, the icon, the MIME types and the AppStream metainfo under
# dist/brikwars/share/, validating them where desktop-file-validate and appstreamcli exist.
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
pip install --require-hashes -r requirements/runtime.txt
pip install --no-deps "$work"/wheel/brikwars_gui-*.whl
pip install "pyinstaller==$PYINSTALLER_VERSION"
(
    cd packaging
    "../$work/venv/bin/pyinstaller" --noconfirm --clean --log-level WARN \
        --workpath "../$work/pyinstaller" --distpath ../dist brikwars.spec
)
# The newest glibc symbol version any bundled file asks for is what the target system needs.
glibc="$(find dist/brikwars -type f \( -name '*.so*' -o -perm -u+x \) -exec objdump -T {} + 2>/dev/null \
    | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -Vu | tail -n1)"
[ -n "$glibc" ] || { echo "error: no glibc symbol versions found (is objdump installed?)" >&2; exit 1; }
for command in brikwars brikwars-sim; do
    sed -e "s/@GLIBC@/$glibc/g" -e "s/@COMMAND@/$command/g" packaging/launcher.sh > "dist/brikwars/$command"
    chmod 755 "dist/brikwars/$command"
done
"$work/venv/bin/python" packaging/notices.py dist/brikwars
id="org.brikwars.brikwarsgui"
share="dist/brikwars/share"
install -Dm644 LICENSE "$share/doc/brikwars/LICENSE"
install -Dm644 "packaging/$id.desktop" "$share/applications/$id.desktop"
install -Dm644 resources/icons/brikwars.svg "$share/icons/hicolor/scalable/apps/$id.svg"
install -Dm644 "packaging/$id.mime.xml" "$share/mime/packages/$id.xml"
install -Dm644 "packaging/$id.metainfo.xml" "$share/metainfo/$id.metainfo.xml"
if command -v appstreamcli >/dev/null 2>&1; then
    appstreamcli validate --no-net --pedantic "$share/metainfo/$id.metainfo.xml"
fi
if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$share/applications/$id.desktop"
fi
echo "needs glibc >= $glibc"
echo "built dist/brikwars in $(( $(date +%s) - start )) s ($(du -sh dist/brikwars | cut -f1))"
if [ "${1:-}" = "--smoke-test" ]; then
    dist/brikwars/brikwars --smoke-test
fi

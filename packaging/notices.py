"""Write the third-party notices of the desktop bundle (run by build.sh with the bundle venv's Python).

    python packaging/notices.py dist/brikwars

The bundle redistributes the Python packages brikwars_gui needs at run time (Qt for Python under
the LGPLv3, numpy, pydantic, Pillow, ...), the Python interpreter and the host's system libraries
PyInstaller collected (libstdc++, glib, fontconfig, ...). Each keeps its licence: this writes
`share/doc/brikwars/THIRD-PARTY-NOTICES.txt` (one entry per component: version, licence, where
its full texts are) and copies the texts under `share/doc/brikwars/licenses/`:
the packages' own licence files from their metadata, the GNU texts from Debian's
/usr/share/common-licenses where a package names the licence without shipping it (PySide6,
shiboken6), and for every system library the Debian copyright file of the package that installed
it (found with `dpkg -S`). A library whose package cannot be found is listed as such, not hidden.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

ROOT_DIST = "brikwars_gui"
COMMON_LICENSES = Path("/usr/share/common-licenses")
# Licences named in metadata but not shipped in the wheel: the GNU texts Debian keeps.
GNU_TEXTS = {"LGPL-3.0": ("LGPL-3", "GPL-3"), "GPL-2.0": ("GPL-2",), "GPL-3.0": ("GPL-3",)}


def runtime_distributions(root: str = ROOT_DIST) -> list[metadata.Distribution]:
    """`root` and every distribution it needs at run time (no extras), each once, sorted by name."""
    seen: dict[str, metadata.Distribution] = {}
    todo = [root]
    while todo:
        name = todo.pop()
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key in seen:
            continue
        dist = metadata.distribution(name)
        seen[key] = dist
        for text in dist.requires or []:
            req = Requirement(text)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return sorted(seen.values(), key=lambda d: d.metadata["Name"].lower())


def licence_of(dist: metadata.Distribution) -> str:
    meta = dist.metadata
    if meta.get("License-Expression"):
        return meta["License-Expression"]
    classifiers = meta.get_all("Classifier") or []
    named = [c.split(" :: ")[-1] for c in classifiers if c.startswith("License ::")]
    short = meta.get("License") or ""
    if short and "\n" not in short and len(short) < 120:
        return short
    return "; ".join(named) or "see its licence files"


def licence_files(dist: metadata.Distribution) -> list[Path]:
    """The licence files in the distribution's metadata folder (dist-info/licenses/, LICENSE...)."""
    found = [
        f
        for f in dist.files or []
        if ".dist-info" in str(f) and ("/licenses/" in f"/{f}" or re.search(r"LICEN[CS]E|COPYING", f.name))
    ]
    return [Path(str(dist.locate_file(f))) for f in found]


def library_packages(bundle: Path) -> dict[str, list[str]]:
    """Where each shared library at the top of the bundle came from → its names: a wheel (Qt's
    libraries in PySide6's, the libraries numpy and Pillow vendor), the interpreter, or the Debian
    package that installed it on the build host."""
    internal = bundle / "_internal"
    site = {p.name for p in internal.iterdir() if p.is_dir()}  # PySide6/, numpy/, PIL/ ...: wheels' own
    libs = sorted(p.name for p in internal.glob("*.so*") if p.is_file() and p.name not in site)
    wheels = {
        Path(str(f)).name: f"wheel:{dist.metadata['Name']}"
        for dist in runtime_distributions()
        for f in dist.files or []
        if ".so" in f.name
    }
    owners: dict[str, list[str]] = {}
    for lib in libs:
        if lib.startswith("libpython"):
            owners.setdefault("python", []).append(lib)
            continue
        if lib in wheels:
            owners.setdefault(wheels[lib], []).append(lib)
            continue
        found = subprocess.run(["dpkg", "-S", f"*/{lib}"], capture_output=True, text=True, check=False)
        line = found.stdout.splitlines()[0] if found.returncode == 0 and found.stdout else ""
        package = line.split(":", 1)[0].split(",")[0].strip() if line else "(not from a Debian package)"
        owners.setdefault(package, []).append(lib)
    return owners


def write_notices(bundle: Path) -> Path:
    doc = bundle / "share" / "doc" / "brikwars"
    texts = doc / "licenses"
    if texts.exists():
        shutil.rmtree(texts)
    texts.mkdir(parents=True)
    out = [
        "Third-party notices of the BrikWars desktop bundle",
        "",
        "BrikWars (brikwars_gui) is under the MIT licence (licenses/brikwars_gui/LICENSE). This folder",
        "also carries the software below, each under its own licence; the full texts are under",
        "licenses/<name>/. Qt for Python (PySide6, shiboken6) and Qt are used under the GNU LGPL",
        "version 3: their libraries are the unmodified files of the PyPI wheels, kept as separate",
        "shared libraries in _internal/PySide6/ and _internal/shiboken6/, which you may replace with",
        "your own build of the same version. Qt's source: https://download.qt.io/official_releases/qt/;",
        "Qt for Python's source: https://code.qt.io/cgit/pyside/pyside-setup.git/.",
        "",
        "== Python packages ==",
        "",
    ]
    for dist in runtime_distributions():
        name, version, licence = dist.metadata["Name"], dist.version, licence_of(dist)
        target = texts / name
        target.mkdir()
        copied = []
        for path in licence_files(dist):
            if path.is_file():
                shutil.copy(path, target / path.name)
                copied.append(path.name)
        for spdx, gnu in GNU_TEXTS.items():
            if not copied and spdx in licence:
                for text in gnu:
                    shutil.copy(COMMON_LICENSES / text, target / text)
                    copied.append(text)
        out.append(f"{name} {version}: {licence} ({', '.join(copied) or 'no licence file shipped'})")
    python = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    out += ["", "== Python interpreter ==", ""]
    if python.is_file():
        (texts / "python").mkdir()
        shutil.copy(python, texts / "python" / "LICENSE.txt")
    out.append(f"CPython {sys.version.split()[0]}: PSF-2.0 (python/LICENSE.txt)")
    owners = library_packages(bundle)
    out += ["", "== Shared libraries from the wheels and the interpreter above (their licence files) ==", ""]
    for origin, libs in sorted(owners.items()):
        if origin == "python" or origin.startswith("wheel:"):
            name = origin.removeprefix("wheel:")
            out.append(f"{name}: {', '.join(libs)} (licenses/{name}/)")
    out += ["", "== System libraries (from the build host, Debian packages) ==", ""]
    for package, libs in sorted(owners.items()):
        if package == "python" or package.startswith("wheel:"):
            continue
        copyright_file = Path("/usr/share/doc") / package.split(":")[0] / "copyright"
        if copyright_file.is_file():
            (texts / "debian" / package).mkdir(parents=True, exist_ok=True)
            shutil.copy(copyright_file, texts / "debian" / package / "copyright")
            where = f"debian/{package}/copyright"
        else:
            where = "no Debian copyright file found"
        out.append(f"{package}: {', '.join(libs)} ({where})")
    notices = doc / "THIRD-PARTY-NOTICES.txt"
    notices.write_text("\n".join(out) + "\n", encoding="utf-8")
    return notices


if __name__ == "__main__":
    print(f"wrote {write_notices(Path(sys.argv[1]))}")

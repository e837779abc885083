"""Issue 10, defect 11: scripts/check-qt-libs.sh names the Debian packages of the libraries Qt's xcb
platform cannot find (run.sh installs them or prints the apt-get line)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "check-qt-libs.sh"


def run(tmp_path: Path, ldd_output: str) -> subprocess.CompletedProcess:
    fake = tmp_path / "ldd"
    fake.write_text("#!/bin/sh\ncat <<'OUT'\n" + ldd_output + "OUT\n", encoding="utf-8")
    fake.chmod(0o755)
    env = {**os.environ, "LDD": str(fake)}
    return subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)


HAS_VENV = bool(list(ROOT.glob(".venv/lib/python3*/site-packages/PySide6")))


@pytest.mark.skipif(not HAS_VENV, reason="the script checks the PySide6 of .venv")
def test_missing_xcb_libraries_are_named_as_packages(tmp_path: Path) -> None:
    missing = (
        "\tlibxcb-cursor.so.0 => not found\n"
        "\tlibxkbcommon-x11.so.0 => not found\n"
        "\tlibX11-xcb.so.1 => not found\n"
        "\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x1)\n"
    )
    done = run(tmp_path, missing)
    assert done.returncode == 1
    assert done.stdout.split() == ["libx11-xcb1", "libxcb-cursor0", "libxkbcommon-x11-0"]
    ok = run(tmp_path, "\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x1)\n")
    assert ok.returncode == 0 and ok.stdout == ""


@pytest.mark.skipif(not HAS_VENV, reason="the script checks the PySide6 of .venv")
def test_glib_libraries_are_named_as_the_one_package_that_has_them(tmp_path: Path) -> None:
    """Issue 27: on a fresh Debian 12 the guess 'libgthread-2.0-0' made apt-get fail."""
    names = ("libgthread-2.0.so.0", "libglib-2.0.so.0", "libgobject-2.0.so.0")
    missing = "".join(f"\t{name} => not found\n" for name in names)
    done = run(tmp_path, missing)
    assert done.returncode == 1 and done.stdout.split() == ["libglib2.0-0"]

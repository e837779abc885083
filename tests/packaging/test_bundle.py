"""The desktop bundle and the wheel, built and run as a user would (marker `bundle`: minutes, so
`./test.sh` with no arguments (README's test command, run by `.ci/run`) and `./test.sh -m bundle`
run these; a plain pytest run deselects them)."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.bundle


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.pop("QT_QPA_PLATFORM", None)  # --smoke-test must make itself headless
    return env


def _smoke_test(program: Path, folder: Path) -> None:
    """`program --smoke-test` run from `folder` (not the repository), with its own HOME."""
    result = subprocess.run(
        [str(program), "--smoke-test"],
        cwd=folder,
        env={**_env(), "HOME": str(folder)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "smoke test OK: skirmish.json, one AI turn played" in result.stdout


@pytest.fixture(scope="module")
def built() -> Path:
    start = time.monotonic()
    result = subprocess.run(
        ["bash", str(ROOT / "packaging" / "build.sh")],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=1800,
    )
    print(result.stdout[-2000:], result.stderr[-4000:], f"build took {time.monotonic() - start:.0f} s")
    assert result.returncode == 0, result.stderr[-4000:]
    return ROOT / "dist" / "brikwars"


def test_the_bundle_passes_its_smoke_test_from_another_folder(built, tmp_path):
    _smoke_test(built / "brikwars", tmp_path)


def test_the_bundle_carries_its_desktop_files(built):
    share = built / "share"
    assert (share / "applications" / "brikwars.desktop").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / "brikwars.svg").is_file()
    metainfo = share / "metainfo" / "org.brikwars.brikwarsgui.metainfo.xml"
    if shutil.which("appstreamcli"):
        subprocess.run(["appstreamcli", "validate", "--no-net", "--strict", str(metainfo)], check=True)
    rules = list(built.rglob("RULES.md"))
    assert rules and "R-FIRE-9" in rules[0].read_text(encoding="utf-8")


def test_the_wheel_installs_in_a_fresh_venv_and_passes_the_smoke_test(built, tmp_path):
    wheel = next((ROOT / "build" / "bundle" / "wheel").glob("brikwars_gui-*.whl"))
    venv = tmp_path / "venv"
    subprocess.run(["python3", "-m", "venv", str(venv)], check=True, env=_env(), timeout=120)
    subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
        check=True,
        cwd=tmp_path,
        env=_env(),
        timeout=900,
    )
    _smoke_test(venv / "bin" / "brikwars", tmp_path)
    sim = subprocess.run(
        [str(venv / "bin" / "brikwars-sim"), "validate", "--quiet", "nothing.json"],
        cwd=tmp_path,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert sim.returncode == 2 and "nothing.json: cannot read" in sim.stderr

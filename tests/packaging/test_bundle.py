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
# one worker builds the bundle once and runs every test on it (test.sh: pytest -n 2 --dist loadgroup)
pytestmark = [pytest.mark.bundle, pytest.mark.xdist_group("bundle")]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.pop("QT_QPA_PLATFORM", None)  # --smoke-test must make itself headless
    return env


def _run_in(folder: Path, program: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`program ARGS` run from `folder` (not the repository), with its own HOME."""
    return subprocess.run(
        [str(program), *args],
        cwd=folder,
        env={**_env(), "HOME": str(folder), **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def _smoke_test(program: Path, folder: Path) -> None:
    result = _run_in(folder, program, "--smoke-test")
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
    desktop = share / "applications" / "org.brikwars.brikwarsgui.desktop"
    assert "MimeType=application/x-brikwars-scenario+json;" in desktop.read_text()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / "org.brikwars.brikwarsgui.svg").is_file()
    assert (share / "mime" / "packages" / "org.brikwars.brikwarsgui.xml").is_file()
    metainfo = share / "metainfo" / "org.brikwars.brikwarsgui.metainfo.xml"
    if shutil.which("appstreamcli"):
        subprocess.run(["appstreamcli", "validate", "--no-net", "--pedantic", str(metainfo)], check=True)
    if shutil.which("desktop-file-validate"):
        subprocess.run(["desktop-file-validate", str(desktop)], check=True)
    rules = list(built.rglob("RULES.md"))
    assert rules and "R-FIRE-9" in rules[0].read_text(encoding="utf-8")
    guide = list(built.rglob("user-guide.md"))
    assert guide and "Play" in guide[0].read_text(encoding="utf-8")


def test_the_bundle_carries_the_licences_of_what_it_redistributes(built):
    """Issue 27: the MIT licence, Qt for Python's LGPLv3 and every bundled system library's
    Debian copyright file."""
    doc = built / "share" / "doc" / "brikwars"
    notices = (doc / "THIRD-PARTY-NOTICES.txt").read_text(encoding="utf-8")
    assert (doc / "LICENSE").read_text().startswith("MIT License")
    assert "PySide6_Essentials" in notices or "PySide6-Essentials" in notices
    for name in ("pillow", "numpy", "pydantic", "tqdm", "shiboken6"):
        assert name in notices.lower()
    lgpl = next((doc / "licenses").glob("PySide6*/LGPL-3"))
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in lgpl.read_text()
    assert "(not from a Debian package)" not in notices
    assert len(list((doc / "licenses" / "debian").glob("*/copyright"))) >= 20


def test_the_bundle_exports_a_gif_and_has_brikwars_sim(built, tmp_path):
    """Pillow is in the bundle (issue 27): `brikwars-sim run skirmish --gif` works from it."""
    sim = built / "brikwars-sim"
    result = _run_in(tmp_path, sim, "run", "skirmish", "--seed", "3", "--turns", "2", "--gif", "b.gif")
    assert result.returncode == 0, result.stderr[-3000:]
    assert (tmp_path / "b.gif").read_bytes()[:6] == b"GIF89a"
    samples = _run_in(tmp_path, sim, "samples")
    assert "skirmish" in samples.stdout and "hazard_showcase" in samples.stdout


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
    sim = venv / "bin" / "brikwars-sim"
    result = _run_in(tmp_path, sim, "validate", "--quiet", "nothing.json")
    assert result.returncode == 2 and "nothing.json: cannot read" in result.stderr
    # samples by name, GIF export and the app on a sample of a plain install (issue 27)
    samples = _run_in(tmp_path, sim, "samples")
    assert samples.returncode == 0 and "skirmish" in samples.stdout
    run = _run_in(tmp_path, sim, "run", "skirmish", "--seed", "3", "--turns", "2", "--gif", "b.gif")
    assert run.returncode == 0, run.stderr[-3000:]
    assert "Skirmish at Brick Creek" in run.stdout and (tmp_path / "b.gif").read_bytes()[:6] == b"GIF89a"
    app = _run_in(tmp_path, venv / "bin" / "brikwars", "--smoke-test", "hazard_showcase")
    assert app.returncode == 0 and "smoke test OK: hazard_showcase.json" in app.stdout, app.stderr[-3000:]

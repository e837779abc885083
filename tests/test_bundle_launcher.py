"""The bundle's launchers (packaging/launcher.sh, issue 27): the bundled libraries need the build
host's glibc, so a system with an older one gets a plain message instead of a loader error."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

TEMPLATE = Path(__file__).resolve().parent.parent / "packaging" / "launcher.sh"


@pytest.fixture
def bundle(tmp_path: Path) -> Path:
    """A folder laid out like dist/brikwars: the `brikwars-sim` launcher and a stand-in program."""
    text = TEMPLATE.read_text().replace("@GLIBC@", "2.36").replace("@COMMAND@", "brikwars-sim")
    launcher = tmp_path / "brikwars-sim"
    launcher.write_text(text)
    program = tmp_path / "brikwars-bin"
    program.write_text('#!/bin/sh\necho "ran as $BRIKWARS_COMMAND with $*"\n')
    for path in (launcher, program):
        path.chmod(0o755)
    return tmp_path


def _run(bundle: Path, glibc: str | None) -> subprocess.CompletedProcess[str]:
    fake = bundle / "fake-bin"
    fake.mkdir(exist_ok=True)
    answer = f"echo 'glibc {glibc}'" if glibc else "exit 1"
    (fake / "getconf").write_text(f"#!/bin/sh\n{answer}\n")
    (fake / "getconf").chmod(0o755)
    env = {**os.environ, "PATH": f"{fake}:{os.environ['PATH']}"}
    return subprocess.run(
        [str(bundle / "brikwars-sim"), "run", "skirmish"], env=env, capture_output=True, text=True, timeout=30
    )


@pytest.mark.parametrize("glibc", ["2.36", "2.41", "3.0"])
def test_a_new_enough_glibc_starts_the_program_with_the_command_and_arguments(bundle, glibc) -> None:
    result = _run(bundle, glibc)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ran as brikwars-sim with run skirmish"


@pytest.mark.parametrize("glibc", ["2.31", "2.35", "1.99"])
def test_an_older_glibc_is_refused_with_the_versions_named(bundle, glibc) -> None:
    result = _run(bundle, glibc)
    assert result.returncode == 1 and not result.stdout
    assert "needs the GNU C library (glibc) 2.36 or newer" in result.stderr
    assert f"this system has glibc {glibc}" in result.stderr and "pip install brikwars_gui" in result.stderr


def test_a_system_without_glibc_is_told_so(bundle) -> None:
    result = _run(bundle, None)
    assert result.returncode == 1 and "has no glibc" in result.stderr


def test_the_launcher_follows_a_symlink_to_the_bundle(bundle, tmp_path_factory) -> None:
    """`ln -s .../dist/brikwars/brikwars-sim ~/.local/bin/` must still find brikwars-bin."""
    link = tmp_path_factory.mktemp("bin") / "brikwars-sim"
    link.symlink_to(bundle / "brikwars-sim")
    result = subprocess.run([str(link), "x"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0 and result.stdout.strip() == "ran as brikwars-sim with x"

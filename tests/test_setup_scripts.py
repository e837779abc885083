"""The set-up scripts of README's two commands (issue 27): scripts/ensure-packages.sh installs
missing Debian packages when it may (root with apt-get), else names the command to run."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENSURE = ROOT / "scripts" / "ensure-packages.sh"


def _ensure(*packages: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "BRIKWARS_NO_INSTALL": "1"}  # never install from a test
    return subprocess.run(
        ["bash", str(ENSURE), "the tests", *packages], env=env, capture_output=True, text=True, timeout=60
    )


def test_installed_packages_need_nothing() -> None:
    done = _ensure("bash", "coreutils")
    assert done.returncode == 0 and not done.stderr


def test_missing_packages_are_named_with_the_command_to_install_them() -> None:
    done = _ensure("bash", "brikwars-no-such-package-1", "brikwars-no-such-package-2")
    assert done.returncode == 1
    assert "These packages are missing for the tests." in done.stderr
    assert "sudo apt-get install brikwars-no-such-package-1 brikwars-no-such-package-2" in done.stderr


def test_test_sh_installs_or_names_binutils_before_the_bundle_tests() -> None:
    """PyInstaller refuses to run without objdump: ./test.sh checks it before the suite, not after."""
    script = (ROOT / "test.sh").read_text()
    check = script.index('ensure-packages.sh "the bundle tests (PyInstaller)" binutils')
    assert check < script.index('"$venv/bin/python" -m pytest -n 2 --dist loadgroup\n')


def test_setup_venv_says_what_it_installs_and_is_silent_once_done(tmp_path: Path) -> None:
    """A first `./run.sh` spends minutes in pip: it says so instead of sitting silent (GUI review
    2026-11-27 #21); a run with nothing to install prints nothing."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    fake = venv / "bin" / "python"  # a Python whose pip does nothing and succeeds
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    env = {**os.environ, "VENV": str(venv)}
    setup = ["bash", str(ROOT / "scripts" / "setup-venv.sh")]
    first = subprocess.run(setup, env=env, capture_output=True, text=True, timeout=60, check=True)
    assert "Installing the locked dependencies" in first.stdout and "Installed." in first.stdout
    again = subprocess.run(setup, env=env, capture_output=True, text=True, timeout=60, check=True)
    assert again.stdout == "" and again.stderr == ""

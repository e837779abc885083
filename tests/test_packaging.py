"""A wheel must carry everything under resources/ (samples, styles, icons, the rules text)."""

import tomllib
from pathlib import Path

from brikwars_gui.paths import RESOURCES
from brikwars_gui.ui.rules_ref import rule_texts, rules_path

ROOT = Path(__file__).resolve().parent.parent


def test_every_resource_folder_is_installed_as_data_files() -> None:
    data_files = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["data-files"]
    installed = {target.rsplit("/", 1)[-1] for target in data_files}
    folders = {p.name for p in RESOURCES.iterdir() if p.is_dir() and any(p.iterdir())}
    assert folders <= installed


def test_rules_reference_reads_the_bundled_rules_text() -> None:
    assert rules_path() == RESOURCES / "rules" / "RULES.md"
    texts = rule_texts()
    assert "R-FIRE-9" in texts and "Burning Roll" in texts["R-FIRE-8"]

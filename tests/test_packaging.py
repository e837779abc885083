"""A wheel must carry everything under resources/ (samples, styles, icons, the rules text) as the
package `brikwars_gui.resources`, found with importlib.resources (never a share/ or cwd path)."""

import fnmatch
import tomllib
from importlib.resources import files
from pathlib import Path

from brikwars_gui.paths import RESOURCES
from brikwars_gui.ui.rules_ref import rule_texts, rules_path

ROOT = Path(__file__).resolve().parent.parent
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_resources_ship_as_the_package_brikwars_gui_resources() -> None:
    assert SETUPTOOLS["package-dir"] == {"brikwars_gui.resources": "resources"}
    assert "data-files" not in SETUPTOOLS
    assert "brikwars_gui.resources" in (ROOT / "setup.py").read_text()


def test_every_resource_file_matches_a_package_data_pattern() -> None:
    patterns = SETUPTOOLS["package-data"]["brikwars_gui.resources"]
    shipped = [
        p.relative_to(ROOT / "resources").as_posix()
        for p in (ROOT / "resources").rglob("*")
        if p.is_file() and p.suffix != ".py" and "__pycache__" not in p.parts
    ]
    assert shipped
    missing = [name for name in shipped if not any(fnmatch.fnmatch(name, pat) for pat in patterns)]
    assert not missing


def test_resources_are_found_through_importlib_resources() -> None:
    assert Path(str(files("brikwars_gui.resources"))) == RESOURCES
    assert (RESOURCES / "scenarios" / "skirmish.json").is_file()


def test_rules_reference_reads_the_bundled_rules_text() -> None:
    assert rules_path() == RESOURCES / "rules" / "RULES.md"
    texts = rule_texts()
    assert "R-FIRE-9" in texts and "Burning Roll" in texts["R-FIRE-8"]

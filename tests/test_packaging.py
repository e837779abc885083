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
    assert SETUPTOOLS["package-dir"] == {"brikwars_gui.resources": "resources", "brikwars_gui.docs": "docs"}
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


PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_the_licence_file_is_mit_and_is_the_wheels_license_file() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text
    assert PROJECT["project"]["license"] == "MIT"
    assert PROJECT["project"]["license-files"] == ["LICENSE"]


def test_the_build_floor_is_setuptools_77_for_the_spdx_licence() -> None:
    """`license = "MIT"` (PEP 639) fails to build with setuptools < 77 (issue 27)."""
    assert PROJECT["build-system"]["requires"] == ["setuptools>=77"]


def test_the_metadata_names_classifiers_urls_author_and_keywords() -> None:
    project = PROJECT["project"]
    assert {"Homepage", "Source", "Issues", "Documentation"} <= set(project["urls"])
    assert project["authors"] and project["keywords"]
    assert "Programming Language :: Python :: 3.11" in project["classifiers"]
    assert not any(c.startswith("License ::") for c in project["classifiers"])  # PEP 639: the expression


def test_pillow_is_a_regular_dependency_so_every_install_writes_gifs() -> None:
    assert any(dep.startswith("Pillow") for dep in PROJECT["project"]["dependencies"])


def test_the_long_description_has_no_relative_links_or_images() -> None:
    """A package index shows the README away from the repository: setup.py makes links absolute."""
    import re
    import runpy
    import sys
    import types
    from unittest import mock

    # setup.py run without building (and without setuptools: a Python >= 3.12 venv has none)
    fake = types.SimpleNamespace(setup=lambda **kwargs: None, find_packages=lambda **kwargs: [])
    with mock.patch.dict(sys.modules, {"setuptools": fake}):
        setup = runpy.run_path(str(ROOT / "setup.py"))
    text = setup["long_description"]()
    source = PROJECT["project"]["urls"]["Source"]
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    assert f"{source}/raw/main/docs/screenshot.png" in targets
    assert all(t.startswith(("https://", "#")) for t in targets), targets
    assert "docs/screenshot.png" in (ROOT / "README.md").read_text()  # the checkout keeps relative ones


def test_the_user_guide_ships_as_brikwars_gui_docs() -> None:
    from brikwars_gui.paths import USER_GUIDE

    assert USER_GUIDE.is_file() and USER_GUIDE.name == "user-guide.md"
    assert SETUPTOOLS["package-data"]["brikwars_gui.docs"] == ["user-guide.md"]
    assert "# " in USER_GUIDE.read_text(encoding="utf-8")


def test_the_package_knows_its_licence_and_homepage() -> None:
    from brikwars_gui import product

    assert product.licence_text().startswith("MIT License")
    assert product.homepage() == PROJECT["project"]["urls"]["Homepage"]
    assert product.third_party_notices() is None  # only the bundle carries them

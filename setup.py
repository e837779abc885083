"""Package list and long description for setuptools (everything else is in pyproject.toml).

`brikwars_gui.resources` lives in the top-level resources/ folder (package-dir in pyproject.toml),
where automatic discovery cannot see it (nor `brikwars_gui.docs`, the user guide in docs/), so it
is added to the discovered packages here, with its data folders (scenarios/, icons/...) as
namespace packages: otherwise setuptools warns that Python would import them but they are not
listed ("Package would be ignored").

The long description is README.md with its relative links and images made absolute (into the
repository named by `Source` in pyproject.toml's project.urls): a package index shows the README
away from the repository, where `docs/screenshot.png` would be a broken image.
"""

import re
import tomllib
from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).resolve().parent
# [text](target) and ![alt](target) whose target is not a URL or an anchor
RELATIVE_LINK = re.compile(r"(!?\[[^\]]*\])\((?!https?://|#|mailto:)([^)\s]+)\)")


def long_description() -> str:
    source = tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]["Source"]

    def absolute(match: re.Match[str]) -> str:
        label, target = match.groups()
        kind = "raw" if label.startswith("!") else "blob"
        return f"{label}({source}/{kind}/main/{target})"

    return RELATIVE_LINK.sub(absolute, (HERE / "README.md").read_text(encoding="utf-8"))


RESOURCE_FOLDERS = sorted(p.name for p in (HERE / "resources").iterdir() if p.is_dir() and p.name[0] != "_")
RESOURCE_PACKAGES = ["brikwars_gui.resources", *(f"brikwars_gui.resources.{n}" for n in RESOURCE_FOLDERS)]

setup(
    packages=[
        *find_packages(include=["brikwars_gui", "brikwars_gui.*"]),
        *RESOURCE_PACKAGES,
        "brikwars_gui.docs",
    ],
    long_description=long_description(),
    long_description_content_type="text/markdown",
)

"""Package list for setuptools (everything else is in pyproject.toml).

`brikwars_gui.resources` lives in the top-level resources/ folder (package-dir in pyproject.toml),
where automatic discovery cannot see it, so it is added to the discovered packages here.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["brikwars_gui", "brikwars_gui.*"]), "brikwars_gui.resources"])

"""The GM's army library: unit templates and the rules' weapon table, as data files.

The bundled library (`resources/armies/library.json`) holds the weapons of RULES.md G-2 and unit
templates built from G-1/G-2 (minifig rifleman, spearman, grenadier, Hero captain, Scout, ...).
A GM's own templates live in one file in the user's data folder (`unit_templates.json`, same
format). Both are validated by the pydantic models below at the I/O boundary, like scenarios:
a bad file raises `ScenarioError` whose lines name the file and the field path
(`unit_templates.json: templates[1].unit.skill: ...`), so the editor can show it and go on with
the bundled library; nothing here imports Qt.

A template's `unit` is a `Unit` without the placement fields (`id`, `team`, `position`): those
are given when the template is placed (`ArmyLibrary.make_unit`).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError, ValidationInfo, field_validator

from brikwars_gui.paths import RESOURCES
from brikwars_gui.scenario.io import (
    ScenarioError,
    atomic_write_text,
    decode_json,
    describe_validation_error,
    format_json,
    read_text_file,
)
from brikwars_gui.scenario.models import Cell, Strict, Unit, Weapon

ARMY_FORMAT_VERSION = 1
"""The version of library files this program writes and reads."""
BUILTIN_LIBRARY = RESOURCES / "armies" / "library.json"
USER_TEMPLATES_FILE = "unit_templates.json"
"""The GM's own templates, in the application's data folder."""
PLACEMENT_FIELDS = ("id", "team", "position")
MAX_LIBRARY_BYTES = 2 * 1024 * 1024
"""A library file is a few kilobytes; anything over this is refused before it is read."""


class TemplateUnit(Unit):
    """A `Unit` without placement: a file that gives `id`, `team` or `position` is told they are
    set when the template is placed; dumps leave them out."""

    id: str = Field(default="template", exclude=True)
    team: str = Field(default="template", exclude=True)
    position: Cell = Field(default=(0, 0), exclude=True)

    @field_validator(*PLACEMENT_FIELDS, mode="before")
    @classmethod
    def _no_placement(cls, _value: Any, info: ValidationInfo) -> Any:
        raise ValueError(f"a template has no {info.field_name} (it is given when the unit is placed)")


class LibraryWeapon(Weapon):
    """A weapon of the table, with the rule its numbers come from (shown in tooltips)."""

    source: str = Field(default="", description="the rule or gap the stats come from, e.g. G-2")

    def as_weapon(self) -> Weapon:
        """The weapon as a unit carries it (without `source`)."""
        return Weapon.model_validate(self.model_dump(exclude={"source"}))


class UnitTemplate(Strict):
    """A unit to place: its library name, why it has these stats, and the unit without placement."""

    name: str = Field(min_length=1, max_length=60, description="shown in the library")
    description: str = Field(default="", description="one line for the tooltip")
    source: str = Field(default="", description="rules the stats come from, e.g. G-1, G-2")
    unit: TemplateUnit


class ArmyLibraryFile(Strict):
    """One library file: the bundled one or the GM's own templates."""

    format_version: Literal[1] = ARMY_FORMAT_VERSION
    templates: list[UnitTemplate] = Field(default_factory=list, max_length=500)
    weapons: list[LibraryWeapon] = Field(default_factory=list, max_length=200)


def _version_problem(data: dict[str, Any]) -> str | None:
    if "format_version" not in data:
        return "format_version: required field is missing"
    version = data["format_version"]
    if isinstance(version, bool) or not isinstance(version, int):
        return f"format_version: expected the integer {ARMY_FORMAT_VERSION}, got {version!r}"
    if version != ARMY_FORMAT_VERSION:
        return (
            f"format_version: unsupported version {version}; this program reads version {ARMY_FORMAT_VERSION}"
        )
    return None


def parse_library(text: str, source: str = "<string>") -> ArmyLibraryFile:
    """Validate library JSON `text`; every error line starts with `source`."""
    data = decode_json(text, source)
    if not isinstance(data, dict):
        raise ScenarioError(source, [f"{source}: expected a JSON object {{...}} at the top level"])
    problem = _version_problem(data)
    if problem:
        raise ScenarioError(source, [f"{source}: {problem}"])
    try:
        return ArmyLibraryFile.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as exc:
        lines = describe_validation_error(exc, root=ArmyLibraryFile)
        raise ScenarioError(source, [f"{source}: {line}" for line in lines]) from None


def load_library(path: str | os.PathLike[str]) -> ArmyLibraryFile:
    """Read and validate the library file at `path`; errors name the path as given."""
    return parse_library(read_text_file(path, MAX_LIBRARY_BYTES), source=os.fspath(path))


def dump_library(library: ArmyLibraryFile) -> str:
    """The file text of `library` (fields equal to their defaults left out), ending with a newline."""
    data = library.model_dump(mode="json", exclude_defaults=True)
    data = {"format_version": ARMY_FORMAT_VERSION, "templates": [], **data}
    return format_json(data, 0) + "\n"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "unit"


@dataclass
class ArmyLibrary:
    """The bundled library and the GM's own templates, with the problem that kept the latter out.

    `user_path` None: no data folder, so templates cannot be saved (`problem` says so)."""

    builtin: ArmyLibraryFile
    user: ArmyLibraryFile = field(default_factory=ArmyLibraryFile)
    user_path: Path | None = None
    problem: str | None = None

    @classmethod
    def load(
        cls, user_dir: str | os.PathLike[str] | None, builtin_path: Path = BUILTIN_LIBRARY
    ) -> ArmyLibrary:
        """The bundled library (which must be valid: it ships with the program) and the user's file
        in `user_dir` when there is one; a bad user file is kept out and named in `problem`."""
        library = cls(load_library(builtin_path))
        if user_dir is None:
            library.problem = "no data folder: your own templates cannot be saved in this session"
            return library
        library.user_path = Path(user_dir) / USER_TEMPLATES_FILE
        if library.user_path.exists():
            try:
                library.user = load_library(library.user_path)
            except ScenarioError as exc:
                library.problem = str(exc)
        return library

    @property
    def templates(self) -> list[UnitTemplate]:
        """Every template: the bundled ones first, then the user's."""
        return [*self.builtin.templates, *self.user.templates]

    @property
    def weapons(self) -> list[LibraryWeapon]:
        return [*self.builtin.weapons, *self.user.weapons]

    def template(self, name: str) -> UnitTemplate | None:
        return next((t for t in reversed(self.templates) if t.name == name), None)

    def is_user_template(self, name: str) -> bool:
        return any(t.name == name for t in self.user.templates)

    def can_save(self) -> bool:
        """Saving never overwrites a user file that could not be read (it would lose its templates)."""
        return self.user_path is not None and self.problem is None

    def save_template(self, template: UnitTemplate) -> None:
        """Add `template` to the user's file (replacing one of the same name) and write it
        atomically; raises ValueError when it cannot (no data folder, a bad file, a bundled name)."""
        if not self.can_save():
            raise ValueError(self.problem or "templates cannot be saved")
        if any(t.name == template.name for t in self.builtin.templates):
            raise ValueError(f"{template.name!r} is a bundled template; choose another name")
        kept = [t for t in self.user.templates if t.name != template.name]
        self._write(self.user.model_copy(update={"templates": [*kept, template]}))

    def remove_template(self, name: str) -> None:
        """Remove the user's template `name` from the file (bundled templates stay)."""
        if not self.is_user_template(name):
            raise ValueError(f"{name!r} is not one of your templates")
        if not self.can_save():
            raise ValueError(self.problem or "templates cannot be saved")
        self._write(
            self.user.model_copy(update={"templates": [t for t in self.user.templates if t.name != name]})
        )

    def _write(self, new: ArmyLibraryFile) -> None:
        assert self.user_path is not None
        text = dump_library(new)
        parse_library(text, str(self.user_path))  # never write what could not be read back
        try:
            self.user_path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.user_path, text)
        except OSError as exc:
            raise ValueError(f"{self.user_path}: cannot write: {exc.strerror or exc}") from None
        self.user = new


def template_from_unit(unit: Unit, name: str, description: str = "") -> UnitTemplate:
    """A template of `unit`'s stats and weapons (its placement and ruleset blocks kept out only
    for placement: a D6 or Nine Powers block travels with the template)."""
    data = unit.model_dump(mode="json", exclude=set(PLACEMENT_FIELDS))
    return UnitTemplate.model_validate(
        {"name": name, "description": description, "unit": TemplateUnit.model_validate(data)}
    )


def make_unit(
    template: UnitTemplate,
    cell: tuple[int, int],
    team: str,
    taken_ids: Iterable[str],
    taken_names: Iterable[str],
) -> Unit:
    """A unit of `template` standing on `cell` for `team`, with an id and a numbered name
    (`Rifleman 2`) that no unit in the scenario has; its Talisman ids are prefixed with its id."""
    ids, names = set(taken_ids), set(taken_names)
    base = template.unit.name
    n = 1
    while f"{base} {n}" in names or f"{_slug(base)}-{n}" in ids:
        n += 1
    data = template.unit.model_dump(mode="json")
    data.update(id=f"{_slug(base)}-{n}", name=f"{base} {n}", team=team, position=[cell[0], cell[1]])
    sn = data.get("supernatural")
    if sn:  # Talisman ids are unique in a battle (R-SN-8): each placed caster gets its own
        for talisman in sn.get("talismans", ()):
            talisman["id"] = f"{data['id']}-{talisman['id']}"
            talisman["name"] = talisman.get("name") or talisman["id"]
    return Unit.model_validate(data)

"""The `supernatural` block of a unit in a scenario file (Chapter D, R-SN-1/7/8): its Cliché, the
Talismans it holds (each binding one SN die), the Effect templates its Cliché allows, and — for a
Diemon the GM places — which caster's Talisman it is bound to.

    "supernatural": {
      "cliche": "Pyromancer",
      "talismans": [{"id": "staff", "name": "Staff of Cinders", "die": "d4"}],
      "effects": [{"name": "Fireball", "target": "hostile", "aspects": ["range", "damage+"]}]
    }
    "supernatural": {"diemon": "10amyte", "bound_to": "mortimer:bell"}

Cross-unit checks (Talisman ids unique in the battle, `bound_to` naming a real caster's Talisman of
the right die, the ruleset able to play SN) are in `sn_problems`, called by the scenario checker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from brikwars_gui.engine.dice.expression import parse_single_die
from brikwars_gui.engine.supernatural.tables import ASPECTS, DIEMONS, PLAYED_DIEMONS, allowed_aspects

if TYPE_CHECKING:
    from brikwars_gui.scenario.models import Scenario

AspectName = Literal[ASPECTS]  # type: ignore[valid-type]  # the Aspects of supernatural/tables.py


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class Talisman(_Strict):
    """A thing that binds one SN die (R-SN-8): a hat, a staff, a skull."""

    id: str = Field(min_length=1, description="unique among the battle's Talismans")
    name: str = Field(default="", description="what it is; default: its id")
    die: str = Field(description="the SN die it binds: d4..d12 (R-SN-1; the d20 is BrikThulhu's alone)")

    @field_validator("die")
    @classmethod
    def _sn_die(cls, value: str) -> str:
        sides = parse_single_die(value)
        if sides == 20:
            raise ValueError("a d20 is BrikThulhu's alone, never a player's unit's SN die (R-SN-1)")
        return value

    @property
    def sides(self) -> int:
        return parse_single_die(self.die)


class EffectTemplate(_Strict):
    """An Effect the Cliché allows (R-SN-7): the dice are spent on these Aspects only."""

    name: str = Field(min_length=1)
    target: Literal["self", "ally", "hostile", "unit", "object", "cell", "weapon"] = Field(
        description="what it is cast on: self, a willing ally, an enemy, any unit, an object, a cell, "
        "a unit's weapon ('<unit>:<weapon>')"
    )
    aspects: list[AspectName] = Field(min_length=1, description="Aspects (with sign) its dice may take")
    form: Literal["bolt", "arc", "creature"] = Field(
        default="bolt",
        description="bolt: what stands at its point; arc: d8 Range adds a cone; creature: a Diemon",
    )
    element: Literal["fire", "acid", "poison"] = Field(
        default="fire", description="the fire type its d4 Damage sets (R-SN-1/34)"
    )
    lasting: bool = Field(default=False, description="its Aspect dice may stay on targets (R-SN-12)")

    @model_validator(mode="after")
    def _aspects_fit(self) -> EffectTemplate:
        allowed = allowed_aspects(self.target, self.form)
        for i, aspect in enumerate(self.aspects):
            if aspect not in allowed:
                raise ValueError(
                    f"aspects[{i}]: a {self.form} Effect on {self.target!r} cannot use {aspect!r} "
                    f"(it may use {', '.join(sorted(allowed))}; R-SN-7/23)"
                )
        return self


class SupernaturalBlock(_Strict):
    """A unit's SN powers (a caster), or the binding of a Diemon placed by the GM (R-SN-2)."""

    cliche: str = Field(default="", description="the SuperNatural Cliché, e.g. Pyromancer (R-SN-7)")
    talismans: list[Talisman] = Field(default_factory=list, description="one per SN die (R-SN-8)")
    effects: list[EffectTemplate] = Field(default_factory=list, description="the Cliché's Effects")
    diemon: Literal["4pion", "6creant", "10amyte"] | None = Field(
        default=None, description="this unit is a Diemon of that kind (R-SN-2)"
    )
    bound_to: str | None = Field(
        default=None, description='"<caster id>:<talisman id>": the die a placed Diemon holds'
    )

    @model_validator(mode="after")
    def _shape(self) -> SupernaturalBlock:
        if self.diemon is not None and self.bound_to is None:
            raise ValueError("bound_to: a Diemon needs the caster's Talisman it holds, '<caster>:<talisman>'")
        if self.bound_to is not None and (self.diemon is None or self.bound_to.count(":") != 1):
            raise ValueError("bound_to: only a Diemon is bound, written '<caster>:<talisman>'")
        if self.effects and not self.talismans:
            raise ValueError("effects: a Cliché's Effects need at least one Talisman to spend (R-SN-8)")
        names = [e.name for e in self.effects]
        for i, name in enumerate(names):
            if name in names[:i]:
                raise ValueError(f"effects[{i}].name: {name!r} is listed twice")
        return self


assert set(DIEMONS.values()) >= PLAYED_DIEMONS


def sn_problems(scenario: Scenario) -> list[str]:
    """Cross-unit SN checks as `path: message` lines (docs/scenario-format.md)."""
    out: list[str] = []
    owner: dict[str, tuple[int, str, int]] = {}  # talisman id -> (unit index, unit id, sides)
    has_sn = False
    for i, unit in enumerate(scenario.units):
        block = unit.supernatural
        if block is None:
            continue
        has_sn = True
        for j, talisman in enumerate(block.talismans):
            if talisman.id in owner:
                first = owner[talisman.id][0]
                out.append(
                    f"units[{i}].supernatural.talismans[{j}].id: {talisman.id!r} is already the id of a "
                    f"Talisman of units[{first}] (Talisman ids are unique in a battle, R-SN-8)"
                )
            else:
                owner[talisman.id] = (i, unit.id, talisman.sides)
    for i, unit in enumerate(scenario.units):
        block = unit.supernatural
        if block is None or block.bound_to is None:
            continue
        caster, talisman = block.bound_to.split(":")
        found = owner.get(talisman)
        if found is None or found[1] != caster:
            out.append(
                f"units[{i}].supernatural.bound_to: {block.bound_to!r} names no Talisman {talisman!r} "
                f"held by a unit {caster!r}"
            )
        elif DIEMONS[found[2]] != block.diemon:
            out.append(
                f"units[{i}].supernatural.bound_to: the {talisman!r} Talisman binds a d{found[2]}, "
                f"which releases a {DIEMONS[found[2]]}, not a {block.diemon} (R-SN-2)"
            )
    if has_sn:
        problem = ruleset_sn_problem(scenario.ruleset)
        if problem:
            out.append(f"ruleset: {problem}")
    return out


def ruleset_sn_problem(ruleset: str) -> str:
    """Why SN units cannot play under `ruleset` ("" when they can): `Ruleset.supernatural`."""
    from brikwars_gui.engine.rulesets import find_ruleset  # rulesets build on the scenario models

    found = find_ruleset(ruleset)
    if found.supernatural:
        return ""
    return (
        f"the {found.label} ruleset cannot play SuperNatural powers (Chapter D): this scenario has SN "
        "units; play it under BrikWars"
    )

"""The rulesets side by side (BrikWars, D6 System, ...) and how the engine finds one by name.

The engine asks `ruleset_of(state)` at every roll, Damage and odds point; the ruleset modules are
imported on first use, since they import the shared rules they plug into. This registry is all
the layers below the rulesets may import of this package besides the `Ruleset` interface
(`base.py`): it imports neither, so `state.py` can find a battle's ruleset without a cycle.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from brikwars_gui.engine.rulesets.base import Ruleset
    from brikwars_gui.engine.state import GameState

#: name -> module that defines and registers it (imported lazily).
RULESET_MODULES = {
    "brikwars": "brikwars_gui.engine.rulesets.brikwars.ruleset",
    "d6": "brikwars_gui.engine.rulesets.d6.ruleset",
    "ninepowers": "brikwars_gui.engine.rulesets.ninepowers.ruleset",
}
RULESET_NAMES = tuple(RULESET_MODULES)
#: Names scenario files may already carry whose ruleset is not written yet.
PLANNED: tuple[str, ...] = ()

_LOADED: dict[str, Ruleset] = {}


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Class decorator: make one instance of a ruleset findable by its name and aliases."""
    instance = cls()
    for key in (cls.name, *cls.aliases):
        _LOADED[key] = instance
    return cls


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called `name` (cf. python-chess `find_variant`); ValueError names the choices."""
    found = _LOADED.get(name)
    if found is not None:
        return found
    module = RULESET_MODULES.get(name)
    if module is None:
        known = "is not playable in this version" if name in PLANNED else "is unknown"
        raise ValueError(f"ruleset {name!r} {known}; choose one of {', '.join(RULESET_NAMES)}")
    importlib.import_module(module)
    return _LOADED[name]


def ruleset_of(state: GameState) -> Ruleset:
    """The ruleset a battle is played under."""
    return find_ruleset(state.ruleset)


__all__ = [
    "RULESET_NAMES",
    "find_ruleset",
    "register",
    "ruleset_of",
]

"""A test-only order that brings units into the battle and takes them out through the engine seam
`engine/rules/roster.py`, played as a `Game.act` order (logged, journaled, replayed), until the
SuperNatural `Cast` order summons real Diemons.

`Conjure(uid, at, banish=None, fail=False)`: a new minifig `uid` of the actor's team appears at
`at` (and unit `banish`, if given, leaves in the same order; `fail` raises after both, to test the
rollback). `Banish(target)`: the unit leaves. Install with the `conjure_orders` fixture (it
patches `engine/session.py`'s order dispatch for one test).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import pytest

from brikwars_gui.engine import session
from brikwars_gui.engine.rules import actions
from brikwars_gui.engine.rules.roster import add_unit, remove_unit
from brikwars_gui.engine.state import UnitState, WeaponState

BOW = ("conjured bow", "ranged", 3, 14, "1d6")


@dataclass(frozen=True)
class Conjure:
    uid: str
    at: tuple[int, int]
    banish: str | None = None
    fail: bool = False
    kind = "test_conjure"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **asdict(self), "at": list(self.at)}


@dataclass(frozen=True)
class Banish:
    target: str
    kind = "test_banish"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **asdict(self)}


def _perform(ctx: Any, unit: UnitState, action: Any) -> None:
    if isinstance(action, Conjure):
        born = UnitState(
            id=action.uid,
            name=action.uid.title(),
            team=unit.team,
            pos=action.at,
            armor="4",
            weapons=[WeaponState(*BOW)],
        )
        add_unit(ctx, born, reason="conjured", by=unit.id)
        if action.banish:
            remove_unit(ctx, action.banish, reason="banished")
        if action.fail:
            raise RuntimeError("the conjuration collapses")
    else:
        remove_unit(ctx, action.target, reason="banished")


@pytest.fixture
def conjure_orders(monkeypatch: pytest.MonkeyPatch) -> None:
    from_dict, check, perform = session.action_from_dict, session.check_action, session.perform_action

    def action_from_dict(data: dict[str, Any]) -> Any:
        if data.get("kind") == "test_conjure":
            return Conjure(data["uid"], tuple(data["at"]), data.get("banish"), bool(data.get("fail")))
        if data.get("kind") == "test_banish":
            return Banish(data["target"])
        return from_dict(data)

    def check_action(state: Any, unit: UnitState, action: Any) -> None:
        if not isinstance(action, Conjure | Banish):
            check(state, unit, action)

    def perform_action(ctx: Any, unit: UnitState, action: Any, **kw: Any) -> None:
        if isinstance(action, Conjure | Banish):
            _perform(ctx, unit, action)
        else:
            perform(ctx, unit, action, **kw)

    monkeypatch.setattr(session, "action_from_dict", action_from_dict)
    monkeypatch.setattr(actions, "action_from_dict", action_from_dict)  # saved-game validation
    monkeypatch.setattr(session, "check_action", check_action)
    monkeypatch.setattr(session, "perform_action", perform_action)

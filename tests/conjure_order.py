"""A test-only order family that brings units into the battle and takes them out through the
engine seam `engine/rules/roster.py`, played as `Game.act` orders (logged, journaled, replayed),
independent of the SuperNatural rules that summon real Diemons.

`Conjure(uid, at, banish=None, fail=False)`: a new minifig `uid` with a 14" bow, of the actor's
team, appears at `at` (and unit `banish`, if given, leaves in the same order; `fail` raises after
both, to test the rollback). `Banish(target)`: the unit leaves. The `conjure_orders` fixture
registers the family for one test (the order registry is restored afterwards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from brikwars_gui.engine import order_families  # every family registered before the fixture copies
from brikwars_gui.engine.rules import orders
from brikwars_gui.engine.rules.common import PlayContext
from brikwars_gui.engine.rules.orders import Order, StepHooks, register_order
from brikwars_gui.engine.rules.roster import add_unit, remove_unit
from brikwars_gui.engine.state import GameState, UnitState, WeaponState

BOW = ("conjured bow", "ranged", 3, 14, "1d6")


@dataclass(frozen=True)
class Conjure(Order):
    uid: str
    at: tuple[int, int]
    banish: str | None = None
    fail: bool = False
    kind = "test_conjure"

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Conjure:
        return cls(
            str(data["uid"]),
            (int(data["at"][0]), int(data["at"][1])),
            data.get("banish"),
            bool(data.get("fail")),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "uid": self.uid, "at": list(self.at)}
        if self.banish:
            out["banish"] = self.banish
        if self.fail:
            out["fail"] = True
        return out

    def check(self, state: GameState, unit: UnitState) -> None:
        return None

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        born = UnitState(
            id=self.uid,
            name=self.uid.title(),
            team=unit.team,
            pos=self.at,
            armor="4",
            weapons=[WeaponState(*BOW)],
        )
        add_unit(ctx, born, reason="conjured", by=unit.id)
        if self.banish:
            remove_unit(ctx, self.banish, reason="banished")
        if self.fail:
            raise RuntimeError("the conjuration collapses")


@dataclass(frozen=True)
class Banish(Order):
    target: str
    kind = "test_banish"

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Banish:
        return cls(str(data["target"]))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "target": self.target}

    def check(self, state: GameState, unit: UnitState) -> None:
        return None

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        remove_unit(ctx, self.target, reason="banished")


@pytest.fixture
def conjure_orders(monkeypatch: pytest.MonkeyPatch) -> None:
    assert order_families.FAMILIES  # imported above: registered into the registry, not the copy
    monkeypatch.setattr(orders, "_ORDERS", dict(orders._ORDERS))
    register_order(Conjure)
    register_order(Banish)

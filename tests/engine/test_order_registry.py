"""The order registry (engine/rules/orders.py): `Game` checks, performs, offers and reads back orders
by looking their kind up, so a new order family is a new module, not an edit to every dispatch."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.order_families import ActionOption, legal_actions, order_from_dict, registered_kinds
from brikwars_gui.engine.rules import orders
from brikwars_gui.engine.rules.actions import Attack, Hold, Shed
from brikwars_gui.engine.rules.common import IllegalOrder, PlayContext
from brikwars_gui.engine.rules.orders import Order, StepHooks, register_offers, register_order
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState, UnitState

SAMPLES: dict[str, dict[str, Any]] = {
    "attack": {"weapon": "sword", "target": "z"},
    "sprint": {"toward": [4, 5], "charge": "z"},
    "bail": {},
    "full_round": {"label": "dig", "turns": 2, "difficulty": None},
    "hold": {},
    "mark": {"target": "z"},
    "shove": {"target": "z"},
    "shed": {},
    "skill_turn": {"skill": "Protect", "target": "b"},
    "operate": {"object": "door", "interaction": "open"},
    "reset_trap": {"trap": "t1"},
    "fight_fire": {"fire": "f1"},
    "roll_on_ground": {},
    "place": {"cell": [3, 4]},
    "group_sprint": {"toward": [9, 9], "members": ["b", "c"]},
    "don_armor": {},
    "climb": {"cell": [2, 3]},
    "crawl": {"cell": [3, 5]},
    "hop": {"cell": [4, 6]},
    "cast": {"effect": "Fireball", "target": "z", "at": None, "plan": ["hat:range", "rod:damage+"]},
    "cancel_effect": {"effect": "fx1"},
    "detonate": {},
    "take_talisman": {"talisman": "staff"},
    "attack_talisman": {"weapon": "rifle", "talisman": "staff"},
}


def test_every_registered_order_reads_back_what_it_logs() -> None:
    assert registered_kinds() == sorted(SAMPLES)  # a new kind needs a sample here
    for kind, fields in SAMPLES.items():
        logged = {"kind": kind, **fields}
        order = order_from_dict(logged)
        assert order.kind == kind
        assert order.to_dict() == logged
        assert order_from_dict(order.to_dict()) == order


def test_fields_left_at_their_default_are_written_only_where_older_logs_lacked_them() -> None:
    sprint = {"kind": "sprint", "toward": [1, 2]}
    assert order_from_dict(sprint).to_dict() == sprint
    cast = order_from_dict({"kind": "cast", "effect": "Hex"})  # target, at, plan, delivery default
    assert cast.to_dict() == {"kind": "cast", "effect": "Hex", "target": None, "at": None, "plan": []}
    assert order_from_dict({**cast.to_dict(), "delivery": "touch"}).to_dict()["delivery"] == "touch"
    assert order_from_dict({"kind": "full_round"}).to_dict() == {
        "kind": "full_round",
        "label": "Full-Round Action",
        "turns": 1,
        "difficulty": "trivial",
    }


@pytest.mark.parametrize(
    ("logged", "error", "says"),
    [
        ({"kind": "attack", "weapon": "sword"}, KeyError, "target"),
        ({"kind": "climb", "cell": [2]}, IndexError, "out of range"),
        ({"kind": "climb", "cell": ["x", 3]}, ValueError, "x"),
        ({"kind": "group_sprint", "toward": [1, 1], "members": "bc"}, TypeError, "list of strings"),
        ({"kind": "full_round", "turns": "two"}, ValueError, "two"),
    ],
)
def test_a_malformed_logged_order_is_refused_naming_what_is_wrong(
    logged: dict[str, Any], error: type[Exception], says: str
) -> None:
    with pytest.raises(error, match=says):
        order_from_dict(logged)


def test_an_unknown_kind_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown action kind 'juggle'"):
        order_from_dict({"kind": "juggle"})


def test_two_orders_of_one_kind_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(orders, "_ORDERS", dict(orders._ORDERS))

    @dataclass(frozen=True)
    class OtherHold(Order):
        kind = "hold"

    with pytest.raises(ValueError, match="two orders of kind 'hold'"):
        register_order(OtherHold)


def duel() -> GameState:
    state = hs.blank_state(12, 12)
    hs.add_unit(state, "a", "red", (2, 2))
    hs.add_unit(state, "z", "blue", (3, 2))
    return state


@dataclass(frozen=True)
class Salute(Order):
    """A made-up order family of one order: uses the Action, refused when it is spent."""

    to: str
    kind = "salute"  # its fields are all `to_dict`/`from_dict` need

    def check(self, state: GameState, unit: UnitState) -> None:
        if unit.action_used:
            raise IllegalOrder(f"{unit.name} has no Action left to salute with")

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        unit.action_used = True
        unit.activity = f"saluting {self.to}"


@pytest.fixture
def salute_family(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register `Salute` and its offer as a new family module would, undone after the test."""
    monkeypatch.setattr(orders, "_ORDERS", dict(orders._ORDERS))
    monkeypatch.setattr(orders, "_OFFERS", list(orders._OFFERS))
    register_order(Salute)

    @register_offers(95, ["salute"])
    def _salute_options(state: GameState, unit: UnitState) -> list[ActionOption]:
        return [] if unit.action_used else [ActionOption("salute", "Salute the enemy", Salute("z"))]


def test_a_new_family_is_offered_checked_performed_and_replayed_through_game(salute_family: None) -> None:
    state = duel()
    state.units["a"].body_armor = True  # offers Shed (rank 110)
    game = Game(state, ScriptedDice([]))
    kinds = [o.kind for o in game.legal_actions("a")]
    assert kinds.index("hold") < kinds.index("salute") < kinds.index("shed")  # rank 95
    game.act("a", Salute("z"))
    assert game.unit("a").activity == "saluting z" and game.unit("a").action_used
    logged = next(e for e in reversed(game.events) if e.kind == "order")
    assert logged.args == {"kind": "salute", "to": "z"}
    with pytest.raises(IllegalOrder, match="no Action left to salute"):
        game.act("a", Salute("z"))

    again = Game(duel(), ScriptedDice([]))
    again.apply_order(logged.to_dict())  # a saved game reads the order back by its kind
    assert again.unit("a").activity == "saluting z"


def test_an_order_class_not_registered_is_refused() -> None:
    @dataclass(frozen=True)
    class Stray(Hold):  # same kind as Hold, but not the class filed under it
        pass

    game = Game(duel(), ScriptedDice([]))
    with pytest.raises(IllegalOrder, match="Stray is not a registered order"):
        game.act("a", Stray())


def test_legal_actions_by_kind_runs_only_the_offers_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    state = duel()
    unit = state.units["a"]
    unit.body_armor = True
    everything = legal_actions(state, unit)
    # rank order: hold 80, crawl and hop 90, shed 110
    assert [o.kind for o in everything][-4:] == ["hold", "crawl", "hop", "shed"]
    called: list[int] = []
    monkeypatch.setattr(
        orders,
        "_OFFERS",
        [
            orders._OfferEntry(e.rank, e.kinds, lambda s, u, e=e: called.append(e.rank) or e.offers(s, u))
            for e in orders._OFFERS
        ],
    )
    only = legal_actions(state, unit, kinds=["shed", "hold"])
    assert [o.action for o in only] == [Hold(), Shed()]
    assert called == [80, 110]


def test_an_attack_is_still_checked_for_the_action_it_uses() -> None:
    state = duel()
    state.units["a"].action_used = True
    game = Game(state, ScriptedDice([]), start=False)
    with pytest.raises(IllegalOrder, match="R-ACT-1"):
        game.act("a", Attack("fist", "z"))

"""R-HAZ-8 / R-FIRE-2 / G-18: `expose_objects` looks only at cells some Exposure field or object
fire covers (`phase._ExposureCover`, rebuilt after each exposure); a village with spreading fires
and a gas cloud burns exactly as when every cell of every object is asked."""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import phase
from brikwars_gui.engine.hazards.fire import catch_fire
from brikwars_gui.engine.hazards.sandbox import add_field, add_object, add_unit, blank_state, rect


class _Everywhere:
    def __contains__(self, cell: object) -> bool:
        return True


def _village_events(seed: int) -> list[dict[str, Any]]:
    state = blank_state(40, 40, players=("red", "blue"))
    for n in range(12):
        add_object(state, f"house{n}", rect(2 + (n % 4) * 9, 2 + (n // 4) * 9, 4, 4), size=4, weight=1)
    for x in range(2, 38, 2):
        add_object(state, f"tree{x}", [(x, 30)], size=2, weight=0.5, kind="tree", block=False)
    add_field(state, "gas", "exposure", rect(20, 28, 8, 4), dice="1d6", living_only=False)
    add_unit(state, "r1", "red", (1, 38))
    add_unit(state, "b1", "blue", (38, 38))
    ctx = RulesContext(state, SeededDice(seed))
    catch_fire(ctx, "house0", [4, 4, 4, 4], by="red")
    catch_fire(ctx, "tree4", [4, 4], by="blue")
    for _ in range(12):
        for player in state.turn_order:
            phase.start_of_player_turn(ctx, player)
            phase.end_of_player_turn(ctx, player)
        state.round += 1
    return [e.to_dict() for e in ctx.events]


def test_r_haz_8_r_fire_2_exposure_of_objects_same_as_asking_every_cell(monkeypatch: Any) -> None:
    for seed in (1, 2, 3):
        fast = _village_events(seed)
        with monkeypatch.context() as m:
            m.setattr(phase._ExposureCover, "cells", lambda self: _Everywhere())
            slow = _village_events(seed)
        assert fast == slow
        kinds = {e["kind"] for e in fast}
        assert "fire_ignited" in kinds or "burning_roll" in kinds
        assert sum(1 for e in fast if e["kind"] == "hazard_exposure") > 10

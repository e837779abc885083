"""engine/export.py: a battle as it stands becomes a scenario that validates and plays on."""

from __future__ import annotations

import numpy as np
import pytest

from brikwars_gui.cli import main
from brikwars_gui.engine import ai
from brikwars_gui.engine.export import mask_to_rects, scenario_from_state
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import dump_scenario, load_scenario, parse_scenario, save_scenario
from brikwars_gui.scenario.models import Scenario

SKIRMISH = SCENARIOS / "skirmish.json"
SHOWCASE = SCENARIOS / "hazard_showcase.json"
pytestmark = pytest.mark.skipif(
    not (SKIRMISH.is_file() and SHOWCASE.is_file()), reason="sample scenarios missing"
)


def play(scenario: Scenario, rounds: int, seed: int) -> Game:
    game = Game.from_scenario(scenario, seed=seed, max_rounds=rounds)
    while not game.over:
        ai.play_turn(game)
    return game


def assert_matches(exported: Scenario, state: GameState, base: Scenario) -> None:
    living = {u.id: u for u in state.units.values() if u.alive}
    assert [u.id for u in exported.units] == [u.id for u in base.units if u.id in living]
    for unit in exported.units:
        now = living[unit.id]
        assert tuple(unit.position) == now.pos and unit.facing == now.facing
        assert unit.size == now.size and unit.move == now.move and unit.armor == now.armor
        assert [w.name for w in unit.weapons] == [w.name for w in now.weapons if not w.spent]
    present = {o.id for o in state.objects.values() if not o.destroyed}
    assert {o.id for o in exported.objects} == present
    for obj in exported.objects:
        now = state.objects[obj.id]
        assert obj.size == (now.effective_size or now.size)
        assert sorted(obj.iter_cells()) == sorted(now.cells)
    fires = {f.id: f for f in exported.fires}
    for fire in state.fires.values():
        if fire.id not in fires:
            assert fire.target is not None and (
                fire.size <= 0
                or (fire.target in state.units and not state.units[fire.target].alive)
                or (fire.target in state.objects and state.objects[fire.target].destroyed)
            )
            continue
        out = fires[fire.id]
        assert out.object == fire.target and out.fire_type == fire.fire_type
        assert [tuple(c) for c in out.cells] == fire.cells
        assert out.size == fire.size
    for hazard in exported.hazards:
        field = state.fields[hazard.id]
        expected = set(field.cells()) - (set(field.triggered) if field.kind == "concealed" else set())
        assert set(hazard.iter_cells()) == expected
    assert exported.players == base.players and exported.turn_order == base.turn_order
    assert exported.terrain == base.terrain and exported.battlefield == base.battlefield
    assert exported.ruleset == base.ruleset


@pytest.mark.parametrize(("path", "rounds", "seed"), [(SKIRMISH, 3, 2), (SHOWCASE, 3, 4), (SHOWCASE, 5, 9)])
def test_export_validates_round_trips_and_matches_the_state(tmp_path, capsys, path, rounds, seed) -> None:
    base = load_scenario(path)
    game = play(base, rounds, seed)
    exported = scenario_from_state(game.state, base)
    assert exported.format_version == 2 and exported.problems() == []
    assert exported.name == f"{base.name} — after round {game.state.round}"
    assert parse_scenario(dump_scenario(exported)) == exported
    assert_matches(exported, game.state, base)
    out = tmp_path / "after.json"
    save_scenario(exported, out)
    assert main(["validate", str(out)]) == 0
    capsys.readouterr()


def test_showcase_keeps_its_fires_and_hazards() -> None:
    base = load_scenario(SHOWCASE)
    game = play(base, 3, 4)
    exported = scenario_from_state(game.state, base)
    assert exported.fires, "the showcase's campfire and house fire are still burning"
    assert {h.id for h in exported.hazards} >= {"smoke", "mud", "river-current"}


def test_an_exported_battle_plays_on_and_exports_again() -> None:
    base = load_scenario(SHOWCASE)
    first = scenario_from_state(play(base, 2, 21).state, base)
    game = play(first, 2, 22)
    assert game.over and game.state.round >= 1
    assert any(e.kind == "turn_started" for e in game.events)
    second = scenario_from_state(game.state, first)
    assert second.name == f"{base.name} — after round {game.state.round}"  # no stacked suffixes
    assert_matches(second, game.state, first)


def test_dead_units_spent_weapons_destroyed_objects_and_spent_mines_are_left_out() -> None:
    base = load_scenario(SHOWCASE)
    state = GameState.from_scenario(base)
    state.units["gar-1"].alive = False
    grenade = next(w for w in state.units["sap-3"].weapons if w.name == "Grenade")
    grenade.spent = True
    state.units["sap-4"].size = 0
    state.objects["woodshed"].destroyed = True
    state.objects["barn"].effective_size = 2
    mines = state.fields["minefield"]
    spot = mines.cells()[0]
    mines.triggered.append(spot)
    state.fires["house-fire"].size = 4

    exported = scenario_from_state(state, base)
    ids = {u.id for u in exported.units}
    assert "gar-1" not in ids and len(ids) == len(base.units) - 1
    sap3 = next(u for u in exported.units if u.id == "sap-3")
    assert [w.name for w in sap3.weapons] == ["Pistol"]
    assert next(u for u in exported.units if u.id == "sap-4").size == 0
    assert {o.id for o in exported.objects} == {o.id for o in base.objects} - {"woodshed"}
    assert next(o for o in exported.objects if o.id == "barn").size == 2
    field = next(h for h in exported.hazards if h.id == "minefield")
    assert spot not in field.iter_cells()
    assert len(field.iter_cells()) == len(mines.cells()) - 1
    assert next(f for f in exported.fires if f.id == "house-fire").size == 4


def test_a_fire_on_a_removed_target_is_dropped_and_an_emptied_field_too() -> None:
    base = load_scenario(SHOWCASE)
    state = GameState.from_scenario(base)
    state.objects["burning-house"].destroyed = True
    mines = state.fields["minefield"]
    mines.triggered.extend(mines.cells())
    exported = scenario_from_state(state, base)
    assert "house-fire" not in {f.id for f in exported.fires}
    assert "minefield" not in {h.id for h in exported.hazards}


def test_a_shrunken_field_gets_its_dice_capped_to_its_size() -> None:
    base = load_scenario(SHOWCASE)
    state = GameState.from_scenario(base)
    wire = state.fields["barbed-wire"]  # 2d6
    keep = wire.cells()[0]
    mask = np.zeros_like(wire.mask)  # state arrays are read-only: replaced, never written into
    mask[keep[1], keep[0]] = True
    wire.mask = mask
    exported = scenario_from_state(state, base)
    field = next(h for h in exported.hazards if h.id == "barbed-wire")
    assert field.iter_cells() == [keep] and field.dice == "1d6"


def test_mask_to_rects_covers_the_mask_exactly() -> None:
    rng = np.random.default_rng(3)
    for _ in range(50):
        mask = rng.random((7, 9)) < 0.5
        mask[2:5, 1:6] = True
        rects = mask_to_rects(mask)
        painted = np.zeros_like(mask, dtype=int)
        for x, y, w, h in rects:
            painted[y : y + h, x : x + w] += 1
        assert (painted == mask.astype(int)).all()
    assert mask_to_rects(np.ones((3, 4), dtype=bool)) == [(0, 0, 4, 3)]

"""The `supernatural` block of a scenario file (R-SN-1/7/8), the `Ruleset.supernatural` gate and
`GameState.sn` (R-SN-9): clear messages naming the field, and nothing SN in a battle without it."""

from __future__ import annotations

import json

import pytest

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState
from brikwars_gui.engine.supernatural.setup import SupernaturalRefused
from brikwars_gui.scenario.io import ScenarioError, parse_scenario

PYRO = {
    "cliche": "Pyromancer",
    "talismans": [{"id": "hat", "die": "d6"}, {"id": "rod", "die": "d10"}],
    "effects": [{"name": "Fireball", "target": "hostile", "aspects": ["range", "damage+"]}],
}


def _file(units: list[dict], **extra: object) -> str:
    data = {
        "format_version": 2,
        "name": "sn",
        "battlefield": {"width": 20, "height": 20},
        "players": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}],
        "units": units,
        **extra,
    }
    return json.dumps(data)


def _problems(text: str) -> str:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, source="duel.json")
    return str(err.value)


def test_r_sn_1_a_d20_talisman_is_refused_on_a_player_unit() -> None:
    text = _problems(
        _file([sb.unit("p", "red", (1, 1), supernatural={"talismans": [{"id": "x", "die": "d20"}]})])
    )
    assert "duel.json: units[0].supernatural.talismans[0].die" in text and "BrikThulhu" in text


def test_r_sn_8_two_talismans_with_one_id_are_refused() -> None:
    units = [
        sb.unit("p", "red", (1, 1), supernatural={"talismans": [{"id": "hat", "die": "d6"}]}),
        sb.unit("q", "red", (2, 1), supernatural={"talismans": [{"id": "hat", "die": "d4"}]}),
    ]
    text = _problems(_file(units))
    assert "units[1].supernatural.talismans[0].id: 'hat' is already the id of a Talisman of units[0]" in text


def test_r_sn_7_an_aspect_the_template_cannot_use_is_refused() -> None:
    block = {
        "talismans": [{"id": "x", "die": "d8"}],
        "effects": [{"name": "Oops", "target": "object", "aspects": ["bless"]}],
    }
    text = _problems(_file([sb.unit("p", "red", (1, 1), supernatural=block)]))
    assert "units[0].supernatural.effects[0]" in text and "cannot use 'bless'" in text


def test_r_sn_2_a_diemon_bound_to_a_missing_talisman_is_refused() -> None:
    units = [
        sb.unit("p", "red", (1, 1), supernatural=PYRO),
        sb.unit("boom", "red", (5, 5), size=0, supernatural={"diemon": "10amyte", "bound_to": "ghost:bell"}),
    ]
    text = _problems(_file(units))
    assert (
        "units[1].supernatural.bound_to: 'ghost:bell' names no Talisman 'bell' held by a unit 'ghost'" in text
    )


def test_sn_units_are_refused_under_a_ruleset_that_cannot_play_them() -> None:
    text = _problems(_file([sb.unit("p", "red", (1, 1), supernatural=PYRO)], ruleset="d6"))
    assert "ruleset: the" in text and "cannot play SuperNatural powers" in text
    # the same scenario switched to Nine Powers after loading (the Scenario panel, --ruleset)
    scenario = sb.scenario([sb.unit("p", "red", (1, 1), supernatural=PYRO), sb.unit("e", "blue", (9, 9))])
    with pytest.raises(SupernaturalRefused, match="cannot play SuperNatural"):
        GameState.from_scenario(scenario.model_copy(update={"ruleset": "ninepowers"}))


def test_r_sn_8_each_talisman_binds_one_die_held_by_its_unit() -> None:
    state = sb.state([sb.unit("p", "red", (1, 1), supernatural=PYRO), sb.unit("e", "blue", (9, 9))])
    assert {t.id: (t.sides, t.holder, t.status) for t in state.sn.talismans.values()} == {
        "hat": (6, "p", "ready"),
        "rod": (10, "p", "ready"),
    }
    assert state.sn.templates["p"][0].aspects == ("range", "damage+")
    assert state.snapshot()["sn"]["talismans"]["rod"]["sides"] == 10


def test_a_battle_without_sn_units_has_an_empty_ledger_and_no_sn_in_its_snapshots() -> None:
    game = Game.from_scenario(
        sb.scenario([sb.unit("a", "red", (1, 1)), sb.unit("b", "blue", (9, 9))]), seed=1
    )
    assert not game.state.sn.active
    assert "sn" not in game.state.snapshot()

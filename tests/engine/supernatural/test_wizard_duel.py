"""The bundled SN sample, resources/scenarios/wizard_duel.json ("The Mill at Pyre Ford"): canonical,
played to the end headless by the tactical AI with both casters spending dice, reproduced exactly
from a saved game, and `brikwars-sim run --orders` with a `Cast` (issue 23)."""

from __future__ import annotations

import json
from pathlib import Path

from brikwars_gui.cli import main
from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.forecast import play_run
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import make_player
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import dump_scenario, load_scenario
from brikwars_gui.scenario.savegame import SavedGame, dump_saved_game, parse_saved_game

DUEL = SCENARIOS / "wizard_duel.json"


def test_the_sample_is_canonical_and_has_two_casters_and_a_bell_ringer() -> None:
    scenario = load_scenario(DUEL)
    assert dump_scenario(scenario) == DUEL.read_text(encoding="utf-8")
    blocks = {u.id: u.supernatural for u in scenario.units if u.supernatural is not None}
    assert {t.die for t in blocks["ignatia"].talismans} == {"d4", "d8", "d10"}
    assert blocks["bell-ringer"].diemon == "10amyte" and blocks["bell-ringer"].bound_to == "mortimer:bell"


def test_the_duel_plays_to_the_end_and_both_casters_spend_dice() -> None:
    scenario = load_scenario(DUEL)
    result = play_run(scenario, 3, 12, ai={"red": "normal", "blue": "normal"})
    assert result is not None and result.error is None
    assert result.winner is not None or result.turn_limit
    assert result.sn_dice.get("ignatia", 0) > 0 and result.sn_dice.get("mortimer", 0) > 0


def _played(seed: int, turns: int) -> tuple[Game, SavedGame]:
    scenario = load_scenario(DUEL)
    game = Game.from_scenario(scenario, seed=seed)
    players = {p: make_player("normal", seed) for p in game.state.turn_order}
    for _ in range(turns):
        if game.over:
            break
        players[game.active_player].play_turn(game)
    events = [e.to_dict() for e in game.events if e.kind in ("order", "decided", "unit_joined")]
    saved = SavedGame(
        scenario=scenario, seed=seed, events=events, round=game.round, active_player=game.active_player
    )
    return game, saved


def test_a_saved_sn_game_replays_exactly() -> None:
    game, saved = _played(2, 4)
    assert any(e.kind == "sn_die_rolled" for e in game.events)
    loaded = parse_saved_game(dump_saved_game(saved))
    replay = Game.from_events(loaded.scenario, loaded.events, SeededDice(loaded.seed))
    assert [e.to_dict() for e in replay.events] == json.loads(json.dumps([e.to_dict() for e in game.events]))


def test_run_orders_plays_a_cast_with_its_dice_plan(tmp_path: Path, capsys) -> None:
    orders = tmp_path / "orders.json"
    cast = {
        "kind": "cast",
        "effect": "Fireball",
        "target": "bell-ringer",
        "plan": ["rod:range", "lantern:damage+"],
    }
    orders.write_text(json.dumps([{"round": 1, "unit": "ignatia", "order": "act", "args": cast}]))
    log = tmp_path / "duel.jsonl"
    code = main(["run", str(DUEL), "--seed", "4", "--turns", "3", "--orders", str(orders), "--log", str(log)])
    assert code == 0
    events = [json.loads(line) for line in log.read_text().splitlines()[1:]]
    first = next(e for e in events if e["kind"] == "sn_die_rolled")
    assert (first["unit"], first["talisman"], first["aspect"]) == ("ignatia", "rod", "range")
    assert main(["replay", str(log)]) == 0
    assert "OK" in capsys.readouterr().out


def test_run_and_forecast_refuse_the_duel_under_a_ruleset_without_sn(capsys) -> None:
    assert main(["run", str(DUEL), "--ruleset", "d6", "--turns", "1"]) == 2
    assert "cannot play SuperNatural powers" in capsys.readouterr().err
    assert main(["forecast", str(DUEL), "--ruleset", "ninepowers", "--runs", "1"]) == 2
    assert "cannot play SuperNatural powers" in capsys.readouterr().err

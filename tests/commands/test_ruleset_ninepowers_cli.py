"""`brikwars-sim run --ruleset ninepowers`: the skirmish and the Nine Powers sample play to the end
headless, the dice log explains each pool, and a saved battle keeps Stamina and Armor (issue 12)."""

from __future__ import annotations

import json

from brikwars_gui.cli import main
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario


def test_skirmish_plays_to_the_end_under_nine_powers_and_the_save_keeps_stamina(capsys, tmp_path) -> None:
    log, save = tmp_path / "game.jsonl", tmp_path / "after.json"
    args = ["run", str(SCENARIOS / "skirmish.json"), "--ruleset", "ninepowers", "--seed", "1"]
    args += ["--turns", "40"]
    assert main([*args, "--log", str(log), "--save", str(save), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Winner:" in out and "turn limit" not in out
    events = [json.loads(line) for line in log.read_text().splitlines()[1:]]
    texts = [e["text"] for e in events if e["kind"] == "attacked"]
    assert any("→ lowest" in t and "success" in t for t in texts)
    assert {e["question"] for e in events if e["kind"] == "decided"} >= {"np_difficulty"}
    saved = load_scenario(save)
    assert saved.ruleset == "ninepowers"
    hurt = [e["target"] for e in events if e["kind"] == "attacked" and e["damage_roll"]
            and e["damage_roll"]["to_stamina"] and e["target"] in {u.id for u in saved.units}]
    kept = {u.id: u.ninepowers.stamina for u in saved.units if u.ninepowers is not None}
    assert kept and all(kept[uid] < 6 for uid in hurt)  # survivors keep the Stamina they lost


def test_the_ruined_chapel_plays_to_the_end(capsys) -> None:
    args = ["run", str(SCENARIOS / "ruined_chapel.json"), "--seed", "3", "--turns", "40", "--quiet"]
    assert main(args) == 0
    assert "Winner:" in capsys.readouterr().out


def test_a_saved_battle_keeps_the_units_own_move_not_the_nine_powers_squares(tmp_path) -> None:
    """R-NP-10 (L902): Nine Powers moves 4 squares a turn at play time; `run --save` writes each
    unit's own Move, so the saved battle played under BrikWars still moves as the file says."""
    save = tmp_path / "after.json"
    args = ["run", str(SCENARIOS / "skirmish.json"), "--ruleset", "ninepowers", "--seed", "2"]
    assert main([*args, "--turns", "2", "--save", str(save), "--quiet"]) == 0
    own = {u.id: u.move for u in load_scenario(SCENARIOS / "skirmish.json").units}
    saved = load_scenario(save)
    assert saved.units and all(u.move == own[u.id] for u in saved.units)
    assert {u.move for u in saved.units} != {4}  # the file's Move is not Nine Powers' 4 squares

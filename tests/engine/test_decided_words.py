"""The log line of a player's answer speaks words, not the engine's question names."""

from __future__ import annotations

from brikwars_gui.engine.ai import play_turn
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario


def test_r_np_2_a_chosen_difficulty_reads_as_words_in_the_log() -> None:
    game = Game.from_scenario(load_scenario(SCENARIOS / "ruined_chapel.json"), seed=3, max_rounds=6)
    while not game.over and not any(e.kind == "decided" for e in game.events):
        play_turn(game)
    decided = [e for e in game.events if e.kind == "decided" and e.question == "np_difficulty"]
    assert decided, "the AI chose a difficulty within six rounds"
    line = decided[0].describe()
    assert line.startswith(f"{decided[0].unit} decides on the difficulty (R-NP-2) (")
    assert "np_" not in line and "_" not in line.split(": ", 1)[1]

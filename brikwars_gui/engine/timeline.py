"""A battle's timeline as scenarios, one per turn: what the GIF and PNG-frame exports draw.

`FrameRecorder(state, base)` listens to a game's events and keeps, at the start of every player
turn and at the end of the game, the battle as it stands as a scenario
(`export.scenario_from_state`: living units where they stand, fires, smoke and other fields
as they are now). Frames are therefore drawn by the same code as any battlefield.

* `simulate_frames(scenario, seed, max_rounds)`: the default AI plays every side (`run --gif`);
* `replay_frames(saved)`: a saved game (a played battle, from the GUI) replayed exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.dice.source import SeededDice
from brikwars_gui.engine.export import scenario_from_state
from brikwars_gui.engine.state import GameState

__all__ = ["Frame", "FrameRecorder", "position_of", "replay_frames", "simulate_frames"]


@dataclass(frozen=True)
class Frame:
    round: int
    player: str  # whose turn starts ("" at the end of the game)
    label: str
    scenario: Any


class FrameRecorder:
    def __init__(self, state: GameState, base: Any) -> None:
        self.state, self.base = state, base
        self.frames: list[Frame] = []

    def observe(self, event: Any) -> None:
        if event.kind == "turn_started":
            name = self.state.player(event.player).name
            self._capture(event.player, f"Round {event.round} — {name}")
        elif event.kind == "game_over":
            winner = self.state.player(event.winner).name if event.winner else "no winner"
            self._capture("", f"Round {self.state.round} — game over ({winner})")

    def _capture(self, player: str, label: str) -> None:
        self.frames.append(Frame(self.state.round, player, label, scenario_from_state(self.state, self.base)))


def simulate_frames(scenario: Any, seed: int, max_rounds: int) -> list[Frame]:
    """Play `scenario` AI against AI (the game `brikwars-sim run --seed` plays) and keep its frames."""
    from brikwars_gui.engine.ai import play_turn
    from brikwars_gui.engine.session import Game

    game = Game.from_scenario(scenario, seed=seed, max_rounds=max_rounds, start=False)
    recorder = FrameRecorder(game.state, scenario)
    game.listener = recorder.observe
    game.start()
    while not game.over:
        play_turn(game)
    return recorder.frames


def replay_frames(saved: Any) -> list[Frame]:
    """The frames of a saved game (`scenario.savegame.SavedGame`), replayed with its seed."""
    from brikwars_gui.engine.session import Game

    if saved.dice_script:
        raise ValueError("a saved game with a dice script cannot be replayed for frames")
    state = GameState.from_scenario(saved.scenario)
    recorder = FrameRecorder(state, saved.scenario)
    Game.from_events(
        saved.scenario,
        saved.events,
        SeededDice(saved.seed or 0),
        state=state,
        listener=recorder.observe,
        max_rounds=saved.max_rounds,
    )
    if not state.over:
        recorder._capture(state.active_player, f"Round {state.round} — now")
    return recorder.frames


def position_of(saved: Any) -> GameState:
    """The `GameState` a saved game has reached: forecasts start from it. From its checkpoint
    when it has one that fits (engine/checkpoint.py: the orders after it replayed), else replayed
    with its seed (issue 26)."""
    from brikwars_gui.engine.checkpoint import play_saved

    if saved.dice_script:
        raise ValueError("a saved game with a dice script cannot be replayed here")
    return play_saved(saved)[0].state

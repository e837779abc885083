"""Heavy but valid inputs (issue 26): the largest battle a scenario may hold and a long saved game.

* `ai round`: one round (every player's turn) of the default AI on `army_battle(2000, size=400)`,
  2,000 units (the limit) on a 400x400" table (the limit). Target: within 2 s on the 2-core machine.
* `saved game open`: what File ▸ Open does with a saved game, headless: read and validate the file,
  then replay its orders (`Game.from_events`), for a skirmish played `--rounds` rounds by the AI and
  for the 2,000-unit battle after one round. Target: within 1 s.

Run: `nice -n 10 .venv/bin/python benchmarks/heavy_inputs.py [--units 2000] [--size 400] [--rounds 30]`.
The figures are wall times of one run each (a busy machine shows in the calibration figure). Not
run by run_all.py (the full size takes minutes).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bench_scale import calibration_ms  # benchmarks/ is on sys.path when run as a script

from brikwars_gui.engine import ai
from brikwars_gui.engine.dice.source import SeededDice
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.generate import army_battle
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.savegame import SavedGame, load_saved_game, save_saved_game


def _saved(scenario, game: Game, seed: int) -> SavedGame:
    events = [e.to_dict() for e in game.events if e.kind in ("order", "decided")]
    return SavedGame(scenario=scenario, seed=seed, max_rounds=game.max_rounds, events=events)


def _open_seconds(saved: SavedGame, folder: Path) -> tuple[float, int]:
    """Seconds to load and replay `saved` as the GUI does (headless), and its order count."""
    path = folder / "saved.json"
    save_saved_game(saved, path)
    start = time.perf_counter()
    loaded = load_saved_game(path)
    Game.from_events(loaded.scenario, loaded.events, SeededDice(loaded.seed), max_rounds=loaded.max_rounds)
    return time.perf_counter() - start, loaded.order_count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--units", type=int, default=2000)
    parser.add_argument("--size", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=30, help="rounds of the long skirmish saved game")
    args = parser.parse_args()
    print(f"calibration: {calibration_ms():.0f} ms")
    scenario = army_battle(args.units, size=args.size, buildings=200, fires=5, seed=0)
    game = Game.from_scenario(scenario, seed=1, max_rounds=3, timeline=False)
    start = time.perf_counter()
    for _ in scenario.players:
        ai.play_turn(game)
    print(f"ai round, {args.units} units on {args.size}x{args.size}: {time.perf_counter() - start:.2f} s")
    with tempfile.TemporaryDirectory() as tmp:
        seconds, orders = _open_seconds(_saved(scenario, game, 1), Path(tmp))
        print(f"saved game open, {args.units} units after 1 round ({orders} orders): {seconds:.2f} s")
        skirmish = load_scenario(SCENARIOS / "skirmish.json")
        long_game = Game.from_scenario(skirmish, seed=2, max_rounds=args.rounds)
        ai.play_game(long_game)
        seconds, orders = _open_seconds(_saved(skirmish, long_game, 2), Path(tmp))
        print(f"saved game open, skirmish of {long_game.round} rounds ({orders} orders): {seconds:.2f} s")


if __name__ == "__main__":
    main()

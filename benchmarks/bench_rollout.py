"""CPU time per Hard turn with its play-outs (tactics/rollout.py, issue 25) on the skirmish under
each ruleset, with a calibration loop so figures from a busy machine compare.

Hard plays against the greedy baseline over a few seeded games; each Hard turn's CPU time
(`time.process_time`, the play-outs' copies included) is one sample. `--force` turns the
play-outs on whatever the ruleset's `ai_dials` say (to measure a ruleset where they are off).
Budget: about 1.5 s of CPU per Hard turn on average (issue 25, fourth session).

Run: `.venv/bin/python benchmarks/bench_rollout.py [--rulesets brikwars d6 ninepowers]
[--seeds K] [--rounds N] [--force] [--profile FILE]`.
"""

from __future__ import annotations

import argparse
import cProfile
import statistics
import time
from pathlib import Path

from bench_scale import calibration_ms  # one loop for every benchmark (benchmarks/ is on sys.path)

from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics.player import TacticalAI, make_player
from brikwars_gui.engine.tactics.presets import PRESETS
from brikwars_gui.engine.tactics.tournament import with_ruleset
from brikwars_gui.scenario.io import load_scenario

SCENARIO = Path(__file__).resolve().parent.parent / "resources" / "scenarios" / "skirmish.json"
#: Average CPU seconds per Hard turn the play-outs may cost (issue 25, fourth session).
BUDGET_S = 1.5


class ForcedHard(TacticalAI):
    """Hard with its play-outs on under any ruleset (`--force`)."""

    def dials(self, game: Game):  # type: ignore[no-untyped-def]
        b = super().dials(game)
        if self._fixed:
            return b
        return b.with_(rollouts=PRESETS["hard"].rollouts, turn_rollouts=PRESETS["hard"].turn_rollouts)


def bench(
    ruleset: str, seeds: int, rounds: int, force: bool, profile: cProfile.Profile | None
) -> list[float]:
    """CPU seconds of every Hard turn over `seeds` games against the greedy baseline."""
    base = load_scenario(SCENARIO)
    scenario = base if ruleset == "brikwars" else with_ruleset(base, ruleset)
    turns: list[float] = []
    for seed in range(seeds):
        game = Game.from_scenario(scenario, seed=seed, max_rounds=rounds)
        order = list(game.state.turn_order)
        hard_seat = order[seed % 2]
        players = {
            p: (ForcedHard(PRESETS["hard"], seed) if force else make_player("hard", seed))
            if p == hard_seat
            else make_player("greedy", seed)
            for p in order
        }
        while not game.over:
            player = game.active_player
            if player != hard_seat:
                players[player].play_turn(game)
                continue
            if profile is not None:
                profile.enable()
            t0 = time.process_time()
            players[player].play_turn(game)
            turns.append(time.process_time() - t0)
            if profile is not None:
                profile.disable()
    return turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rulesets", nargs="+", default=["brikwars", "d6", "ninepowers"])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--force", action="store_true", help="play-outs on whatever ai_dials say")
    parser.add_argument("--profile", help="write a cProfile of the Hard turns to this file")
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    before = calibration_ms()
    for ruleset in args.rulesets:
        turns = bench(ruleset, args.seeds, args.rounds, args.force, profile)
        mean = statistics.fmean(turns)
        print(
            f"{ruleset:>10}: Hard turn CPU mean {mean:.2f} s, median {statistics.median(turns):.2f} s, "
            f"max {max(turns):.2f} s over {len(turns)} turns "
            f"({'within' if mean <= BUDGET_S else 'OVER'} the {BUDGET_S} s budget)"
        )
    after = calibration_ms()
    print(f"calibration: {before:.0f} ms before, {after:.0f} ms after (reference ~45 ms quiet)")
    if profile is not None:
        profile.dump_stats(args.profile)


if __name__ == "__main__":
    main()

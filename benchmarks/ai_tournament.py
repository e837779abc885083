"""Tournament of the AIs on the sample scenarios under every ruleset (issues 13 and 25): every
pairing of passive / default (engine/ai.py) / easy / normal / hard and the two baselines greedy
and random (engine/tactics/baselines.py), sides swapped on odd seeds, win rates with 95% Wilson
intervals, and the issues' targets checked.

Samples: the three BrikWars samples, the skirmish played under D6 (`skirmish@d6`) and under Nine
Powers (`skirmish@ninepowers`), the Nine Powers sample `ruined_chapel` and the SuperNatural
sample `wizard_duel` (BrikWars with SN casters, issue 23).

Run: `.venv/bin/python benchmarks/ai_tournament.py --games 200 --jobs 2` (long: hours on 2 cores);
`--games 20 --levels normal greedy --samples skirmish@ninepowers` for a quick look;
`--pairs hard:greedy normal:greedy` plays only the pairings named.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from tqdm import tqdm

from brikwars_gui.engine.tactics.baselines import BASELINES
from brikwars_gui.engine.tactics.player import LEVELS
from brikwars_gui.engine.tactics.tournament import PairingResult, run_tournament, with_ruleset
from brikwars_gui.scenario.io import load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "resources" / "scenarios"
SAMPLES = (
    "skirmish",
    "hazard_showcase",
    "large_battle",
    "skirmish@d6",
    "skirmish@ninepowers",
    "ruined_chapel",
    "wizard_duel",
)
#: Issues 13 and 25's targets: (level, opponent, minimum win rate, on every sample).
TARGETS = (
    ("hard", "default", 0.70),
    ("normal", "default", 0.60),
    ("normal", "passive", 0.80),
    ("hard", "passive", 0.90),
    ("normal", "greedy", 0.85),
    ("hard", "greedy", 0.85),
    ("normal", "random", 0.98),
    ("hard", "random", 0.98),
    ("hard", "normal", 0.55),
)


def load_sample(name: str):  # type: ignore[no-untyped-def]
    """A sample by name; `skirmish@d6` is the skirmish played under the D6 ruleset."""
    file, _, ruleset = name.partition("@")
    scenario = load_scenario(SCENARIOS / f"{file}.json")
    return with_ruleset(scenario, ruleset) if ruleset else scenario


def _rate_of(results: list[PairingResult], level: str, other: str, scenario: str) -> float | None:
    for r in results:
        if r.scenario != scenario:
            continue
        if (r.a, r.b) == (level, other):
            return r.rate("A")[0]
        if (r.a, r.b) == (other, level):
            return r.rate("B")[0]
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="seeded games per pairing and sample")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--levels", nargs="+", default=[*LEVELS, *BASELINES], choices=[*LEVELS, *BASELINES])
    parser.add_argument("--samples", nargs="+", default=list(SAMPLES), choices=SAMPLES)
    parser.add_argument("--rounds", type=int, default=15, help="round limit (a draw is not a win)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write every pairing's counts to this file")
    parser.add_argument(
        "--pairs",
        nargs="+",
        metavar="A:B",
        help="only these pairings (e.g. hard:greedy normal:random), instead of every two of --levels",
    )
    args = parser.parse_args()
    pairs = None
    if args.pairs:
        pairs = [tuple(p.split(":", 1)) for p in args.pairs]
        known = {*LEVELS, *BASELINES}
        if any(len(p) != 2 or not set(p) <= known for p in pairs):
            parser.error(f"--pairs takes LEVEL:LEVEL with levels from {', '.join(sorted(known))}")
    print(f"machine: {os.cpu_count()} cores; jobs={args.jobs}; games per pairing and sample={args.games}")
    scenarios = {name: load_sample(name) for name in args.samples}
    t0 = time.perf_counter()
    bar = tqdm(unit="game", file=sys.stderr, disable=not sys.stderr.isatty())

    def progress(done: int, total: int) -> None:
        bar.total = total
        bar.n = done
        bar.refresh()

    def on_pairing(result: PairingResult) -> None:
        bar.write(result.line())  # each pairing as soon as it is complete; the table follows

    results = run_tournament(
        scenarios,
        args.levels,
        args.games,
        jobs=args.jobs,
        max_rounds=args.rounds,
        first_seed=args.first_seed,
        progress=progress,
        on_pairing=on_pairing,
        pairs=pairs,
    )
    bar.close()
    print("all pairings:")
    for r in results:
        print(r.line())
    if args.json:
        rows = [{"scenario": r.scenario, "a": r.a, "b": r.b, "games": r.games, "a_wins": r.a_wins,
                 "b_wins": r.b_wins} for r in results]
        args.json.write_text(json.dumps({"first_seed": args.first_seed, "rounds": args.rounds,
                                         "pairings": rows}, indent=1))
    print(f"elapsed {time.perf_counter() - t0:.0f} s")
    print("targets (win rate of the first level against the second, per sample):")
    for level, other, target in TARGETS:
        for name in args.samples:
            rate = _rate_of(results, level, other, name)
            if rate is None:
                continue
            verdict = "met" if rate >= target else f"MISSED by {target - rate:.1%}"
            print(f"  {level:6s} vs {other:7s} {name:16s} {rate:6.1%} (target {target:.0%}): {verdict}")


if __name__ == "__main__":
    main()

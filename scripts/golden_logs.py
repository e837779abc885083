"""Golden event logs: 200 seeded AI games whose event logs must not change by accident.

    .venv/bin/python scripts/golden_logs.py --write   # record tests/data/golden/games.json
    .venv/bin/python scripts/golden_logs.py           # check; prints the first differing turn

Each game is played exactly as `brikwars-sim run SCENARIO --seed S --turns N` plays it (default AI
on every side). A full log of 200 games would be tens of megabytes, so the file keeps, per game,
the number of events and a running SHA-256 of the JSONL event lines taken at every `turn_ended`
(so a difference is located to its player turn). To see the events themselves, run
`brikwars-sim run ... --log` on both commits and diff the logs.

A commit that changes the rules on purpose rewrites the file with `--write` and says why.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import site
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache, partial
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "golden" / "games.json"
GENERATED = "generated:army_battle(100, size=40, buildings=12)"


@dataclass(frozen=True)
class GoldenGame:
    scenario: str  # a sample file name under resources/scenarios, or GENERATED
    seed: int
    turns: int

    @property
    def key(self) -> str:
        return f"{self.scenario}#{self.seed}/{self.turns}"


def games() -> list[GoldenGame]:
    """The 200 games: 80 skirmish, 60 showcase, 40 large battle, 20 generated 100-unit battles."""
    out = [GoldenGame("skirmish.json", s, 10) for s in range(80)]
    out += [GoldenGame("hazard_showcase.json", s, 10) for s in range(60)]
    out += [GoldenGame("large_battle.json", s, 10) for s in range(40)]
    out += [GoldenGame(GENERATED, s, 5) for s in range(20)]
    return out


@cache
def _scenario(name: str):
    from brikwars_gui.paths import SCENARIOS
    from brikwars_gui.scenario.generate import army_battle
    from brikwars_gui.scenario.io import load_scenario

    if name == GENERATED:
        return army_battle(100, size=40, buildings=12)
    return load_scenario(SCENARIOS / name)


def event_lines(game: GoldenGame) -> Iterator[tuple[str, str]]:
    """(kind, JSON line) of every event of the game, as `run --log` writes them."""
    from brikwars_gui.engine.ai import play_turn
    from brikwars_gui.engine.replay import event_dicts
    from brikwars_gui.engine.session import Game

    g = Game.from_scenario(_scenario(game.scenario), seed=game.seed, max_rounds=game.turns, start=False)
    g.start()
    while not g.over:
        play_turn(g)
    for data in event_dicts(g.events):
        yield data["kind"], json.dumps(data)


def fingerprint(game: GoldenGame) -> dict[str, object]:
    """Event count and the running hash at the end of every player turn."""
    digest = hashlib.sha256()
    turns: list[str] = []
    count = 0
    for kind, line in event_lines(game):
        digest.update(line.encode() + b"\n")
        count += 1
        if kind == "turn_ended":
            turns.append(digest.hexdigest()[:16])
    return {"game": game.key, "events": count, "turns": turns, "sha256": digest.hexdigest()}


def record(jobs: int = 2) -> list[dict[str, object]]:
    # spawned workers find this module by name: put its folder on their path first
    init = partial(site.addsitedir, str(Path(__file__).resolve().parent))
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn"), initializer=init) as pool:
        return list(pool.map(fingerprint, games(), chunksize=4))


def differences(expected: list[dict[str, object]], actual: list[dict[str, object]]) -> list[str]:
    """One line per game whose log changed, naming the first player turn that differs."""
    out = []
    for want, got in zip(expected, actual, strict=True):
        if want == got:
            continue
        wturns, gturns = list(want["turns"]), list(got["turns"])  # type: ignore[call-overload]
        turn = next((i for i, (a, b) in enumerate(zip(wturns, gturns, strict=False)) if a != b), None)
        where = f"player turn {turn + 1}" if turn is not None else "after the last common turn"
        out.append(f"{want['game']}: differs from {where} ({want['events']} → {got['events']} events)")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record the golden file")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    actual = record(args.jobs)
    if args.write:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(json.dumps({"games": actual}, indent=0) + "\n", encoding="utf-8")
        print(f"wrote {GOLDEN} ({len(actual)} games)")
        return 0
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))["games"]
    diff = differences(expected, actual)
    print("\n".join(diff) or f"all {len(actual)} golden games identical")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())

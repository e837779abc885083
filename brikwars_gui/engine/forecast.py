"""Forecast a scenario: play it many times AI-vs-AI and summarise who wins, how fast, which units matter.

`forecast(scenario, runs, seed=0, max_rounds=10)` plays `runs` games with the default AI on every
side (`ai.play_game`), run *i* with `SeededDice(seed + i)`, so any single run is replayed exactly with
`brikwars-sim run SCENARIO --seed <seed + i> --turns <max_rounds>`. Every run is independent of the
others and the report is aggregated in seed order, so it depends only on (scenario, runs, seed,
max_rounds) — never on `jobs` (worker processes) nor on timing.

The report (`ForecastReport`) gives per player the wins, win rate and 95% Wilson score interval and
mean survivors; draws (every team wiped out) and turn-limit games; the distribution of the rounds
played; per unit the survival rate, kills and how its team fares when it dies; a few hazard figures
(fires spreading to another object, objects destroyed). `to_dict()` is JSON-ready, `format_text()`
a readable table. Pure Python, no Qt: the GUI dialog and `brikwars-sim forecast` both call this.
"""

from __future__ import annotations

import functools
import math
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from brikwars_gui.engine.forecast_maps import HeatMaps
from brikwars_gui.engine.forecast_pool import Start, lease

__all__ = [
    "PARALLEL_MIN_RUNS",
    "ForecastReport",
    "PlayerForecast",
    "RunResult",
    "UnitForecast",
    "default_jobs",
    "forecast",
    "play_run",
    "wilson_interval",
]

Z95 = 1.959963984540054
"""Two-sided 95% quantile of the standard normal distribution."""

PARALLEL_MIN_RUNS = 8
"""With `jobs=None` worker processes are used only from this many runs (and more than one core)."""

PARALLEL_MIN_SECONDS = 2.0
"""... and only when the first run suggests the serial forecast would take at least this long."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion (0..1); (0, 1) without trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    # floating point: the interval always contains the observed rate
    return (min(low, p), max(high, p))


def _killer(cause: str, unit_ids: set[str]) -> str | None:
    """The unit whose weapon caused a death: combat causes read "<weapon> of <unit id>"."""
    _, sep, tail = cause.rpartition(" of ")
    return tail if sep and tail in unit_ids else None


# ---------------------------------------------------------------------------------------------
# One run


@dataclass(frozen=True)
class RunResult:
    """What one game produced (small and picklable: worker processes send these back)."""

    seed: int
    winner: str | None
    reason: str
    rounds: int
    survivors: dict[str, int]
    alive: tuple[str, ...]  # ids of the units alive at the end
    kills: dict[str, int]  # unit id -> enemy units it killed
    fires_ignited: int = 0
    fire_spread: bool = False  # a fire spread to another object (R-FIRE-9)
    objects_destroyed: int = 0
    error: str | None = None  # the engine raised: the run is left out of the statistics
    cell_maps: bytes = b""  # forecast_maps.pack_masks: burned / smoke / death cells of this game
    # id -> (name, team) of the units that joined the battle during the game (rules/roster.py:
    # summoned Diemons) or stood in the position it continued: the per-unit report lists them too
    joined: dict[str, tuple[str, str]] = field(default_factory=dict)
    sn_dice: dict[str, int] = field(default_factory=dict)  # caster id -> SN dice it spent (Chapter D)

    @property
    def turn_limit(self) -> bool:
        return self.error is None and self.winner is None and self.reason.startswith("turn limit")

    @property
    def draw(self) -> bool:
        """No winner before the turn limit (every team wiped out)."""
        return self.error is None and self.winner is None and not self.turn_limit

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seed": self.seed,
            "winner": self.winner,
            "reason": self.reason,
            "rounds": self.rounds,
            "survivors": dict(self.survivors),
        }
        if self.error:
            out["error"] = self.error
        return out


def play_run(
    scenario: Any,
    seed: int,
    max_rounds: int,
    *,
    should_stop: Callable[[], bool] | None = None,
    start: Any = None,
    ai: Mapping[str, str] | None = None,
) -> RunResult | None:
    """Play one AI-vs-AI game with `SeededDice(seed)` and a `max_rounds` turn limit (the same
    game as `ai.play_game`). Returns None when `should_stop()` (polled between turns) says so.
    `start`: a `GameState` to continue from (a copy is played) for `max_rounds` more rounds,
    the current one counted; None plays the scenario from its start. `ai`: player id → AI level
    (`engine/tactics` LEVELS) for the players not left to the default AI."""
    return _play(Start.of(scenario, start), seed, max_rounds, should_stop=should_stop, ai=ai)


def _play(
    origin: Start,
    seed: int,
    max_rounds: int,
    *,
    should_stop: Callable[[], bool] | None = None,
    ai: Mapping[str, str] | None = None,
) -> RunResult | None:
    """`play_run` from an already converted starting position (one per forecast)."""
    from brikwars_gui.engine.ai import play_turn
    from brikwars_gui.engine.forecast_maps import CellRecorder

    counts: Counter[str] = Counter()
    kills: Counter[str] = Counter()
    sn_dice: Counter[str] = Counter()
    spread = [False]
    teams: dict[str, str] = {}
    cells: list[CellRecorder] = []
    joined: dict[str, tuple[str, str]] = {}

    def listen(event: Any) -> None:
        kind = event.kind
        if cells:
            cells[0].observe(event)
        if kind == "unit_joined":
            teams[event.unit] = event.team
            joined[event.unit] = (event.name, event.team)
        elif kind == "killed":
            killer = _killer(event.cause, set(teams))
            if killer is not None and teams.get(killer) != teams.get(event.unit):
                kills[killer] += 1
        elif kind == "object_destroyed":
            counts["objects_destroyed"] += 1
        elif kind == "fire_ignited":
            counts["fires_ignited"] += 1
        elif kind == "sn_die_rolled":
            sn_dice[event.unit] += 1
        elif kind == "burning_roll" and event.spread_to:
            spread[0] = True

    game = None
    try:
        game = origin.game(seed, max_rounds)
        teams.update({u.id: u.team for u in game.state.units.values()})
        if origin.continuing:  # a position may hold units the scenario does not
            joined.update({u.id: (u.name, u.team) for u in game.state.units.values()})
        cells.append(CellRecorder(game.state))
        game.listener = listen
        game.start()
        players = _players(ai, seed)
        while not game.over:
            if should_stop is not None and should_stop():
                return None
            player = players.get(game.active_player)
            if player is None:
                play_turn(game)
            else:
                player.play_turn(game)
        error = None
    except Exception as exc:  # an engine bug on this seed must not lose the other runs
        error = f"{type(exc).__name__}: {exc}"
    if game is None:
        return RunResult(seed, None, "error", 0, {}, (), {}, error=error)
    state = game.state
    reason = next((e.reason for e in reversed(game.events) if e.kind == "game_over"), "")  # type: ignore[attr-defined]
    return RunResult(
        seed=seed,
        winner=game.winner if error is None else None,
        reason=reason if error is None else "error",
        rounds=state.round,
        survivors=game.survivors(),
        alive=tuple(sorted(u.id for u in state.units.values() if u.alive)),
        kills=dict(sorted(kills.items())),
        fires_ignited=counts["fires_ignited"],
        fire_spread=spread[0],
        objects_destroyed=counts["objects_destroyed"],
        error=error,
        cell_maps=cells[0].finish() if cells else b"",
        joined=joined,
        sn_dice=dict(sorted(sn_dice.items())),
    )


def _players(ai: Mapping[str, str] | None, seed: int) -> dict[str, Any]:
    """A fresh AI player per non-default side for one run (seeded like the run: same games
    whatever the number of jobs)."""
    from brikwars_gui.engine.tactics import make_player

    return {pid: make_player(level, seed) for pid, level in (ai or {}).items() if level != "default"}


def check_ai(scenario: Any, ai: Mapping[str, str] | None) -> dict[str, str]:
    """`ai` validated against the scenario's players and the AI levels (ValueError naming the
    bad entry); "default" entries are dropped."""
    from brikwars_gui.engine.tactics import LEVELS

    ids = [p.id for p in scenario.players]
    out: dict[str, str] = {}
    for pid, level in (ai or {}).items():
        if pid not in ids:
            raise ValueError(f"no player {pid!r} in {scenario.name}: one of {', '.join(ids)}")
        if level.lower() not in LEVELS:
            raise ValueError(f"unknown AI level {level!r} for {pid}: one of {', '.join(LEVELS)}")
        if level.lower() != "default":
            out[pid] = level.lower()
    return out


# ---------------------------------------------------------------------------------------------
# The report


@dataclass(frozen=True)
class PlayerForecast:
    id: str
    name: str
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    mean_survivors: float
    units: int  # units at the start

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [self.ci_low, self.ci_high],
            "mean_survivors": self.mean_survivors,
            "units": self.units,
        }


@dataclass(frozen=True)
class UnitForecast:
    id: str
    name: str
    team: str
    survival_rate: float
    kills: int  # total over all runs
    mean_kills: float
    team_win_rate_if_killed: float | None  # None: never killed
    team_win_rate_if_survived: float | None  # None: never survived
    sn_spend_rate: float | None = None  # SN casters: share of runs in which it spent a die

    def to_dict(self) -> dict[str, Any]:
        extra = {} if self.sn_spend_rate is None else {"sn_spend_rate": self.sn_spend_rate}
        return {
            **extra,
            "id": self.id,
            "name": self.name,
            "team": self.team,
            "survival_rate": self.survival_rate,
            "kills": self.kills,
            "mean_kills": self.mean_kills,
            "team_win_rate_if_killed": self.team_win_rate_if_killed,
            "team_win_rate_if_survived": self.team_win_rate_if_survived,
        }


@dataclass(frozen=True)
class ForecastReport:
    scenario: str
    seed: int
    runs_requested: int
    max_rounds: int
    runs: int  # games completed and counted
    cancelled: bool
    players: list[PlayerForecast]
    draws: int  # every team wiped out
    turn_limit: int  # no winner when the turn limit was reached
    errors: list[tuple[int, str]]  # (seed, message) of runs where the engine raised
    rounds_mean: float
    rounds_median: float
    rounds_min: int
    rounds_max: int
    rounds_histogram: dict[int, int]
    units: list[UnitForecast]
    fire_spread_rate: float  # fraction of runs in which a fire spread to another object
    mean_fires_ignited: float
    mean_objects_destroyed: float
    results: list[RunResult] = field(default_factory=list)
    heatmaps: HeatMaps | None = None  # per-cell frequencies over the counted runs
    start_round: int = 0  # > 0: forecast from a position in this round, not the scenario start
    ai: dict[str, str] = field(default_factory=dict)  # player id → AI level (others: default)
    jobs: int = field(default=1, compare=False)
    elapsed: float = field(default=0.0, compare=False)  # seconds

    @property
    def runs_per_second(self) -> float:
        return self.runs / self.elapsed if self.elapsed > 0 else 0.0

    def player(self, player_id: str) -> PlayerForecast:
        return next(p for p in self.players if p.id == player_id)

    def unit(self, unit_id: str) -> UnitForecast:
        return next(u for u in self.units if u.id == unit_id)

    def seeds_won_by(self, player_id: str | None) -> list[int]:
        """Seeds of the runs `player_id` won (None: runs without a winner), to replay them."""
        return [r.seed for r in self.results if r.error is None and r.winner == player_id]

    def to_dict(self, *, include_runs: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": "brikwars-forecast",
            "scenario": self.scenario,
            "seed": self.seed,
            "runs_requested": self.runs_requested,
            "runs": self.runs,
            "max_rounds": self.max_rounds,
            "cancelled": self.cancelled,
            "players": [p.to_dict() for p in self.players],
            "draws": self.draws,
            "turn_limit": self.turn_limit,
            "errors": [{"seed": s, "error": m} for s, m in self.errors],
            "rounds": {
                "mean": self.rounds_mean,
                "median": self.rounds_median,
                "min": self.rounds_min,
                "max": self.rounds_max,
                "histogram": {str(k): v for k, v in sorted(self.rounds_histogram.items())},
            },
            "units": [u.to_dict() for u in self.units],
            "hazards": {
                "fire_spread_rate": self.fire_spread_rate,
                "mean_fires_ignited": self.mean_fires_ignited,
                "mean_objects_destroyed": self.mean_objects_destroyed,
            },
            "jobs": self.jobs,
            "elapsed_s": round(self.elapsed, 3),
        }
        if self.start_round:
            out["from_round"] = self.start_round
        if self.ai:
            out["ai"] = dict(self.ai)
        if self.heatmaps is not None:
            out["heatmaps"] = self.heatmaps.to_dict()
        if include_runs:
            out["results"] = [r.to_dict() for r in self.results]
        return out

    def format_text(self) -> str:
        """A readable report: the outcome table, rounds, units (by kills), hazards, how to replay."""
        lines: list[str] = []
        head = f"Forecast: {self.scenario} — {self.runs} run(s)"
        if self.cancelled:
            head += f" of {self.runs_requested} (cancelled)"
        last = self.seed + max(self.runs_requested, 1) - 1
        head += f", seeds {self.seed}..{last}, up to {self.max_rounds} rounds"
        if self.start_round:
            head += f" from the position in round {self.start_round}"
        if self.ai:
            head += "; AI: " + ", ".join(f"{p} {level}" for p, level in sorted(self.ai.items()))
        lines.append(head)
        if self.runs == 0:
            lines.append("No completed runs.")
            lines.extend(self._error_lines())
            return "\n".join(lines) + "\n"
        name_w = max([len("Player"), *(len(f"{p.name} ({p.id})") for p in self.players)])
        lines.append("")
        lines.append(
            f"{'Player':<{name_w}}  {'Wins':>5}  {'Win %':>6}  {'95% interval':>15}  {'Survivors':>10}"
        )
        for p in self.players:
            label = f"{p.name} ({p.id})"
            ci = f"{p.ci_low * 100:5.1f}–{p.ci_high * 100:5.1f}%"
            surv = f"{p.mean_survivors:.1f}/{p.units}"
            lines.append(f"{label:<{name_w}}  {p.wins:>5}  {p.win_rate * 100:5.1f}%  {ci:>15}  {surv:>10}")
        for label, count in (
            ("draw (all wiped out)", self.draws),
            ("turn limit, no winner", self.turn_limit),
        ):
            if count:
                lines.append(f"{label:<{name_w}}  {count:>5}  {count / self.runs * 100:5.1f}%")
        lines.append("")
        lines.append(
            f"Rounds: mean {self.rounds_mean:.1f}, median {self.rounds_median:g}, "
            f"min {self.rounds_min}, max {self.rounds_max}"
        )
        if self.rounds_histogram:
            top = max(self.rounds_histogram.values())
            for r in range(self.rounds_min, self.rounds_max + 1):
                n = self.rounds_histogram.get(r, 0)
                bar = "#" * (round(n / top * 30) if top else 0)
                lines.append(f"  {r:>3} {n:>5} {bar}")
        lines.append("")
        unit_w = max([len("Unit"), *(len(u.name) for u in self.units)])
        team_w = max([len("Team"), *(len(u.team) for u in self.units)])
        lines.append(
            f"{'Unit':<{unit_w}}  {'Team':<{team_w}}  {'Survives':>8}  {'Kills/run':>9}  "
            f"{'Team wins if it dies':>20}"
        )
        for u in sorted(self.units, key=lambda u: (-u.mean_kills, -u.survival_rate, u.id)):
            dies = "—" if u.team_win_rate_if_killed is None else f"{u.team_win_rate_if_killed * 100:.0f}%"
            lines.append(
                f"{u.name:<{unit_w}}  {u.team:<{team_w}}  {u.survival_rate * 100:7.0f}%  "
                f"{u.mean_kills:>9.2f}  {dies:>20}"
            )
        spenders = [u for u in self.units if u.sn_spend_rate is not None]
        if spenders:
            lines.append("")
            spent = [f"{u.name} spent an SN die in {(u.sn_spend_rate or 0):.0%} of runs" for u in spenders]
            lines.append("SuperNatural: " + "; ".join(spent))
        if self.fire_spread_rate or self.mean_fires_ignited or self.mean_objects_destroyed:
            lines.append("")
            lines.append(
                f"Hazards: fire spread to another object in {self.fire_spread_rate * 100:.0f}% of runs; "
                f"{self.mean_fires_ignited:.2f} fires ignited and {self.mean_objects_destroyed:.2f} "
                "objects destroyed per run"
            )
        lines.extend(self._error_lines())
        if not self.start_round:
            lines.append("")
            lines.append(
                f"Replay run i: brikwars-sim run SCENARIO --seed <{self.seed}+i> --turns {self.max_rounds}"
            )
        return "\n".join(lines) + "\n"

    def _error_lines(self) -> list[str]:
        if not self.errors:
            return []
        lines = ["", f"{len(self.errors)} run(s) failed in the engine (left out):"]
        lines += [f"  seed {s}: {m}" for s, m in self.errors[:10]]
        return lines


def _roster(scenario: Any, results: Sequence[RunResult]) -> list[Any]:
    """The units of the per-unit report: the scenario's, then those that joined the battle in
    some run (or stood in the position the forecast continued), by id."""
    known = {u.id for u in scenario.units}
    extra: dict[str, tuple[str, str]] = {}
    for r in results:
        extra.update(r.joined)
    born = [SimpleNamespace(id=k, name=n, team=t) for k, (n, t) in sorted(extra.items()) if k not in known]
    return [*scenario.units, *born]


def summarize(
    scenario: Any,
    results: Sequence[RunResult],
    *,
    seed: int,
    runs_requested: int,
    max_rounds: int,
    cancelled: bool = False,
    jobs: int = 1,
    elapsed: float = 0.0,
    start_round: int = 0,
    ai: Mapping[str, str] | None = None,
) -> ForecastReport:
    """Aggregate run results (in seed order) into a report."""
    results = sorted(results, key=lambda r: r.seed)
    good = [r for r in results if r.error is None]
    n = len(good)
    order = list(scenario.turn_order) or [p.id for p in scenario.players]
    names = {p.id: p.name for p in scenario.players}
    team_sizes = Counter(u.team for u in scenario.units)
    players = []
    for pid in order:
        wins = sum(1 for r in good if r.winner == pid)
        low, high = wilson_interval(wins, n)
        players.append(
            PlayerForecast(
                id=pid,
                name=names.get(pid, pid),
                wins=wins,
                win_rate=wins / n if n else 0.0,
                ci_low=low,
                ci_high=high,
                mean_survivors=statistics.fmean(r.survivors.get(pid, 0) for r in good) if n else 0.0,
                units=team_sizes.get(pid, 0),
            )
        )
    rounds = [r.rounds for r in good]
    casters = {u.id for u in scenario.units if u.supernatural is not None and u.supernatural.talismans}
    units = []
    for u in _roster(scenario, good):
        survived = [r for r in good if u.id in r.alive]
        killed = [r for r in good if u.id not in r.alive]
        total_kills = sum(r.kills.get(u.id, 0) for r in good)

        def team_rate(rs: list[RunResult], team: str = u.team) -> float | None:
            return sum(1 for r in rs if r.winner == team) / len(rs) if rs else None

        units.append(
            UnitForecast(
                id=u.id,
                name=u.name,
                team=u.team,
                survival_rate=len(survived) / n if n else 0.0,
                kills=total_kills,
                mean_kills=total_kills / n if n else 0.0,
                team_win_rate_if_killed=team_rate(killed),
                team_win_rate_if_survived=team_rate(survived),
                sn_spend_rate=(
                    sum(1 for r in good if r.sn_dice.get(u.id)) / n if n and u.id in casters else None
                ),
            )
        )
    return ForecastReport(
        scenario=scenario.name,
        seed=seed,
        runs_requested=runs_requested,
        max_rounds=max_rounds,
        runs=n,
        cancelled=cancelled,
        players=players,
        draws=sum(1 for r in good if r.draw),
        turn_limit=sum(1 for r in good if r.turn_limit),
        errors=[(r.seed, r.error or "") for r in results if r.error is not None],
        rounds_mean=statistics.fmean(rounds) if rounds else 0.0,
        rounds_median=float(statistics.median(rounds)) if rounds else 0.0,
        rounds_min=min(rounds, default=0),
        rounds_max=max(rounds, default=0),
        rounds_histogram=dict(sorted(Counter(rounds).items())),
        units=units,
        fire_spread_rate=sum(1 for r in good if r.fire_spread) / n if n else 0.0,
        mean_fires_ignited=statistics.fmean(r.fires_ignited for r in good) if n else 0.0,
        mean_objects_destroyed=statistics.fmean(r.objects_destroyed for r in good) if n else 0.0,
        results=list(results),
        heatmaps=HeatMaps.from_results(good, (scenario.battlefield.height, scenario.battlefield.width)),
        start_round=start_round,
        ai=dict(ai or {}),
        jobs=jobs,
        elapsed=elapsed,
    )


# ---------------------------------------------------------------------------------------------
# Running many games

def play_seeds(
    scenario: Any, start: Any, first: int, stop: int, max_rounds: int, ai: Mapping[str, str] | None = None
) -> list[RunResult]:
    """Runs `first .. stop-1` (a batch for a remote executor), the scenario converted once."""
    return _play_chunk((Start.of(scenario, start), first, stop, max_rounds, dict(ai or {})))


def _play_chunk(args: tuple[Start, int, int, int, dict[str, str]]) -> list[RunResult]:
    """A batch of runs in a worker process."""
    origin, first, stop, max_rounds, ai = args
    out = [_play(origin, s, max_rounds, ai=ai) for s in range(first, stop)]
    return [r for r in out if r is not None]


def default_jobs() -> int:
    """Worker processes to use by default: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _chunks(
    origin: Start, seed: int, stop: int, size: int, max_rounds: int, ai: dict[str, str]
) -> Iterator[tuple[Start, int, int, int, dict[str, str]]]:
    for first in range(seed, stop, size):
        yield (origin, first, min(first + size, stop), max_rounds, ai)


def forecast(
    scenario: Any,
    runs: int,
    *,
    seed: int = 0,
    max_rounds: int = 10,
    jobs: int | None = 1,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    start: Any = None,
    executor: Any = None,
    ai: Mapping[str, str] | None = None,
) -> ForecastReport:
    """Play `runs` AI-vs-AI games (seeds `seed .. seed+runs-1`) and aggregate them.

    `jobs`: worker processes (1: in this process; None: automatic — all cores when there are
    enough runs and the first game suggests it pays). The report never depends on `jobs`.
    `start`: a `GameState` to forecast from (the current position of a game in progress; each
    run continues a copy of it for `max_rounds` rounds, the current one counted).
    `executor`: a `concurrent.futures.Executor` (e.g. Dask's, see forecast_remote.py) that plays
    the batches instead of local processes; `jobs` then only sets how many batches are queued.
    `ai`: player id → AI level ("passive", "default", "easy", "normal", "hard"); players not named
    are played by the default AI. Each run seeds its AIs with its own seed.
    `progress(done, total)` is called after each game (serial) or each batch of games (parallel),
    from the calling thread. `should_stop()` is polled as often; when it returns True the games
    completed so far are summarised in a report flagged `cancelled`.
    """
    if runs < 0:
        raise ValueError("runs must be >= 0")
    if max_rounds < 1:
        raise ValueError("max_rounds must be >= 1")
    ai = check_ai(scenario, ai)
    t0 = time.perf_counter()
    results: list[RunResult] = []
    cancelled = False
    used_jobs = 1

    def stop_requested() -> bool:
        return bool(should_stop and should_stop())

    def report() -> ForecastReport:
        return summarize(
            scenario,
            results,
            seed=seed,
            runs_requested=runs,
            max_rounds=max_rounds,
            cancelled=cancelled,
            jobs=used_jobs,
            elapsed=time.perf_counter() - t0,
            start_round=start.round if start is not None else 0,
            ai=ai,
        )

    if executor is not None:
        from brikwars_gui.engine.forecast_remote import run_on_executor

        used_jobs = max(1, int(jobs or default_jobs()))
        cancelled = run_on_executor(
            executor,
            functools.partial(play_seeds, ai=ai),
            (scenario, start, seed, seed + runs, max_rounds),
            batches=used_jobs * 4,
            results=results,
            progress=progress,
            should_stop=stop_requested,
        )
        return report()
    if progress:
        progress(0, runs)
    origin = Start.of(scenario, start)  # converted once for every run of this forecast
    want = default_jobs() if jobs is None else max(1, int(jobs))
    if jobs is None and getattr(sys, "frozen", False):
        want = 1  # a frozen app cannot start worker interpreters without freeze_support()
    per_game: float | None = None
    if jobs is None and runs > 0 and want > 1 and runs >= PARALLEL_MIN_RUNS:
        # measure one game: worker processes cost ~0.5 s to start and import the engine
        if stop_requested():
            cancelled = True
            return report()
        run = _play(origin, seed, max_rounds, should_stop=should_stop, ai=ai)
        if run is None:
            cancelled = True
            return report()
        results.append(run)
        if progress:
            progress(1, runs)
        per_game = time.perf_counter() - t0
        if per_game * runs < PARALLEL_MIN_SECONDS:
            want = 1
    want = min(want, max(1, runs - len(results)))
    first = seed + len(results)
    stop = seed + runs
    if want <= 1:
        for s in range(first, stop):
            if stop_requested():
                cancelled = True
                break
            run = _play(origin, s, max_rounds, should_stop=should_stop, ai=ai)
            if run is None:
                cancelled = True
                break
            results.append(run)
            if progress:
                progress(len(results), runs)
        return report()

    used_jobs = want
    remaining = stop - first
    # small batches (~0.5 s when the game length is known) keep progress and cancellation
    # responsive and balance the load; larger ones save a little inter-process traffic
    if per_game is not None:
        size = max(1, min(8, int(0.5 / max(per_game, 1e-6)), remaining // (want * 4)))
    else:
        size = max(1, min(4, remaining // (want * 8)))
    with lease(want) as lent:  # the process's kept worker pool when it is free
        for chunk in lent.pool.imap(_play_chunk, _chunks(origin, first, stop, size, max_rounds, ai)):
            results.extend(chunk)
            if progress:
                progress(len(results), runs)
            if len(results) < runs and stop_requested():
                cancelled = True
                lent.spoil()  # do not let the queued games occupy the workers
                break
    return report()

"""The tournament reports as it goes (a full one takes most of an hour): progress per game and
each pairing's result as soon as its last game is in, the same results it returns."""

from __future__ import annotations

from pathlib import Path

from brikwars_gui.engine.tactics.tournament import run_tournament
from brikwars_gui.scenario.io import load_scenario

SKIRMISH = Path(__file__).resolve().parents[3] / "resources" / "scenarios" / "skirmish.json"


def test_tournament_reports_progress_and_each_pairing_when_complete():
    scenario = load_scenario(SKIRMISH)
    seen: list[tuple[int, int]] = []
    reported = []
    results = run_tournament(
        {"skirmish": scenario}, ["passive", "default", "easy"], 2, jobs=1,
        progress=lambda done, total: seen.append((done, total)), on_pairing=reported.append,
    )
    assert seen == [(n, 6) for n in range(1, 7)]
    assert reported == results and len(results) == 3
    assert [(r.a, r.b) for r in results] == [("passive", "default"), ("passive", "easy"), ("default", "easy")]
    assert all(r.games == 2 for r in results)


def test_tournament_workers_are_not_forked_and_give_the_results_of_one_process(monkeypatch):
    """Issue 27: forking a process with threads warns from Python 3.12 (and 3.14 stops defaulting
    to it); the workers start from forkserver (or spawn) and the results do not depend on it."""
    from brikwars_gui.engine.tactics import tournament

    scenario = load_scenario(SKIRMISH)
    contexts = []
    real = tournament.ProcessPoolExecutor

    def pool(*args, **kwargs):
        contexts.append(kwargs.get("mp_context"))
        return real(*args, **kwargs)

    monkeypatch.setattr(tournament, "ProcessPoolExecutor", pool)
    levels = ["passive", "default"]
    parallel = run_tournament({"skirmish": scenario}, levels, 2, jobs=2)
    assert contexts and contexts[0] is not None and contexts[0].get_start_method() != "fork"
    assert parallel == run_tournament({"skirmish": scenario}, levels, 2, jobs=1)


def test_tournament_plays_only_the_pairings_asked_for():
    scenario = load_scenario(SKIRMISH)
    pairs = [("greedy", "passive"), ("passive", "random")]
    results = run_tournament({"skirmish": scenario}, [], 2, jobs=1, max_rounds=2, pairs=pairs)
    assert [(r.a, r.b, r.games) for r in results] == [("greedy", "passive", 2), ("passive", "random", 2)]

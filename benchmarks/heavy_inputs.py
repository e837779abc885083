"""Heavy but valid inputs (issue 26): the largest battle a scenario may hold and long saved games.

* `ai round`: one round (every player's turn) of the default AI on `army_battle(2000, size=400)`,
  2,000 units (the limit) on a 400x400" table (the limit). Target: within 2 s on the 2-core machine.
* `tactical ai round`: the same for the tactical AI (`engine/tactics`, a scenario's players with
  `ai_level` normal or hard) at `--tactical-level` on `--tactical-units` units (500 by default,
  on a table of the same density: the 2,000-unit round takes minutes).
* `--dense`: every AI level (the default AI, Easy, Normal, Hard) playing `--dense-rounds` rounds
  (both sides each) of `army_battle(--units, size=--dense-size)`: 2,000 units on 100x100 by
  default, the armies' front ranks 20" apart and engaged from the first turn (issue 26, s10-26d's
  dense front). CPU and wall clock of each round; each level in a fresh process with its own
  calibration. Target: every round within 2 s.
* `open headless`: read and validate a saved game and replay its orders (`Game.from_events`).
* `open in the GUI`: File ▸ Open of the saved game in the real window (offscreen), until the
  event loop is idle: replay, models, tables, map (the AI sides' first step is held back: it is
  the game going on, not the opening). Target: within 1 s.
  The saved games: the 2,000-unit battle after one AI round, a `--mid`-unit battle after one
  round, and the skirmish played `--rounds` rounds by the AI.

Run: `nice -n 10 .venv/bin/python benchmarks/heavy_inputs.py [--units 2000] [--size 400]`.
`--before DIR` measures a checkout of older code as well (`git worktree add DIR <commit>` or
`git archive <commit> | tar -x -C DIR`), each figure before then after, one after the other, so
both see the same load; a calibration loop (1e6 iterations of a small expression, ~45 ms on this
machine when idle) is printed with each, and the CPU time of the measured process (`process_time`:
on a shared machine it moves far less with the load than the wall clock). `--ai-only` measures the
two AI rounds and opens no saved game, `--open-only` only opens the saved games. Not run by
run_all.py (the full size takes minutes).

The engine's modules are imported when the first game is opened. Where PYTHONDONTWRITEBYTECODE
is set (the helpers' sessions set it) every measured open compiles them from source, which an
installed app never does (~0.2 s CPU of the 2,000-unit open under load): `--bytecode-cache` gives
each checkout a bytecode folder (PYTHONPYCACHEPREFIX), filled by an open that is not counted.

Saved games written by the window carry a checkpoint of the game (`engine/checkpoint.py`, issue 26):
each saved game is also opened and saved again in the window by the after code (not counted), and
that file opened (", saved by the app (checkpoint)"); the before code cannot read such a file, so
its line has no before figure (compare with the line below it: the same game, replayed).

`--recovery`: crash recovery of the `--units` battle after one round (issue 26). Each code opens
that saved game in the real window with a data folder, autosaves it as an end of turn does (timed:
"autosave at an end of turn"; the code after also keeps a checkpoint of the game then), plays
`--tail` AI steps of the next turn (journaled as they are made) and is killed (`os._exit`). A
fresh process of the same code then starts the window on that data folder: "claim" is turning the
dead instance's journal into its autosave (at start-up, before the question), "open" is answering
Yes to "Recover the last battle?" until the event loop is idle (the code before replays every
order; the code after installs the checkpoint and replays the `--tail` orders journaled after it).
`--tail 0` is a kill right after an end of turn. The tail's steps are timed too (played back to
back, as Skip does), with the checkpoints the window kept meanwhile (within the turn, issue 26), and
each recovery says how many orders it replayed after the checkpoint it installed.

Move orders record their path since issue 26 (a replay walks it without searching): `--before`
code opens a copy of each saved game with the recorded paths taken out (a file as it wrote them),
and the after code opens that copy too ("..., a file without recorded paths"), so the figures say
what the recorded paths bring and what an old file still costs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
LIMIT_S = 180
"""A measurement taking longer is stopped and shown as `> LIMIT_S s` (the old code opened the
2,000-unit saved game in the GUI in far longer: each unit updated re-read every row)."""
ROOT = HERE.parent


def _calibration_ms() -> float:
    from bench_scale import calibration_ms  # benchmarks/ is on sys.path when run as a script

    return calibration_ms()


def _battle(units: int, size: int):
    from brikwars_gui.scenario.generate import army_battle

    return army_battle(units, size=size, buildings=max(1, units // 10), fires=5, seed=0)


def measure_ai_round(units: int, size: int) -> tuple[float, float]:
    from brikwars_gui.engine import ai
    from brikwars_gui.engine.session import Game

    scenario = _battle(units, size)
    game = Game.from_scenario(scenario, seed=1, max_rounds=3, timeline=False)
    start, cpu = time.perf_counter(), time.process_time()
    for _ in scenario.players:
        ai.play_turn(game)
    return time.perf_counter() - start, time.process_time() - cpu


def measure_tactical_round(units: int, size: int, level: str) -> tuple[float, float]:
    from brikwars_gui.engine.session import Game
    from brikwars_gui.engine.tactics.player import make_player

    scenario = _battle(units, size)
    game = Game.from_scenario(scenario, seed=1, max_rounds=3, timeline=False)
    player = make_player(level, seed=1)
    start, cpu = time.perf_counter(), time.process_time()
    for _ in scenario.players:
        player.play_turn(game)
    return time.perf_counter() - start, time.process_time() - cpu


def measure_dense_rounds(
    units: int, size: int, level: str, rounds: int
) -> tuple[list[tuple[float, float]], str]:
    """(wall, CPU) seconds of each of `rounds` rounds of `level` on both sides ("default": engine/ai.py),
    and the events' count and hash (sha256 of their JSON, taken after the clock stops): the same
    decisions before and after a change give the same hash."""
    from brikwars_gui.engine.session import Game
    from brikwars_gui.engine.tactics.player import make_player

    scenario = _battle(units, size)
    game = Game.from_scenario(scenario, seed=1, max_rounds=rounds + 1, timeline=False)
    players = {p: make_player(level, seed=1) for p in game.state.turn_order}
    figures = []
    for _ in range(rounds):
        start, cpu = time.perf_counter(), time.process_time()
        for _ in scenario.players:
            players[game.active_player].play_turn(game)
        figures.append((time.perf_counter() - start, time.process_time() - cpu))
    return figures, _events_hash(game.events)


def _events_hash(events: list) -> str:
    """The events' count and the first 16 hex digits of the sha256 of their dicts as JSON."""
    digest = hashlib.sha256()
    for event in events:
        digest.update(json.dumps(event.to_dict(), sort_keys=True).encode())
    return f"{len(events)} events, {digest.hexdigest()[:16]}"


def measure_open_headless(path: Path) -> tuple[float, float]:
    from brikwars_gui.engine.dice.source import SeededDice
    from brikwars_gui.engine.session import Game
    from brikwars_gui.scenario.savegame import load_saved_game

    start, cpu = time.perf_counter(), time.process_time()
    loaded = load_saved_game(path)
    Game.from_events(loaded.scenario, loaded.events, SeededDice(loaded.seed), max_rounds=loaded.max_rounds)
    return time.perf_counter() - start, time.process_time() - cpu


def _window(tmp: str, data_dir: Path | None = None):
    """The app and its main window on the skirmish, shown, with isolated settings; the saved
    games are played by AI sides, whose first step would run in the event loop once the open
    took longer than the step interval: held back (not part of opening the game)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from brikwars_gui.paths import SCENARIOS
    from brikwars_gui.scenario.io import load_scenario
    from brikwars_gui.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
    skirmish = load_scenario(SCENARIOS / "skirmish.json")
    window = MainWindow(skirmish, None, settings=settings, data_dir=data_dir)
    window.resize(1400, 900)
    window.show()
    window.controller.set_ai_interval(LIMIT_S * 1000)
    app.processEvents()
    return app, window


def measure_open_gui(path: Path) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        app, window = _window(tmp)
        start, cpu = time.perf_counter(), time.process_time()
        if not window.open_saved_game(path, remember=False):
            raise RuntimeError(f"{path} did not open")
        app.processEvents()
        return time.perf_counter() - start, time.process_time() - cpu


def resave_in_gui(source: Path, target: Path) -> None:
    """Open `source` in the window and save it as `target`, as a user does: the window's Save Game
    writes a checkpoint of the game beside its orders (engine/checkpoint.py)."""
    with tempfile.TemporaryDirectory() as tmp:
        app, window = _window(tmp)
        if not (window.open_saved_game(source, remember=False) and window.save_game_as(target)):
            raise RuntimeError(f"{source} could not be opened and saved as {target}")
        app.processEvents()


def make_recovery_slot(path: Path, data_dir: Path, tail: int) -> dict:
    """Open `path` in a window with `data_dir`, autosave as an end of turn does (its wall and CPU
    seconds: "autosave") and play `tail` AI steps back to back, journaled (as Skip does; their wall
    and CPU seconds: "tail", with the checkpoints kept meanwhile: "checkpoints"); the caller then
    dies without cleaning up, as a killed app does."""
    from brikwars_gui.ui.recovery import RecoveryStore

    kept: list[int] = []
    keep = RecoveryStore.keep_checkpoint

    def counted(store, checkpoint):
        kept.append(0 if checkpoint is None else checkpoint.events)
        return keep(store, checkpoint)

    RecoveryStore.keep_checkpoint = counted
    data_dir.mkdir(parents=True)
    app, window = _window(str(data_dir), data_dir)
    if not window.open_saved_game(path, remember=False):
        raise RuntimeError(f"{path} did not open")
    app.processEvents()
    start, cpu = time.perf_counter(), time.process_time()
    window.autosave()
    figures = time.perf_counter() - start, time.process_time() - cpu
    kept.clear()
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(tail):
        window.controller.ai_step()
    steps = time.perf_counter() - start, time.process_time() - cpu
    return {"autosave": figures, "tail": steps, "checkpoints": len(kept)}


def measure_recovery(data_dir: Path) -> dict:
    """Start the window on `data_dir` (a killed instance's slot in it) and recover its battle:
    the claim's and the open's wall and CPU seconds, and how many orders the battle has."""
    from brikwars_gui.engine.session import Game
    from brikwars_gui.ui import recovery

    replayed: list[int] = []
    play_on = Game.play_on

    def counted(game, events, progress=None):
        events = list(events)
        replayed.append(sum(1 for e in events if e.get("kind") == "order"))
        return play_on(game, events, progress)

    Game.play_on = counted
    claimed: list[tuple[float, float]] = []
    claim = recovery.RecoveryStore._claim_orphans

    def timed(store, slots):
        start, cpu = time.perf_counter(), time.process_time()
        found = claim(store, slots)
        claimed.append((time.perf_counter() - start, time.process_time() - cpu))
        return found

    recovery.RecoveryStore._claim_orphans = timed
    with tempfile.TemporaryDirectory() as tmp:
        app, window = _window(tmp, data_dir)
        window.ask_recover = lambda _path: True
        start, cpu = time.perf_counter(), time.process_time()
        if not window.offer_recovery():
            raise RuntimeError(f"nothing recovered from {data_dir}")
        app.processEvents()
        opened = time.perf_counter() - start, time.process_time() - cpu
        orders = window.controller.order_count
        window.end_recovery()
    return {"claim": claimed[0], "open": opened, "orders": orders, "replayed": sum(replayed)}


def recovery_figures(
    codes: dict[str, Path], saved: Path, tails: list[int], folder: Path, repeat: int
) -> None:
    """Print the autosave, claim and open figures of each code for each tail (module docstring);
    each code's slot is made once and recovered `repeat` times (from copies), the codes taking
    turns, so both see the same load."""
    import shutil

    for tail in tails:
        made = {}
        for side, code in codes.items():
            made[side] = folder / f"{side}-{tail}"
            slot = _child(code, "make-slot", str(saved), str(made[side]), str(tail), timeout=LIMIT_S * 5)
            (wall, cpu), (t_wall, t_cpu) = slot["autosave"], slot["tail"]
            print(
                f"autosave at an end of turn, {side}: {wall:.2f} s (CPU {cpu:.2f}); then {tail} AI steps "
                f"back to back {t_wall:.2f} s (CPU {t_cpu:.2f}), {slot['checkpoints']} checkpoints kept "
                f"meanwhile (calibration {slot['calibration_ms']:.0f}, load {os.getloadavg()[0]:.1f})",
                flush=True,
            )
        for run in range(repeat):
            for side, code in codes.items():
                data_dir = folder / f"{side}-{tail}-run{run}"
                shutil.copytree(made[side], data_dir)
                got = _child(code, "recover", str(data_dir))
                (c_wall, c_cpu), (o_wall, o_cpu) = got["claim"], got["open"]
                print(
                    f"recovery, {tail} orders after the last end of turn ({got['orders']} in all): {side} "
                    f"claim {c_wall:.2f} s (CPU {c_cpu:.2f}); open {o_wall:.2f} s (CPU {o_cpu:.2f}), "
                    f"{got['replayed']} orders replayed after the checkpoint "
                    f"(calibration {got['calibration_ms']:.0f}, load {os.getloadavg()[0]:.1f})",
                    flush=True,
                )


def make_saved_games(
    folder: Path, units: int, size: int, mid: int, rounds: int, *, only_first: bool = False
) -> dict[str, Path]:
    """The saved games every measurement opens (made once, with the code being measured);
    `only_first`: the `units` battle alone."""
    from brikwars_gui.engine import ai
    from brikwars_gui.engine.session import Game
    from brikwars_gui.paths import SCENARIOS
    from brikwars_gui.scenario.io import load_scenario
    from brikwars_gui.scenario.savegame import SavedGame, save_saved_game

    made = {}
    plays = {
        f"{units} units after 1 round": (_battle(units, size), 1, 3),
        f"{mid} units after 1 round": (_battle(mid, max(40, size * mid // units)), 1, 3),
        f"skirmish, {rounds} rounds": (load_scenario(SCENARIOS / "skirmish.json"), 2, rounds),
    }
    if only_first:
        plays = dict(list(plays.items())[:1])
    for n, (name, (scenario, seed, max_rounds)) in enumerate(plays.items()):
        game = Game.from_scenario(scenario, seed=seed, max_rounds=max_rounds, timeline=False)
        if max_rounds == 3:
            for _ in scenario.players:
                ai.play_turn(game)
        else:
            ai.play_game(game)
        events = [e.to_dict() for e in game.events if e.kind in ("order", "decided")]
        path = folder / f"saved{n}.json"
        save_saved_game(SavedGame(scenario=scenario, seed=seed, max_rounds=max_rounds, events=events), path)
        made[name] = path
        for event in events:  # what the code before recorded paths wrote: a move to a cell only
            if event.get("order") == "move" and "to" in event["args"]:
                event["args"].pop("path", None)
        old = folder / f"saved{n}-to-only.json"
        save_saved_game(SavedGame(scenario=scenario, seed=seed, max_rounds=max_rounds, events=events), old)
        made[f"{name}, a file without recorded paths"] = old
    return made


BYTECODE: dict[Path, Path] = {}
"""`--bytecode-cache`: per checkout, the folder its children keep compiled modules in."""


def _child(code: Path, what: str, *args: str, timeout: float = LIMIT_S) -> dict:
    """One measurement in a fresh process running the code in `code` (a checkout's root)."""
    path = os.pathsep.join([str(code), str(HERE)])
    env = {**os.environ, "PYTHONPATH": path, "QT_QPA_PLATFORM": "offscreen"}
    if code in BYTECODE:  # modules compiled once, as an installed app has them
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(BYTECODE[code])
    argv = [sys.executable, str(HERE / "heavy_inputs.py"), "--measure", what, *args]
    try:
        out = subprocess.run(
            argv, env=env, cwd=code, capture_output=True, text=True, check=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return {"seconds": float("inf"), "cpu_seconds": float("nan"), "calibration_ms": float("nan")}
    return json.loads(out.stdout.strip().splitlines()[-1])


def _measure(what: str, args: list[str]) -> dict:
    import brikwars_gui

    calibration = _calibration_ms()
    code = str(Path(brikwars_gui.__file__).parents[1])
    if what == "make-slot":
        figures = make_recovery_slot(Path(args[0]), Path(args[1]), int(args[2]))
        print(json.dumps({**figures, "calibration_ms": calibration, "code": code}), flush=True)
        os._exit(0)  # killed: the slot stays as a crash leaves it
    if what == "recover":
        return {**measure_recovery(Path(args[0])), "calibration_ms": calibration, "code": code}
    if what == "resave":
        resave_in_gui(Path(args[0]), Path(args[1]))
        return {"calibration_ms": calibration, "code": code}
    if what == "dense":
        rounds, events = measure_dense_rounds(int(args[0]), int(args[1]), args[2], int(args[3]))
        return {"rounds": rounds, "events": events, "calibration_ms": calibration, "code": code}
    if what == "ai":
        seconds, cpu = measure_ai_round(int(args[0]), int(args[1]))
    elif what == "tactical":
        seconds, cpu = measure_tactical_round(int(args[0]), int(args[1]), args[2])
    elif what == "headless":
        seconds, cpu = measure_open_headless(Path(args[0]))
    else:
        seconds, cpu = measure_open_gui(Path(args[0]))
    return {"seconds": seconds, "cpu_seconds": cpu, "calibration_ms": calibration, "code": code}


def dense(codes: dict[str, Path], units: int, size: int, levels: list[str], rounds: int) -> None:
    """Print each level's rounds on the dense battle, before then after (see the module docstring)."""
    for level in levels:
        for side, code in codes.items():
            result = _child(code, "dense", str(units), str(size), level, str(rounds))
            if "rounds" not in result:
                print(f"{level}, {units} units on {size}x{size}: {side} > {LIMIT_S} s (stopped)", flush=True)
                continue
            figures = ", ".join(f"{cpu:.2f} ({wall:.2f})" for wall, cpu in result["rounds"])
            print(
                f"{level}, {units} units on {size}x{size}, rounds 1-{rounds}, CPU (wall) s: {side} {figures}"
                f" (calibration {result['calibration_ms']:.0f} ms, load {os.getloadavg()[0]:.1f};"
                f" {result['events']})",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--units", type=int, default=2000)
    parser.add_argument("--size", type=int, default=400)
    parser.add_argument("--mid", type=int, default=400, help="units of the middle-sized saved game")
    parser.add_argument("--rounds", type=int, default=30, help="rounds of the long skirmish saved game")
    parser.add_argument("--tactical-units", type=int, default=500, help="units of the tactical AI round")
    parser.add_argument(
        "--tactical-level", default="normal", help="the tactical AI's level (normal, hard, easy)"
    )
    parser.add_argument("--ai-only", action="store_true", help="only the AI rounds (no saved games opened)")
    parser.add_argument("--open-only", action="store_true", help="only open the saved games (no AI rounds)")
    parser.add_argument("--dense", action="store_true", help="only the dense battle's rounds, every level")
    parser.add_argument("--dense-size", type=int, default=100, help="the dense battle's table (inches)")
    parser.add_argument("--dense-rounds", type=int, default=3)
    parser.add_argument(
        "--levels", default="default,easy,normal,hard", help="the dense battle's AI levels (comma-separated)"
    )
    parser.add_argument(
        "--recovery",
        action="store_true",
        help="only crash recovery of the --units battle (autosave, claim, open)",
    )
    parser.add_argument(
        "--tail", default="500,0", help="--recovery: AI orders after the last end of turn (comma-separated)"
    )
    parser.add_argument("--repeat", type=int, default=1, help="--recovery: recoveries of each slot")
    parser.add_argument("--before", type=Path, help="root of a checkout of the code to compare with")
    parser.add_argument(
        "--bytecode-cache",
        action="store_true",
        help="measure with the modules compiled beforehand (a bytecode cache per checkout, filled by "
        "a first open of the skirmish game that is not counted), as an installed app runs; without "
        "it a child inherits PYTHONDONTWRITEBYTECODE, if set, and every open compiles the engine "
        "modules it imports from source",
    )
    parser.add_argument("--measure", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(_measure(args.measure[0], args.measure[1:])))
        return
    codes = {"before": args.before.resolve()} if args.before else {}
    codes["after"] = ROOT
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} cores, load average {load}", flush=True)
    if args.dense:
        dense(codes, args.units, args.dense_size, args.levels.split(","), args.dense_rounds)
        return
    if args.recovery:
        with tempfile.TemporaryDirectory() as tmp:
            games = make_saved_games(Path(tmp), args.units, args.size, args.mid, 1, only_first=True)
            tails = [int(t) for t in args.tail.split(",")]
            if args.bytecode_cache:  # warmed by an open of the same game, not counted
                for n, code in enumerate(codes.values()):
                    BYTECODE[code] = Path(tmp) / f"bytecode{n}"
                    _child(code, "gui", str(games[f"{args.units} units after 1 round"]))
                print("modules compiled beforehand (--bytecode-cache)", flush=True)
            saved = games[f"{args.units} units after 1 round"]
            recovery_figures(codes, saved, tails, Path(tmp), args.repeat)
        return
    with tempfile.TemporaryDirectory() as tmp:
        saved = (
            {} if args.ai_only else make_saved_games(Path(tmp), args.units, args.size, args.mid, args.rounds)
        )
        table = f"{args.size}x{args.size}"
        jobs: list[tuple[str, ...]] = []
        if not args.open_only:
            jobs.append((f"ai round, {args.units} units on {table}", "ai", str(args.units), str(args.size)))
            t_units = args.tactical_units
            t_size = max(40, round(args.size * (t_units / args.units) ** 0.5))  # the same density
            label = f"tactical ai round ({args.tactical_level}), {t_units} units on {t_size}x{t_size}"
            jobs.append((label, "tactical", str(t_units), str(t_size), args.tactical_level))
        if args.bytecode_cache:
            for n, code in enumerate(codes.values()):
                BYTECODE[code] = Path(tmp) / f"bytecode{n}"
                warm = [p for name, p in saved.items() if name.startswith("skirmish")][:1]
                _child(code, "gui", str(warm[0])) if warm else _child(code, "ai", "20", "20")
            print("modules compiled beforehand (--bytecode-cache)", flush=True)
        old_files = {path for name, path in saved.items() if name.endswith("recorded paths")}
        kept = {}  # each game as the window saves it: with a checkpoint (the after code's files)
        for path in saved.values():
            if path not in old_files:
                kept[path] = path.with_name(path.stem + "-checkpoint.json")
                _child(ROOT, "resave", str(path), str(kept[path]))
        for name, path in saved.items():
            if path not in old_files:
                jobs.append((f"open headless, {name}", "headless", str(path)))
                label = f"open in the GUI, {name}, saved by the app (checkpoint)"
                jobs.append((label, "gui", str(kept[path])))
            jobs.append((f"open in the GUI, {name}", "gui", str(path)))
        old_files |= set(kept.values())  # the before code cannot read them: no before figure
        for label, *job in jobs:
            figures = []
            for side, code in codes.items():
                run = job
                if side == "before" and job[0] in ("headless", "gui"):
                    if Path(job[-1]) in old_files:
                        continue  # the line below or above has it
                    run = [job[0], str(Path(job[-1]).with_name(Path(job[-1]).stem + "-to-only.json"))]
                result = _child(code, *run)
                seconds, calibration = result["seconds"], result["calibration_ms"]
                if seconds == float("inf"):
                    figures.append(f"{side} > {LIMIT_S} s (stopped)")
                else:
                    cpu = result["cpu_seconds"]
                    figures.append(f"{side} {seconds:.2f} s, CPU {cpu:.2f} s (calibration {calibration:.0f})")
            print(f"{label}: " + "; ".join(figures), flush=True)


if __name__ == "__main__":
    main()

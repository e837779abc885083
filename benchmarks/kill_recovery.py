"""Kill the real app at random moments and count the orders and edits a restart cannot recover.

Run: `nice -n 10 .venv/bin/python benchmarks/kill_recovery.py [--runs 100] [--seed 1]`
(issue 26; not part of run_all.py: it takes ~10 minutes).

Each run starts the app (`MainWindow`, offscreen) in a child process with its own data folder.
The child plays the skirmish as Red against the AI (moves, End Unit, End Turn, Save Game and the
end-of-turn autosave, each Response question answered after a pause), or edits the scenario
(terrain painted cell by cell in strokes: a drag). Right after the app has made an order (its
`ordersCommitted` signal, after the window's own handlers) or an edit (the undo stack's
`indexChanged`, after the window's editor journal), the child appends the count to an
acknowledgement file. The parent kills the child
with SIGKILL after a random delay, then does what the next start of the app does: claims the dead
instance's recovery slot, builds the battle it left as the window does (from the checkpoint of
the last end of turn or, in a long turn, within it, the journaled orders after it replayed:
`engine/checkpoint.play_saved`;
checked against a full replay, `Game.from_events`) or reads its editor autosave, and counts what
came back; the summary says how many battles came from a checkpoint, and how many from one
taken within a turn (`--mid-turn-every N`: every N orders; the skirmish's turns are too short for
the app's own pacing to take one). Lost = acknowledged −
recovered; the one order or edit in flight at the kill was never acknowledged, so it is not
counted. The phase the child was in at the kill (order, question, AI turn, save, drag) is reported
too.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STROKE = 8
"""Cells painted per stroke (one drag: merged undo commands)."""


def paint_cells(width: int, height: int) -> list[tuple[int, int]]:
    """The cells the editor child paints, in order (rows from the top, away from the units)."""
    return [(x, y) for y in (1, 14, 2, 13) for x in range(4, width - 4)]


# -- the child: the real app, driven from its own event loop ------------------------------------


def child(mode: str, data_dir: Path, ack: Path, phase: Path, seed: int, mid_turn_every: int = 0) -> None:
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from brikwars_gui.paths import SCENARIOS
    from brikwars_gui.scenario.io import load_scenario
    from brikwars_gui.ui.main_window import MainWindow

    app = QApplication([])
    settings = QSettings(str(data_dir / "settings.ini"), QSettings.Format.IniFormat)
    skirmish = SCENARIOS / "skirmish.json"
    window = MainWindow(load_scenario(skirmish), None, settings=settings, data_dir=data_dir)
    window.warn = lambda *_: None
    window.ask_unsaved = window.ask_leave_game = window.ask_unsaved_work = lambda: "discard"
    window.engine_error_prompt = lambda _message: "ok"
    window.show_game_over = lambda _summary: None
    if mid_turn_every:  # a checkpoint within a turn every so many orders, whatever it costs
        window.checkpoint_pacer.min_orders, window.checkpoint_pacer.cost_ratio = mid_turn_every, 0
    rng = random.Random(seed)
    acks = ack.open("a", encoding="utf-8")
    phases = phase.open("w", encoding="utf-8")

    def at(name: str) -> None:
        phases.seek(0)
        phases.write(f"{name:<10}")
        phases.flush()

    def acknowledge(count: int) -> None:
        acks.write(f"{count}\n")
        acks.flush()

    if mode == "battle":
        c = window.controller

        def respond(request):  # a human's Response question: the kill may land while it is asked
            at("question")
            time.sleep(rng.uniform(0.0, 0.15))
            return request.default

        c.ask_response = respond
        c.ai_interval = 20
        c.ordersCommitted.connect(lambda: acknowledge(c.order_count))
        window.set_play_mode(True, seed=seed)
        saved = data_dir / "game.json"

        def tick() -> None:
            if c.game is None or c.game.over:
                app.quit()
                return
            if not c.is_human_turn:
                at("ai")  # the AI plays its turn step by step meanwhile
                return
            own = [u for u in c.unit_ids_of() if c.unit_view(u).alive]
            roll = rng.random()
            if roll < 0.08:
                at("save")
                window.save_game_as(saved)
                window.autosave()
            elif roll < 0.2 or not own:
                at("order")
                c.end_turn()
            else:
                unit = rng.choice(own)
                cells = sorted(c.reachable(unit))
                at("order")
                if cells and roll < 0.8:
                    c.order_move(unit, rng.choice(cells))
                else:
                    c.end_unit(unit)
            at("idle")

    else:
        doc = window.doc
        cells = paint_cells(doc.width, doc.height)
        done = [0]

        def tick() -> None:
            k = done[0]
            if k >= len(cells):
                app.quit()
                return
            at("drag")  # a stroke is a drag from its first cell to its last
            done[0] = k + 1  # acknowledged (below) only once the window has journaled it
            doc.paint_terrain([cells[k]], "rough", stroke=1 + k // STROKE)
            if done[0] % STROKE == 0:
                at("idle")

        # an edit is acknowledged once the window has journaled it (connected after the window's
        # own slot on the undo stack, so it runs after it)
        doc.undo_stack.indexChanged.connect(lambda _index: acknowledge(done[0]))

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(rng.choice([5, 15, 30]))
    print("ready", flush=True)
    app.exec()


# -- the parent: kill, then recover as the next start would -----------------------------------


CHECKPOINTS: Counter[str] = Counter()
"""How each recovered battle was built: from the autosave's checkpoint (issue 26) or replayed,
and whether the checkpoint's game differed from a full replay's (it must not)."""


def recovered(mode: str, data_dir: Path) -> int:
    """Orders (battle) or painted cells (editor) that a restart gets back from the dead slot. A
    battle is built as the window builds it (from the checkpoint kept beside the journal, the
    orders after it replayed) and checked against a full replay of its orders."""
    from brikwars_gui.engine.checkpoint import dice_of_saved, play_saved
    from brikwars_gui.engine.session import Game
    from brikwars_gui.scenario.savegame import load_saved_game
    from brikwars_gui.ui.recovery import RecoveryStore, load_editor_autosave

    store = RecoveryStore(data_dir)
    try:
        if mode == "battle":
            path = store.pending()
            if path is None:
                return 0
            saved = load_saved_game(path)
            game, how = play_saved(saved)
            dice = dice_of_saved(saved)
            full = Game.from_events(saved.scenario, saved.events, dice, max_rounds=saved.max_rounds)
            CHECKPOINTS["from a checkpoint" if how.startswith("from its checkpoint") else "replayed"] += 1
            if how.startswith("from its checkpoint") and _mid_turn(saved):
                CHECKPOINTS["from a checkpoint taken within a turn"] += 1
            same = [e.to_dict() for e in game.events] == [e.to_dict() for e in full.events]
            if not (same and game.state.snapshot() == full.state.snapshot()):
                CHECKPOINTS["checkpoint differs from the replay"] += 1
            return sum(1 for e in game.events if e.kind == "order")
        path = store.pending_editor()
        if path is None:
            return 0
        scenario, _ = load_editor_autosave(path)
        from brikwars_gui.ui.layers import KIND_INDEX, TerrainArrays

        kinds = TerrainArrays.from_scenario(scenario).kind
        painted = 0
        for x, y in paint_cells(scenario.battlefield.width, scenario.battlefield.height):
            if kinds[y, x] != KIND_INDEX["rough"]:
                break
            painted += 1
        return painted
    finally:
        store.discard()
        store.end_session()


def _mid_turn(saved) -> bool:
    """Whether the saved game's checkpoint was taken within a turn: its last order is not an end
    of turn (ui/checkpoint_pacing.py)."""
    count = saved.checkpoint.events
    orders = [e for e in saved.events[:count] if e.get("kind") == "order"]
    return bool(orders) and orders[-1].get("order") != "end_turn"


def last_ack(path: Path) -> int:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return int(lines[-1]) if lines else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--mid-turn-every",
        type=int,
        default=0,
        help="the app takes a checkpoint within a turn every N orders (0: when it pays, as it does)",
    )
    parser.add_argument("--child", nargs=5, metavar=("MODE", "DATA", "ACK", "PHASE", "SEED"))
    args = parser.parse_args()
    if args.child:
        mode, data, ack, phase, seed = args.child
        child(mode, Path(data), Path(ack), Path(phase), int(seed), args.mid_turn_every)
        return 0
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.nice(10)  # a shared machine: this and every app it starts run at low priority
    rng = random.Random(args.seed)
    totals: Counter[str] = Counter()
    phases: Counter[str] = Counter()
    for run in range(args.runs):
        mode = "battle" if rng.random() < 0.7 else "editor"
        with tempfile.TemporaryDirectory(prefix="kill-") as tmp:
            folder = Path(tmp)
            data, ack, phase = folder / "data", folder / "ack", folder / "phase"
            data.mkdir()
            ack.touch()
            argv = [sys.executable, __file__, "--child", mode, str(data), str(ack), str(phase), str(run + 1)]
            argv += ["--mid-turn-every", str(args.mid_turn_every)]
            proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True, cwd=ROOT)
            try:
                if proc.stdout.readline().strip() != "ready":
                    raise RuntimeError(f"run {run}: the app did not start")
                time.sleep(rng.uniform(0.1, 4.0))
                at_kill = phase.read_text(encoding="utf-8").strip() if phase.exists() else "start"
                proc.send_signal(signal.SIGKILL)
            finally:
                proc.kill()
                proc.wait(timeout=60)
            acked = last_ack(ack)
            back = recovered(mode, data)
        lost = max(0, acked - back)
        kind = "orders" if mode == "battle" else "edits"
        totals[f"{kind} acknowledged"] += acked
        totals[f"{kind} lost"] += lost
        totals[f"{mode} runs"] += 1
        phases[at_kill or "idle"] += 1
        print(f"run {run:3d} {mode:6s} killed in {at_kill or 'idle':8s} acked {acked:4d} back {back:4d} lost {lost}")  # noqa: E501
    summary = {"runs": args.runs, **totals, "phases at the kill": dict(phases), "battles": dict(CHECKPOINTS)}
    print(json.dumps(summary, indent=1))
    return 0 if totals["orders lost"] == 0 and totals["edits lost"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

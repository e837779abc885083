"""`brikwars-sim run SCENARIO`: play a scenario headless with the default AI on every side.

Prints a turn-by-turn report (round headers, one readable line per event, a final summary).
`--log` writes a JSONL event log (header line, then one event per line; see engine/replay.py),
`--save` writes the battle as it stands as a new scenario (engine/export.py: living units where they
stand, fires and hazards as they are now, name "<name> — after round N") that `brikwars-sim run`,
`validate` and the editor load like any other; `--save-snapshot` writes the raw final state as a
snapshot JSON: `{"format": "brikwars-snapshot", "scenario", "round", "winner", "over",
"state": GameState.snapshot()}`.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Callable
from typing import Any

from brikwars_gui.commands.ruleset_option import add_ruleset_option, apply_ruleset
from brikwars_gui.commands.stdio import StdoutFiles
from brikwars_gui.commands.terminal import output_problem
from brikwars_gui.engine.dice.source import DiceError
from brikwars_gui.engine.events import Event
from brikwars_gui.scenario.io import ScenarioError, atomic_write_text, load_scenario
from brikwars_gui.scenario.limits import read_limited

EXIT_ERROR = 1
EXIT_INVALID = 2

# events shown only in --verbose mode (bookkeeping rather than battle)
_QUIET_KINDS = frozenset({"order", "decided", "facing_changed", "unit_done"})


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "run",
        help="play a scenario with the AI on every side",
        description="Play a scenario headless with the default AI for every player and print a report.",
    )
    parser.add_argument(
        "scenario", metavar="SCENARIO", help="scenario JSON file, - (standard input) or a sample's name"
    )
    parser.add_argument(
        "--turns", type=int, default=10, metavar="N", help="rounds to play at most (default 10)"
    )
    dice = parser.add_mutually_exclusive_group()
    dice.add_argument(
        "--seed", type=int, default=None, metavar="S", help="seed of the dice (default: random)"
    )
    dice.add_argument(
        "--dice-script", metavar="FILE", help="file of die faces to use in order (whitespace/commas)"
    )
    parser.add_argument(
        "--orders",
        metavar="FILE",
        help="JSON list of orders issued before the AI plays each turn, like "
        '[{"round": 1, "unit": "a", "order": "move", "args": {"to": [4, 6]}}] (order: move, act, face, '
        "end_unit; - : standard input)",
    )
    parser.add_argument(
        "--log", metavar="LOG.jsonl", help="write the event log (JSON lines) here (-: standard output)"
    )
    parser.add_argument(
        "--save",
        metavar="OUT.json",
        help="write the battle as it stands as a scenario here, to edit or play on",
    )
    parser.add_argument(
        "--save-snapshot", metavar="OUT.json", help="write the raw final state (snapshot JSON) here"
    )
    parser.add_argument(
        "--gif", metavar="OUT.gif", help="write the battle turn by turn as an animated GIF (-: stdout)"
    )
    parser.add_argument(
        "--frames", metavar="DIR", help="write the battle turn by turn as PNG frames into DIR"
    )
    parser.add_argument("--quiet", action="store_true", help="print only the final summary")
    parser.add_argument(
        "--json", action="store_true", help="print only the result as JSON (winner, rounds, survivors...)"
    )
    parser.add_argument("--verbose", action="store_true", help="also print orders and decisions")
    parser.add_argument(
        "--hazard-map",
        action="store_true",
        help="print a text map of fires, smoke and triggered spots after every player turn",
    )
    add_ruleset_option(parser)
    parser.add_argument(
        "--ai",
        action="append",
        default=[],
        metavar="PLAYER=LEVEL",
        help="the AI that plays a player: default, easy, normal, hard or passive; "
        "without it each player's ai_level in the scenario (default: the original AI)",
    )
    parser.set_defaults(func=run)
    return parser


def ai_levels(scenario: Any, overrides: list[str]) -> dict[str, str]:
    """Player id → AI level: the scenario's `ai_level`s, then `--ai PLAYER=LEVEL` overrides
    (raises ValueError naming a bad player or level)."""
    from brikwars_gui.engine.tactics.player import LEVELS

    levels = {p.id: p.ai_level for p in scenario.players}
    for item in overrides:
        player, _, level = item.partition("=")
        if player not in levels:
            raise ValueError(f"--ai {item}: no player {player!r} (players: {', '.join(levels)})")
        if level not in LEVELS:
            raise ValueError(f"--ai {item}: unknown level {level!r} (one of {', '.join(LEVELS)})")
        levels[player] = level
    return levels


def as_played(scenario: Any, levels: dict[str, str]) -> Any:
    """The scenario with the AI level each player was played by (`--ai`): what a log carries."""
    players = [p.model_copy(update={"ai_level": levels.get(p.id, p.ai_level)}) for p in scenario.players]
    return scenario.model_copy(update={"players": players})


def read_script(path: str) -> list[int]:
    """The faces in the dice script at `path` (a regular file of whitespace/comma separated numbers)."""
    text = read_limited(path).decode("utf-8")
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    if any(len(t) > 3 for t in tokens):
        raise ValueError("a die face has at most 3 digits")
    return [int(t) for t in tokens]


def describe(event: Event) -> str:
    """One readable line per event: the event's own `describe()` (the GUI log shows the same)."""
    return event.describe()


def roster(state: Any) -> list[str]:
    """One line per player mapping unit ids to names (events name units by id)."""
    lines = []
    for player in state.players:
        units = [u for u in sorted(state.units.values(), key=lambda u: u.id) if u.team == player.id]
        names = ", ".join(u.id if u.name == u.id else f"{u.id} = {u.name}" for u in units)
        lines.append(f"  {player.name} ({player.id}): {names or 'no units'}")
    return lines


def run(args: argparse.Namespace) -> int:
    from brikwars_gui.commands.orders_file import OrdersFileError, issue_orders
    from brikwars_gui.engine.session import Game

    try:
        scenario = apply_ruleset(load_scenario(args.scenario), args)
    except ScenarioError as exc:
        for line in exc.messages:
            print(line, file=sys.stderr)
        return EXIT_INVALID
    script = None
    if args.dice_script:
        try:
            script = read_script(args.dice_script)
        except (OSError, ValueError) as exc:  # LimitError and UnicodeDecodeError are ValueErrors
            print(f"{args.dice_script}: cannot read the dice script: {exc}", file=sys.stderr)
            return EXIT_INVALID
    seed = args.seed
    if script is None and seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    if args.turns < 1:
        print("--turns must be at least 1", file=sys.stderr)
        return EXIT_INVALID
    outputs = StdoutFiles(
        {"--log": args.log, "--save": args.save, "--save-snapshot": args.save_snapshot, "--gif": args.gif}
    )
    clash = outputs.problem(json_report=args.json)
    if clash:
        print(clash, file=sys.stderr)
        return EXIT_INVALID
    for option, target in outputs.options.items():
        problem = output_problem(target)
        if problem:
            print(f"{option} {target}: cannot write there: {problem}", file=sys.stderr)
            return EXIT_INVALID
    scripted: dict[tuple[int, str], list[dict[str, Any]]] = {}
    if getattr(args, "orders", None):
        from brikwars_gui.commands.orders_file import load_orders

        try:
            scripted = load_orders(args.orders, {u.id: u.team for u in scenario.units})
        except OrdersFileError as exc:
            print(str(exc), file=sys.stderr)
            return EXIT_INVALID
    try:
        levels = ai_levels(scenario, args.ai)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_INVALID

    # the readable report: stdout, stderr when an output takes stdout, nowhere with --json
    out = io.StringIO() if args.json else outputs.report_stream()

    shown: dict[str, Any] = {}  # --hazard-map: the game state once the Game exists

    def show(event: Event) -> None:
        if "frames" in shown:
            shown["frames"].observe(event)
        if getattr(args, "hazard_map", False) and event.kind == "turn_ended" and "state" in shown:
            from brikwars_gui.engine.hazards.history import render_hazard_map

            out.write(render_hazard_map(shown["state"]) + "\n")
        if args.quiet:
            return
        if event.kind in _QUIET_KINDS and not args.verbose:
            return
        if event.kind == "turn_started":
            out.write(f"\n=== Round {event.round} — {event.player} ===\n")  # type: ignore[attr-defined]
            return
        out.write(f"  {describe(event)}\n")

    game = Game.from_scenario(
        scenario, seed=seed, script=script, listener=show, max_rounds=args.turns, start=False
    )
    shown["state"] = game.state
    if args.gif or args.frames:
        from brikwars_gui.engine.timeline import FrameRecorder

        shown["frames"] = FrameRecorder(game.state, scenario)
    source = "dice script " + args.dice_script if script is not None else f"seed {seed}"
    if not args.quiet:
        out.write(f"{scenario.name}: {len(game.state.units)} units, up to {args.turns} rounds, {source}\n")
        out.write("\n".join(roster(game.state)) + "\n")
    error = None
    try:
        game.start()  # game_started and the first turn's start (Burning Rolls...) are reported here
        from brikwars_gui.engine.tactics.player import make_player

        players = {p: make_player(level, seed or 0) for p, level in levels.items()}
        while not game.over:
            if scripted:
                issue_orders(game, scripted, args.orders)
            if not game.over:
                players[game.active_player].play_turn(game)
    except (DiceError, OrdersFileError) as exc:
        error = str(exc)
    try:
        code = _finish(args, game, scenario, shown, out, outputs, error, seed, script, levels)
    finally:
        outputs.flush()
    if args.json:
        data = result_data(args, scenario, game, seed if script is None else None, error)
        print(json.dumps(data, indent=1))
    return code


def result_data(
    args: argparse.Namespace, scenario: Any, game: Any, seed: int | None, error: str | None
) -> dict[str, Any]:
    """`run --json`: the battle's result for scripts (what the readable report's Result says)."""
    state = game.state
    last = game.events[-1] if game.events else None
    given = {"log": args.log, "save": args.save, "save_snapshot": args.save_snapshot, "gif": args.gif}
    return {
        "scenario": scenario.name,
        "file": str(args.scenario),
        "seed": seed,
        "dice_script": args.dice_script,
        "rounds": state.round,
        "over": game.over,
        "winner": game.winner,
        "reason": getattr(last, "reason", None) if game.over and not game.winner else None,
        "stopped_early": error,
        "events": len(game.events),
        "players": [
            {
                "id": player.id,
                "name": player.name,
                "survivors": [u.name for u in state.units.values() if u.team == player.id and u.alive],
            }
            for player in state.players
        ],
        "outputs": {name: value for name, value in {**given, "frames": args.frames}.items() if value},
    }


def _finish(
    args: argparse.Namespace,
    game: Any,
    scenario: Any,
    shown: dict[str, Any],
    out: Any,
    outputs: StdoutFiles,
    error: str | None,
    seed: int | None,
    script: list[int] | None,
    levels: dict[str, str],
) -> int:
    """The result section of the report and the files asked for; the exit status."""
    from brikwars_gui.engine.replay import make_header, write_log

    state = game.state
    out.write("\n=== Result ===\n")
    if error:
        out.write(f"stopped early: {error}\n")
    if game.winner:
        out.write(f"Winner: {state.player(game.winner).name} ({game.winner}) in round {state.round}\n")
    elif game.over:
        last = game.events[-1]
        out.write(f"No winner: {getattr(last, 'reason', 'game over')}\n")
    for player in state.players:
        alive = [u.name for u in state.units.values() if u.team == player.id and u.alive]
        out.write(
            f"  {player.name} ({player.id}): {len(alive)} survivor(s)"
            + (f": {', '.join(alive)}" if alive else "")
            + "\n"
        )
    if args.log:
        header = make_header(
            args.scenario,
            seed=seed if script is None else None,
            script=script,
            max_rounds=args.turns,
            played=as_played(scenario, levels),
            ai=levels,
        )
        log = outputs.target(args.log, ".jsonl")
        if not _written("--log", args.log, lambda: write_log(log, header, game.events)):
            return EXIT_ERROR
        if not args.quiet:
            out.write(f"event log: {args.log} ({len(game.events)} events)\n")
    if args.save:
        from pydantic import ValidationError

        from brikwars_gui.engine.export import scenario_from_state
        from brikwars_gui.scenario.io import save_scenario

        try:
            save_scenario(scenario_from_state(state, scenario), outputs.target(args.save, ".json"))
        except (ValidationError, ScenarioError, OSError) as exc:
            lines = exc.messages if isinstance(exc, ScenarioError) else [str(exc)]
            print(f"{args.save}: cannot save the battle as a scenario:", file=sys.stderr)
            for line in lines:
                print(f"  {line}", file=sys.stderr)
            return EXIT_ERROR
        if not args.quiet:
            out.write(f"scenario after the battle: {args.save}\n")
    if "frames" in shown:
        from brikwars_gui.commands.position import write_picture

        frames = shown["frames"].frames
        for kind, path in (("gif", args.gif), ("frames", args.frames)):
            target = outputs.target(path, ".gif") if path and kind == "gif" else path
            if path and not write_picture(kind, target, lambda p: p.timeline_images(frames)):
                return EXIT_ERROR
        if not args.quiet:
            where = " and ".join(p for p in (args.gif, args.frames) if p)
            out.write(f"timeline: {len(frames)} frame(s) to {where}\n")
    if args.save_snapshot:
        data = {
            "format": "brikwars-snapshot",
            "scenario": str(args.scenario),
            "round": state.round,
            "winner": state.winner,
            "over": state.over,
            "state": state.snapshot(),
        }
        text = json.dumps(data, indent=1)
        snapshot = outputs.target(args.save_snapshot, ".json")
        if not _written("--save-snapshot", args.save_snapshot, lambda: atomic_write_text(snapshot, text)):
            return EXIT_ERROR
        if not args.quiet:
            out.write(f"final state: {args.save_snapshot}\n")
    return EXIT_ERROR if error else 0


def _written(option: str, path: str, write: Callable[[], None]) -> bool:
    """Run `write` (an atomic write); on failure say so on stderr, the old file being unchanged."""
    try:
        write()
    except OSError as exc:
        reason = exc.strerror or str(exc)
        print(f"{option} {path}: cannot write: {reason} (any old file there is unchanged)", file=sys.stderr)
        return False
    return True

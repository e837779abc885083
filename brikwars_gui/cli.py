"""`brikwars-sim`: the engine without a screen. Each subcommand lives in `brikwars_gui.commands`."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from brikwars_gui.commands.terminal import EscapingWriter
from brikwars_gui.paths import scenario_argument
from brikwars_gui.product import version_line

# Module names under brikwars_gui.commands; each defines register(subparsers) that sets `func`.
COMMANDS: tuple[str, ...] = ("samples", "roll", "validate", "run", "replay", "forecast", "hazards")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="brikwars-sim",
        description="Run, replay, validate and forecast BrikWars scenarios without the GUI. A scenario "
        "is a file, - (standard input) or the name of a bundled sample (see `brikwars-sim samples`).",
        epilog="Exit status: 0 done, 1 a failed export or a replay that differs, 2 bad input "
        "(the message names the file or option), 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=version_line("brikwars-sim"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(f"brikwars_gui.commands.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    # a bundled sample by name (`run skirmish`) wherever a scenario file is asked for
    if isinstance(getattr(args, "scenario", None), str):
        args.scenario = scenario_argument(args.scenario)
    if args.command == "validate":
        args.files = [scenario_argument(name) for name in args.files]
    # Names and messages come from files: escape control characters in everything printed.
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = EscapingWriter(out), EscapingWriter(err)  # type: ignore[assignment]
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    finally:
        sys.stdout, sys.stderr = out, err


if __name__ == "__main__":
    sys.exit(main())

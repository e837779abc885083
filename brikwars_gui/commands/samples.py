"""`brikwars-sim samples`: the sample scenarios that ship with the package.

Every command and the app take a sample by name instead of a path (`brikwars-sim run skirmish`,
`brikwars hazard_showcase`; brikwars_gui/paths.py `scenario_argument`), so an installed wheel or
the bundle reaches them without knowing where the package lives. `--path` prints the files.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from brikwars_gui.paths import SCENARIOS, sample_names
from brikwars_gui.scenario.io import ScenarioError, load_scenario


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "samples",
        help="list the sample scenarios that ship with the program",
        description="List the bundled sample scenarios. Give a sample's name wherever a scenario file "
        "is asked for: `brikwars-sim run skirmish`, `brikwars hazard_showcase`.",
    )
    parser.add_argument("--path", action="store_true", help="print the full path of each sample file")
    parser.add_argument("--json", action="store_true", help="print name, file, title and size as JSON")
    parser.set_defaults(func=run)
    return parser


def describe(name: str) -> dict[str, Any]:
    path = SCENARIOS / f"{name}.json"
    try:
        scenario = load_scenario(path)
    except ScenarioError as exc:  # a damaged installation: say so rather than hide the sample
        return {"name": name, "path": str(path), "title": f"(cannot be read: {exc.messages[0]})"}
    return {
        "name": name,
        "path": str(path),
        "title": scenario.name,
        "ruleset": scenario.ruleset,
        "size": [scenario.battlefield.width, scenario.battlefield.height],
        "units": len(scenario.units),
    }


def run(args: argparse.Namespace) -> int:
    samples = [describe(name) for name in sample_names()]
    if args.json:
        print(json.dumps(samples, indent=1))
        return 0
    width = max((len(s["name"]) for s in samples), default=0)
    for sample in samples:
        if args.path:
            print(sample["path"])
            continue
        extra = f" ({sample['ruleset']}, {sample['size'][0]}x{sample['size'][1]}, {sample['units']} units)"
        print(f"{sample['name']:<{width}}  {sample['title']}{extra if 'units' in sample else ''}")
    if not args.path:
        print("\nRun one by name, e.g.: brikwars-sim run skirmish   (the app: brikwars skirmish)")
    return 0

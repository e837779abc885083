"""Golden event logs: 200 seeded AI games must play exactly as recorded (scripts/golden_logs.py).

A failure names each game and the first player turn whose events changed. If the change to the rules
is intended, rerun `scripts/golden_logs.py --write` and say why in the commit message.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _golden_module():
    spec = importlib.util.spec_from_file_location("golden_logs", ROOT / "scripts" / "golden_logs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["golden_logs"] = module  # spawned workers pickle functions by module name
    spec.loader.exec_module(module)
    return module


def test_golden_games_play_exactly_as_recorded() -> None:
    golden = _golden_module()
    expected = json.loads(golden.GOLDEN.read_text(encoding="utf-8"))["games"]
    assert [g["game"] for g in expected] == [g.key for g in golden.games()], "game list changed"
    assert len(expected) == 200
    diff = golden.differences(expected, golden.record(jobs=2))
    assert not diff, "\n".join(diff)

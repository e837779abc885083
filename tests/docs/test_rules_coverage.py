"""docs/rules-coverage.md is generated and current, and every rule of RULES.md sections DICE…SCOUT
has implementing code and a test through `Game` orders, or a listed exception (issue 8)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module():
    spec = importlib.util.spec_from_file_location("rules_coverage", ROOT / "scripts" / "rules_coverage.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["rules_coverage"] = module
    spec.loader.exec_module(module)
    return module


rc = _module()


def test_every_checked_rule_has_code_and_a_game_level_test_or_an_exception():
    rules = rc.load_rules(None)
    assert {r.section for r in rules} >= set(rc.CHECKED_SECTIONS)
    gaps = rc.missing(rules, rc.coverage(), rc.exceptions())
    hint = "rules without code or Game test (add one, or an exception with a reason):\n"
    assert not gaps, hint + "\n".join(gaps)


def test_the_exceptions_all_give_a_reason_and_name_checked_rules():
    rules = {r.id: r.section for r in rc.load_rules(None)}
    for rid, reason in rc.exceptions().items():
        assert rules.get(rid) in rc.CHECKED_SECTIONS and len(reason) > 20, rid


def test_docs_rules_coverage_is_regenerated_with_the_code():
    text = rc.render(rc.load_rules(None), rc.coverage(), rc.exceptions())
    assert (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8") == text, (
        "docs/rules-coverage.md is out of date: run .venv/bin/python scripts/rules_coverage.py --write"
    )


def test_rule_citations_expand_ranges_and_test_names():
    assert rc.expand("R-HAZ-13/14 and R-RESP-6..9, R-DICE-8b") == {
        "R-HAZ-13",
        "R-HAZ-14",
        "R-RESP-6",
        "R-RESP-7",
        "R-RESP-8",
        "R-RESP-9",
        "R-DICE-8",
    }
    assert rc.ids_from_test_name("test_r_move_7_8_ex_4_half_speed") == {"R-MOVE-7", "R-MOVE-8"}
    assert rc.ids_from_test_name("test_g_23_r_fire_11_rolling") == {"R-FIRE-11"}

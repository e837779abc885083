"""`brikwars-sim replay` on malformed event logs: exit 2 with the file and the right line, never a
traceback; a difference stops the replay and is shown cut short (issue 14, item 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile_files import huge_integer_text

from brikwars_gui.cli import main
from brikwars_gui.commands.replay import SHOWN_CHARS
from brikwars_gui.paths import SCENARIOS


@pytest.fixture(scope="module")
def good_log(tmp_path_factory) -> list[str]:
    """The lines of a real 4-round skirmish log (header first)."""
    log = tmp_path_factory.mktemp("log") / "game.jsonl"
    code = main(
        ["run", str(SCENARIOS / "skirmish.json"), "--turns", "4", "--seed", "3", "--quiet", "--log", str(log)]
    )
    assert code == 0
    return log.read_text(encoding="utf-8").splitlines()


def _replay(capsys, path: Path) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["replay", str(path)])
    return code, capsys.readouterr().err


def _write(tmp_path: Path, lines: list[str], *, end: str = "\n") -> Path:
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + end, encoding="utf-8")
    return path


def _header(good_log: list[str], **changes) -> str:
    header = json.loads(good_log[0])
    for key, value in changes.items():
        if value is ...:
            header.pop(key)
        else:
            header[key] = value
    return json.dumps(header)


OLD_FORMAT = {"format_version": ..., "scenario_data": ..., "scenario_sha256": ...}
"""A header of format 1 (issue 26): the scenario named by its path only."""

HEADER_CASES = {
    "no scenario": ({**OLD_FORMAT, "scenario": ...}, "line 1: the header names no scenario"),
    "scenario a number": ({"scenario": 5}, "line 1: scenario: unexpected a number"),
    "scenario /dev/zero": (
        {**OLD_FORMAT, "scenario": "/dev/zero"},
        "/dev/zero: cannot read: not a regular file",
    ),
    "scenario_data a list": ({"scenario_data": []}, "line 1: scenario_data: unexpected a list"),
    "no hash": ({"scenario_sha256": ...}, "line 1: scenario_sha256: required with scenario_data"),
    "invalid scenario_data": (
        {"scenario_data": {"name": "x"}, "scenario_sha256": "3ae0c6a0b7a1e7b1"},
        "line 1: scenario_data: does not match scenario_sha256",
    ),
    "options null": ({"options": None}, "line 1: options: unexpected null"),
    "unknown option": ({"options": {"laser_sharks": True}}, "options: unknown option 'laser_sharks'"),
    "dice script of strings": ({"dice_script": ["1", "2"]}, "dice_script: expected a list of integers"),
    "dict seed": ({"seed": {"a": 1}}, "line 1: seed: unexpected an object"),
}


@pytest.mark.parametrize("case", HEADER_CASES, ids=list(HEADER_CASES))
def test_a_bad_header_exits_2_with_line_1(capsys, tmp_path, good_log, case):
    changes, expected = HEADER_CASES[case]
    code, err = _replay(capsys, _write(tmp_path, [_header(good_log, **changes), *good_log[1:]]))
    assert code == 2
    assert expected in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (b"\xff\xfe not utf-8", "not UTF-8 text (byte 0xff at column 1)"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"kind": "order", "n": ' + huge_integer_text().encode() + b"}", "5000 digits (at most 20)"),
        (b"null", "expected an event object {...}, got null"),
        (b"[1, 2]", "expected an event object {...}, got a list"),
        (b"{not json", "column 2: not JSON"),
    ],
    ids=["non-utf8", "deep", "huge-int", "null", "list", "not-json"],
)
def test_a_bad_event_line_is_named_by_its_line_number(capsys, tmp_path, good_log, line, expected):
    lines = [s.encode() for s in good_log]
    lines[50] = line
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    code, err = _replay(capsys, path)
    assert code == 2
    assert f"{path}: line 51" in err and expected in err


def test_a_truncated_last_line_is_reported_as_cut_short(capsys, tmp_path, good_log):
    last = good_log[-1]
    path = _write(tmp_path, [*good_log[:-1], last[: len(last) // 2]], end="")
    code, err = _replay(capsys, path)
    assert code == 2
    assert f"line {len(good_log)}: the last line is cut short" in err


def test_a_log_cut_at_an_event_boundary_says_where_the_log_ends(capsys, tmp_path, good_log):
    kept = good_log[:77]  # header + 76 events
    code, err = _replay(capsys, _write(tmp_path, kept))
    assert code == 1
    assert "the log ends after event 76 (line 77) but the replay goes on" in err
    assert "of 76" not in err


def test_an_oversized_event_is_refused_and_never_echoed(capsys, tmp_path, good_log):
    event = json.loads(good_log[5])
    event["padding"] = "z" * 2_000_000
    lines = [*good_log]
    lines[5] = json.dumps(event)
    code, err = _replay(capsys, _write(tmp_path, lines))
    assert code == 2
    assert "line 6: an event of more than 1,048,576 bytes" in err and len(err) < 1000


def test_a_difference_stops_the_replay_and_is_shown_cut_short(capsys, tmp_path, good_log):
    lines = [*good_log]
    for i in range(1, len(lines)):
        event = json.loads(lines[i])
        if event["kind"] == "unit_moved":
            event["note"] = "q" * 50_000
            lines[i] = json.dumps(event)
            break
    code, err = _replay(capsys, _write(tmp_path, lines))
    assert code == 1
    assert f"(line {i + 1}):" in err
    assert "characters)" in err and len(err) < 3 * SHOWN_CHARS + 400


def test_replay_stops_at_the_first_difference(tmp_path, good_log, monkeypatch):
    """A difference at the start must not cost replaying every later order."""
    from brikwars_gui.engine.session import Game

    applied: list[int] = []
    original = Game.apply_order
    monkeypatch.setattr(Game, "apply_order", lambda self, order: (applied.append(1), original(self, order)))
    lines = [*good_log]
    first = json.loads(lines[1])
    first["round"] = 99
    lines[1] = json.dumps(first)
    assert main(["replay", str(_write(tmp_path, lines))]) == 1
    orders = sum(1 for line in good_log[1:] if json.loads(line)["kind"] == "order")
    assert orders > 20 and len(applied) == 0

"""`brikwars-sim roll` (R-DICE-*, R-D6-*): text and JSON output, seeds, errors."""

from __future__ import annotations

import importlib.util
import json
import math
import statistics

import pytest

from brikwars_gui import cli
from brikwars_gui.engine.dice import expected_total


@pytest.fixture(autouse=True)
def _only_importable_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Other subcommands may still be under construction; `roll` must work regardless."""
    present = tuple(c for c in cli.COMMANDS if importlib.util.find_spec(f"brikwars_gui.commands.{c}"))
    monkeypatch.setattr(cli, "COMMANDS", present)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["roll", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_roll_prints_the_explanation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "1d6+1", "--seed", "3")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("d6: ") and " +1 = " in lines[0]


def test_roll_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "2d4", "--seed", "9", "--times", "20")
    second = run(capsys, "2d4", "--seed", "9", "--times", "20")
    assert first == second
    assert len(first[1].splitlines()) == 20


def test_roll_without_seed_prints_the_seed_in_text_mode_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "d6")
    assert code == 0
    seed_line = out.splitlines()[-1]
    assert seed_line.startswith("(seed ")
    seed = seed_line.removeprefix("(seed ").rstrip(")")
    replay = run(capsys, "d6", "--seed", seed)[1]
    assert replay.splitlines()[0] == out.splitlines()[0]
    code, out, _ = run(capsys, "d6", "--json")
    assert json.loads(out)["kind"] == "expression"  # nothing extra around the JSON


def test_roll_json_single_object(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "1d10+1d4", "--seed", "1", "--json")
    data = json.loads(out)
    assert code == 0 and isinstance(data, dict)
    assert data["expression"] == "1d10+1d4"
    assert data["total"] == sum(d["value"] for d in data["dice"])


def test_roll_times_json_list_matches_the_distribution(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "1d6", "--seed", "2024", "--times", "1000", "--json")
    data = json.loads(out)
    assert code == 0 and isinstance(data, list) and len(data) == 1000
    assert all(isinstance(d, dict) and d["system"] == "brikwars" for d in data)
    totals = [d["total"] for d in data]
    assert min(totals) >= 1
    se = statistics.pstdev(totals) / math.sqrt(len(totals))
    assert abs(statistics.fmean(totals) - expected_total("1d6")) <= 5 * se
    share_bonus = sum(len(d["dice"]) > 1 for d in data) / len(data)
    assert abs(share_bonus - 1 / 6) <= 5 * math.sqrt(1 / 6 * 5 / 6 / 1000)


def test_roll_skill_with_use(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "d10", "--skill", "--use", "3", "--penalty", "7", "--seed", "1", "--times", "50", "--json"
    )
    data = json.loads(out)
    assert code == 0 and len(data) == 50
    for roll in data:
        assert roll["kind"] == "skill" and roll["needed"] == 10
        face = roll["dice"][0]["face"]
        assert roll["overskill"] is (face >= 6)
        assert roll["critical_failure"] is (face == 1)
        assert roll["success"] is (roll["total"] >= 10 and face != 1)


def test_roll_skill_text_and_blessing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "d6", "--skill", "--use", "3", "--bless", "8", "--seed", "4")
    assert code == 0
    assert "blessing d8" in out and "needs 3 (Use 3)" in out


def test_roll_d6_system_auto_detected_and_explicit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "4D+2", "--fate-point", "--seed", "5", "--json")
    data = json.loads(out)
    assert code == 0 and data["system"] == "d6" and data["pips"] == 4
    assert sum(d["role"] == "regular" for d in data["dice"]) == 7
    code, out, _ = run(
        capsys,
        "3d6+1",
        "--system",
        "d6",
        "--seed",
        "5",
        "--cp",
        "1",
        "--critical-failure",
        "cancel_highest",
        "--json",
    )
    data = json.loads(out)
    assert code == 0 and data["character_points"] == 1
    assert data["critical_failure_option"] == "cancel_highest"


def test_r_d6_1_ex_15_roll_a_code_with_an_equipment_bonus(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "4D+1D", "--seed", "5", "--json")  # lifting 4D + shovel 1D: 5 dice
    data = json.loads(out)
    assert code == 0 and data["system"] == "d6" and sum(d["role"] == "regular" for d in data["dice"]) == 4
    code, out, _ = run(capsys, "4D+2+1D", "--fate-point", "--seed", "5", "--json")  # 8D+4 +1D: 9 dice
    data = json.loads(out)
    assert code == 0 and sum(d["role"] == "regular" for d in data["dice"]) == 8 and data["pips"] == 4
    code, _out, err = run(capsys, "4D+1d8")
    assert code != 0 and "equipment bonus" in err


def test_roll_d6_wild_die_critical_failure_rate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "2D", "--seed", "77", "--times", "1000", "--json")
    assert code == 0
    data = json.loads(out)
    rate = sum(d["critical_failure"] for d in data) / len(data)
    assert abs(rate - 1 / 6) <= 5 * math.sqrt(1 / 6 * 5 / 6 / 1000)


def test_roll_negative_expression_after_double_dash(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--seed", "1", "--", "-1d4")
    assert code == 0 and out.startswith("−d4: ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["d7"], "d7 is not a die"),
        (["1d6+"], "cannot read"),
        (["2d6", "--skill"], "not a single die"),
        (["3D", "--system", "brikwars"], "D6-system die code"),
        (["1d8", "--system", "d6"], "not a D6-system"),
        (["3D", "--cp", "1", "--fate-point"], "R-D6-6"),
        (["d6", "--skill", "--curse", "4"], "cannot Curse a d6"),
        (["d6", "--use", "3"], "need --skill"),
        (["d6", "--cp", "2"], "D6 system"),
        (["3D", "--skill"], "BrikWars options"),
    ],
)
def test_roll_bad_input_exits_2_with_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert message in err and err.startswith("brikwars-sim roll: error:")


def test_roll_times_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["roll", "d6", "--times", "0"])
    assert exc.value.code == 2
    assert "at least 1" in capsys.readouterr().err


def test_r_sn_17_roll_sn_rolls_one_sn_die_with_its_same_size_chain(capsys) -> None:
    from brikwars_gui.engine.dice import SeededDice
    from brikwars_gui.engine.dice.sn import sn_roll

    code, out, _err = run(capsys, "--sn", "d8", "--seed", "3", "--times", "4", "--json")
    assert code == 0
    dice = SeededDice(3)
    assert json.loads(out) == [sn_roll(8, dice).to_dict() for _ in range(4)]
    code, _out, err = run(capsys, "--sn", "d20")
    assert code == 2 and "R-SN-1" in err

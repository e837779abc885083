"""A Nine Powers stat block may leave out any field (docs/rules-decisions.md, "A stat block may leave
out any field"): a unit without `skills` loads (every skill rated 1, L151) and its battle builds;
it used to pass validation and then crash in `NinePowersStats.from_dict`. A bad rating still
names the file and the field path."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import ScenarioError, parse_scenario

CHAPEL = json.loads((SCENARIOS / "ruined_chapel.json").read_text())
SKILLS = ("shoot", "acrobatics", "melee", "wrestle", "perception", "stealth", "bargain")


def chapel_with(block: dict) -> str:
    """ruined_chapel.json with zombie-1's stat block replaced by `block`."""
    data = json.loads(json.dumps(CHAPEL))
    next(u for u in data["units"] if u["id"] == "zombie-1")["ninepowers"] = block
    return json.dumps(data)


@pytest.mark.parametrize("block", [{"stamina": 4}, {}], ids=["no skills", "empty block"])
def test_r_np_1_a_block_without_skills_loads_and_builds_at_rating_1(block) -> None:
    scenario = parse_scenario(chapel_with(block), "chapel.json")
    game = Game.from_scenario(scenario, seed=3)
    zombie = game.unit("zombie-1")
    lines = {line.label: line.value for line in ruleset_of(game.state).stat_lines(zombie)}
    assert all(lines[name] == "1" for name in ("Shoot/Throw", "Melee/Protect", "Acrobatics/Climb"))
    assert lines["Stamina"] == f"{block.get('stamina', 6)}/{block.get('stamina', 6)}"


def test_a_bad_rating_in_a_block_names_the_file_and_field() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(chapel_with({"skills": {"melee": 7}}), "chapel.json")
    assert any(m.startswith("chapel.json: units[3].ninepowers.skills") for m in err.value.messages), (
        err.value.messages
    )


ratings = st.integers(1, 4)
blocks = st.fixed_dictionaries(
    {},
    optional={
        "skills": st.dictionaries(st.sampled_from(SKILLS), ratings, max_size=4),
        "stamina": st.integers(1, 12),
        "armor": st.sampled_from(["none", "gambeson", "chain_shirt", "full_plate"]),
        "shield": st.booleans(),
        "natural_armor": st.none() | st.integers(0, 4),
        "armor_buffer": st.integers(0, 3),
        "extra_damage": st.integers(0, 3),
        "half_damage": st.sampled_from([None, "down", "up"]),
        "venomous": st.booleans(),
        "stamina_limited": st.booleans(),
        "magic_dice": st.lists(st.sampled_from([12, 20]), max_size=2),
        "recovery_penalty": st.integers(0, 2),
    },
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(block=blocks)
def test_any_valid_block_loads_builds_and_plays_two_rounds(block) -> None:
    """Every optional field left out or given: the loader accepts it and the battle builds and
    plays through `Game` orders (the computer's turns) without an error."""
    from brikwars_gui.engine.ai import play_turn

    game = Game.from_scenario(parse_scenario(chapel_with(block), "chapel.json"), seed=5, max_rounds=2)
    zombie = game.unit("zombie-1")
    for skill in SKILLS:
        rating = block.get("skills", {}).get(skill, 1)
        assert ruleset_of(game.state).stat_lines(zombie)  # the card's lines build
        assert zombie.stats["skills"].get(skill, 1) == rating
    while not game.over:
        play_turn(game)

"""The army library (issue 10): bundled templates from RULES.md G-1/G-2, the G-2 weapon table, and
the GM's own templates in the data folder, validated with format_version; a bad file is named with
its field path and never costs the bundled library."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.army import (
    BUILTIN_LIBRARY,
    USER_TEMPLATES_FILE,
    ArmyLibrary,
    load_library,
    make_unit,
    parse_library,
    template_from_unit,
)
from brikwars_gui.scenario.io import ScenarioError
from brikwars_gui.scenario.models import Scenario


def test_g2_weapon_table_has_the_rules_numbers() -> None:
    weapons = {w.name: w for w in load_library(BUILTIN_LIBRARY).weapons}
    expected = {  # name: (kind, use, range, damage, damage type), RULES.md G-2
        "Pistol": ("ranged", 3, 6, "1d6", "normal"),
        "Rifle": ("ranged", 3, 10, "1d6+1", "normal"),
        "Longbow": ("ranged", 3, 10, "1d6+1", "normal"),
        "Grenade": ("thrown", 3, 5, "1d10", "explosive"),
        "Shortsword": ("close", 2, None, "1d6+1", "normal"),
        "Spear": ("close", 3, None, "1d6+2", "normal"),
        "Halberd": ("close", 4, None, "2d6", "normal"),
    }
    for name, (kind, use, rng, damage, dtype) in expected.items():
        w = weapons[name]
        assert (w.kind.value, w.use, w.range, w.damage, w.damage_type.value) == (
            kind,
            use,
            rng,
            damage,
            dtype,
        )
        assert "G-2" in w.source


def test_g1_templates_are_minifigs_and_the_hero_has_a_d10() -> None:
    library = ArmyLibrary.load(None)
    names = {t.name for t in library.templates}
    assert {"Minifig rifleman", "Minifig spearman", "Minifig grenadier", "Hero captain", "Scout"} <= names
    for t in library.templates:  # G-1: Move 5", Armor 4, Size 1", Weight 1/2
        assert (t.unit.move, t.unit.armor, t.unit.size, t.unit.weight) == (5, "4", 1, 0.5)
        assert t.unit.weapons, t.name
    captain = library.template("Hero captain").unit
    assert captain.hero and captain.skill == "d10"  # G-1, R-DICE-6
    assert library.template("Scout").unit.specialties == ["scout"]  # R-SCOUT-1
    table = {w.name: w.as_weapon() for w in library.weapons}
    for t in library.templates:  # every template's weapon is the table's, not a look-alike
        for w in t.unit.weapons:
            assert w == table[w.name], (t.name, w.name)


def test_placed_templates_fight_with_their_table_weapons_through_game_orders() -> None:
    """R-ACT-3/G-2: a placed Spearman attacks with Use 3 and 1d6+2 Damage vs Armor 4 (G-3)."""
    library = ArmyLibrary.load(None)
    spear = make_unit(library.template("Minifig spearman"), (3, 3), "red", (), ())
    rifle = make_unit(library.template("Minifig rifleman"), (4, 3), "blue", (), ())
    scenario = Scenario.model_validate(
        {
            "name": "library",
            "battlefield": {"width": 8, "height": 8},
            "players": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}],
            "units": [spear.model_dump(mode="json"), rifle.model_dump(mode="json")],
        }
    )
    # Skill 3 meets Use 3; Damage 3+2 = 5 beats the fixed Armor 4: the rifleman dies (G-3).
    game = Game.from_scenario(scenario, script=[3, 3])
    game.act(spear.id, Attack("Spear", rifle.id))
    assert not game.state.units[rifle.id].alive


def test_make_unit_numbers_names_and_ids_past_those_taken() -> None:
    t = ArmyLibrary.load(None).template("Minifig rifleman")
    first = make_unit(t, (1, 2), "red", {"rifleman-1"}, {"Rifleman 2"})
    assert (first.id, first.name, first.team, first.position) == ("rifleman-3", "Rifleman 3", "red", (1, 2))


def test_user_templates_round_trip_and_bundled_names_are_kept(tmp_path: Path) -> None:
    library = ArmyLibrary.load(tmp_path)
    unit = make_unit(library.template("Minifig grenadier"), (0, 0), "red", (), ())
    veteran = unit.model_copy(update={"name": "Veteran", "skill": "d8", "armor": "5"})
    library.save_template(template_from_unit(veteran, "Veteran grenadier", "tough"))
    again = ArmyLibrary.load(tmp_path)
    saved = again.template("Veteran grenadier")
    assert saved is not None and again.is_user_template("Veteran grenadier")
    assert (saved.unit.skill, saved.unit.armor, [w.name for w in saved.unit.weapons]) == (
        "d8",
        "5",
        ["Pistol", "Grenade"],
    )
    data = json.loads((tmp_path / USER_TEMPLATES_FILE).read_text())
    assert data["format_version"] == 1
    assert not {"id", "team", "position"} & data["templates"][0]["unit"].keys()
    with pytest.raises(ValueError, match="bundled"):
        again.save_template(template_from_unit(veteran, "Scout"))
    again.remove_template("Veteran grenadier")
    assert ArmyLibrary.load(tmp_path).template("Veteran grenadier") is None


def _write(tmp_path: Path, data) -> Path:
    path = tmp_path / USER_TEMPLATES_FILE
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            {"format_version": 1, "templates": [{"name": "X", "unit": {"name": "X", "skill": "2d6"}}]},
            "templates[0].unit.skill",
        ),
        ({"format_version": 1, "templates": [{"name": "X", "unit": {"name": "X", "moves": 3}}]}, "moves"),
        (
            {"format_version": 1, "templates": [{"name": "X", "unit": {"name": "X", "team": "red"}}]},
            "team: a template has no team",
        ),
        ({"format_version": 7, "templates": []}, "format_version: unsupported version 7"),
        ({"templates": []}, "format_version: required"),
        ("{ not json", "invalid JSON"),
        ("[]", "JSON object"),
    ],
)
def test_a_bad_user_file_names_file_and_field_and_keeps_the_bundled_library(
    tmp_path: Path, data, expected: str
) -> None:
    path = _write(tmp_path, data)
    before = path.read_text()
    library = ArmyLibrary.load(tmp_path)
    assert library.problem is not None and str(path) in library.problem and expected in library.problem
    assert library.template("Minifig rifleman") is not None and not library.user.templates
    assert not library.can_save()
    unit = make_unit(library.template("Scout"), (0, 0), "red", (), ())
    with pytest.raises(ValueError, match=r"could not|templates"):
        library.save_template(template_from_unit(unit, "Mine"))
    assert path.read_text() == before  # the GM's file is never overwritten


def test_parse_library_error_lines_start_with_the_source() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_library(
            '{"format_version": 1, "weapons": [{"name": "W", "use": -1, "damage": "1d6"}]}', "w.json"
        )
    assert err.value.messages == ["w.json: weapons[0].use: must be >= 0, got -1"]


def test_r_sn_7_8_two_placed_pyromancers_keep_their_talismans_apart() -> None:
    """The bundled SN casters (R-SN-7 templates, R-SN-8 Talismans): two Pyromancers placed from
    the library each bind their own dice, so the scenario holding both is valid."""
    from brikwars_gui.engine.rules import sandbox as sb

    library = ArmyLibrary.load(None)
    for name in ("Pyromancer", "Necromancer", "Clerik"):
        assert library.template(name).unit.supernatural.talismans
    first = make_unit(library.template("Pyromancer"), (1, 1), "red", (), ())
    second = make_unit(library.template("Pyromancer"), (2, 1), "red", {first.id}, {first.name})
    ids = [t.id for t in first.supernatural.talismans]
    assert ids == ["pyromancer-1-staff", "pyromancer-1-crown", "pyromancer-1-lantern"]
    assert {t.id for t in second.supernatural.talismans}.isdisjoint(ids)
    data = sb.scenario([sb.unit("e", "blue", (9, 9))], players=["red", "blue"]).model_dump(mode="json")
    data["units"] += [first.model_dump(mode="json"), second.model_dump(mode="json")]
    assert Scenario.model_validate(data).problems() == []

"""Issue 10: the attack card names the chance to set the target alight (R-FIRE-3/4): Sapper Clay's
Torch (fire-like d4 Damage, and a burning object's +1d4, R-FIRE-6) on a garrison minifig shows the
engine's exact figure, under BrikWars and D6; a Pistol shot shows none."""

from __future__ import annotations

import pytest

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.attack_card import pct
from brikwars_gui.ui.scenario_io import load_scenario

SHOWCASE = SCENARIOS / "hazard_showcase.json"


def torch_card(open_window, ruleset: str) -> tuple[float, float, str]:
    """(hit, set alight, the card's text) of Sapper Clay's Torch on a garrison minifig."""
    scenario = load_scenario(SHOWCASE).model_copy(update={"ruleset": ruleset})
    w = open_window(scenario, SHOWCASE, size=None, show=False)
    w.doc.move_unit("gar-1", (5, 10))  # next to Sapper Clay (4, 10) and its Torch
    w.set_play_mode(True, seed=3)
    attacks, _answers = w.controller.attack_forecast("sap-4", "gar-1")
    torch = next(o for o in attacks if o.weapon == "Torch")
    alight = next(f.value for f in torch.lines[0].figures if f.what == "set alight")
    w.show_attack_forecast("sap-4", "gar-1")
    return torch.hit, alight, w.attack_card.text()


@pytest.mark.parametrize("ruleset", ["brikwars", "d6"])
def test_r_fire_3_the_card_shows_the_chance_to_set_the_target_alight(open_window, ruleset) -> None:
    """Under D6 the Torch's d4 and R-FIRE-6's are read from the D6 dice (Wild Die first,
    ceil(2f/3)); the figure is the engine's (tests/engine/rulesets/d6/test_d6_ignition_odds.py)."""
    hit, alight, text = torch_card(open_window, ruleset)
    assert 0 < alight < hit
    torch_line = next(line for line in text.split("<br>") if "Torch</b>" in line)
    assert f"{pct(alight)} set alight" in torch_line
    pistol_line = next(line for line in text.split("<br>") if "Pistol</b>" in line)
    assert "set alight" not in pistol_line
    assert "sets it alight (Fire, R-FIRE-3/4)" in text  # the modifier naming the Fire dice
    assert "Burning Torch" in text and "Attacker burning" not in text  # R-FIRE-6: a burning object
    if ruleset == "d6":
        assert "a D6 die reads as ceil(2f/3), Wild Die first" in text

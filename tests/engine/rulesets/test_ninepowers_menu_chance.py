"""The action menu's chance of a Nine Powers attack is the forecast card's (R-NP-2/3/10): a
Bow shot after moving carries the -1 die for moving and shooting (L911) in both."""

from __future__ import annotations

from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.rulesets.ninepowers import attacks
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario


def test_r_np_10_the_menu_names_the_shot_with_its_moving_penalty() -> None:
    game = Game.from_scenario(load_scenario(SCENARIOS / "ruined_chapel.json"), seed=1)
    still = next(o for o in game.legal_actions("boxley") if o.kind == "attack" and o.weapon == "Bow")
    game.move("boxley", (5, 6))  # Boxley walks, then shoots (L911: -1 die)
    option = next(
        o for o in game.legal_actions("boxley")
        if o.kind == "attack" and o.weapon == "Bow" and o.target == still.target
    )
    state = game.state
    boxley, target = state.units["boxley"], state.units[option.target]
    bow = next(w for w in boxley.weapons if w.name == "Bow")
    forecast = {c.difficulty: c.success for c in attacks.forecasts(state, boxley, bow, target)}
    medium = f"{float(forecast[Difficulty.MEDIUM]):.0%}"
    assert f"Medium {medium}" in option.roll and option.label.count(medium) == 1
    assert float(forecast[Difficulty.MEDIUM]) < option.chance  # the plain pool's would be higher
    card = ruleset_of(state).attack_odds(state, "boxley", "Bow", option.target)
    assert any("moved and shot -1" in value for _name, value in card.modifiers)

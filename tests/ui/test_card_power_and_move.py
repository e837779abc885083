"""Issue 10 click-through: Play mode's unit card (inspector and hover card) shows the Power a
Creation has left this turn (G-7, R-HAZ-5, R-HAZ-11, R-FIRE-7: engine/hazards/power.py), falling
as its weapons draw on it, and never for a plain minifig; under Nine Powers the card's Move is the
one the game uses (4 squares), as the Turn panel's, not the scenario's 5"."""

from __future__ import annotations

from PySide6.QtCore import Qt

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.unit_card import compact_html, full_html

BEAM = {"name": "beam", "kind": "ranged", "use": 2, "range": 10, "damage": "1d6", "power_cost": 3}


def _golem_scenario() -> Scenario:
    """Red (human): EX-5's golem with Power 8 and a 3" beam, a rifleman; blue (AI): a rifleman."""
    scenario = sb.scenario(
        [
            sb.unit("golem", "red", (3, 3), facing="E", name="Golem", size=4, weight=3, armor="10",
                    power=8, living=False, weapons=[BEAM]),
            sb.unit("fen", "red", (3, 8), facing="E", name="Fen", weapons=[sb.RIFLE]),
            sb.unit("z", "blue", (9, 3), facing="W", name="Zed", weapons=[sb.RIFLE]),
        ],
        width=14,
        height=12,
        name="power",
    )
    red, blue = scenario.players
    return scenario.model_copy(update={"players": [red.model_copy(update={"controller": "human"}), blue]})


def test_the_card_shows_the_power_left_this_turn_and_it_falls_when_a_weapon_draws_it(open_window):
    w = open_window(_golem_scenario())
    w.set_play_mode(True, seed=3)
    c = w.controller
    card = c.unit_card("golem")
    assert card.power == '8" of 8" left'
    assert 'Power 8" of 8" left' in compact_html(card)
    assert "Power" in full_html(card) and '8" of 8" left' in full_html(card)
    attack = next(o for o in c.legal_actions("golem") if o.kind == "attack" and o.target == "z")
    assert c.order_action("golem", attack.action)
    assert c.unit_card("golem").power == '5" of 8" left'  # the beam drew its 3" (R-HAZ-5)
    w.selection.select("unit", "golem")
    assert '5" of 8" left' in w.inspector.card_view.body.text()
    c.show_snapshot(0)  # a turn on the timeline keeps no Power ledger: the card gives the rating
    assert c.unit_card("golem").power == '8" a turn'
    c.show_live()
    fen = c.unit_card("fen")
    assert fen.power == "" and "Power" not in full_html(fen) and "Power" not in compact_html(fen)


def test_nine_powers_card_moves_as_the_game_does(open_window, data_dir):
    w = open_window(SCENARIOS / "ruined_chapel.json", data_dir=data_dir)
    assert w.doc.unit("vroy").move == 5  # the scenario's figure
    w.set_play_mode(True, seed=1)
    c = w.controller
    game_move = c.unit_view("vroy").move
    assert game_move == 4  # Nine Powers: 4 squares (the Turn panel's "4\" / 4\"")
    assert 'Move 4" of 4" left' in compact_html(c.unit_card("vroy"))
    row = w.unit_panel.model.row_of("vroy")
    shown = w.unit_panel.model.index(row, 3).data()
    assert shown == '4"', f"the Units table says {shown} in Play mode"
    tip = w.unit_panel.model.index(row, 3).data(Qt.ItemDataRole.ToolTipRole)
    assert 'the scenario gives 5"' in tip
    w.set_play_mode(False)
    assert w.unit_panel.model.index(row, 3).data() == '5"'  # Edit mode: the scenario's figure

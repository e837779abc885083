"""Issue 24, the review's (2026-11-27) small items: the window title of a new document, the
timeline naming players (item 31), the hover card giving way to the attack's result (item 12),
Esc named on button questions (item 24), the Export hint naming the real menu item (item 29)."""

from __future__ import annotations

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.document import empty_scenario
from brikwars_gui.ui.session_controller.log_entries import MapResult

SKIRMISH = SCENARIOS / "skirmish.json"


def test_a_new_document_is_not_untitled_twice(open_window) -> None:
    window = open_window(empty_scenario())
    assert window.windowTitle() == "Untitled — BrikWars"
    window.doc.set_attr("name", "Burning village")
    assert window.windowTitle() == "Untitled * — Burning village — BrikWars"


def test_the_timeline_names_the_player_not_its_id(open_window) -> None:
    window = open_window(SKIRMISH)
    window.set_play_mode(True, seed=4)
    label = window.controller.snapshot_label(0)
    names = {p.id: p.name for p in window.controller.scenario.players}
    assert label.startswith("Round 1: ") and label.split(": ", 1)[1] in names.values()
    window.set_play_mode(False)


def test_the_hover_card_gives_way_to_the_result_on_the_map(open_window) -> None:
    window = open_window(SKIRMISH)
    window.set_play_mode(True, seed=4)
    window.show_hover_card("blue-spear")
    assert window.hover_card.isVisible()
    window.controller.mapResult.emit(MapResult("hit", (18, 7), "Hit (5 vs 3): 4 Damage"))
    assert not window.hover_card.isVisible()
    window.set_play_mode(False)

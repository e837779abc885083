"""Issue 10 polish: at 1024x700 Play mode's unit card (the inspector) scrolled ~30 px sideways, its
weapon table wider than the dock. The card now lays the weapons out the widest way that fits (the
full table, short headers, one wrapped line per weapon): no sideways scroll bar, nothing cut off.
1008x652 is 1024x700 less a window frame."""

from __future__ import annotations

import pytest

from brikwars_gui.paths import SCENARIOS

SIZES = [(1600, 1000), (1280, 720), (1024, 700), (1008, 652)]


@pytest.mark.parametrize("scenario", ["skirmish.json", "ruined_chapel.json"])
@pytest.mark.parametrize("size", SIZES)
def test_the_play_cards_fit_the_inspector_dock(idle, open_window, app_style, settle, size, scenario) -> None:
    w = open_window(SCENARIOS / scenario, size=size, animate=None)
    settle(w)
    w.set_play_mode(True, seed=5)
    w.dock_inspector.raise_()
    area, card = w.dock_inspector.widget(), w.inspector.card_view
    layouts = set()
    for unit in w.doc.scenario.units:
        w.selection.select_unit(unit.id)
        idle()
        assert card.isVisible() and unit.name in card.text()
        assert area.horizontalScrollBar().maximum() == 0, f"{unit.name}'s card scrolls sideways at {size}"
        for label in (card.title, card.body):  # the text's widest unbreakable part is in view
            assert label.minimumSizeHint().width() <= label.width(), f"{unit.name}'s card cut at {size}"
        # every weapon is listed, in the ruleset's own words (Use under BrikWars, dice under Nine Powers)
        assert all(weapon.name in card.body.text() for weapon in unit.weapons)
        layouts.add("Range" in card.body.text())
    if size[0] >= 1280:
        assert layouts == {True}, "a wide dock keeps the full weapon table"

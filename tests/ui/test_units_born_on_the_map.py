"""Play-mode tokens come from the engine (design map seam S4, R-SN-2/21): a unit that joins the
battle mid-game (`engine/rules/roster.py`, here through the test-only `Conjure` order) is drawn,
one that leaves disappears, the timeline shows each turn's roster, undo takes a summon back, and
menus, the log and the turn table name the newcomer."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.items import cell_center
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.models import UNIT_ID_ROLE
from tests.conjure_order import Banish, Conjure, conjure_orders  # noqa: F401

pytestmark = pytest.mark.usefixtures("conjure_orders")


def _scenario() -> Scenario:
    data = sb.scenario(
        [
            sb.unit("mage", "red", (2, 2), name="Ignatia the Mage"),
            sb.unit("squire", "red", (3, 9), weapons=[sb.PISTOL]),
            sb.unit("runner", "blue", (19, 15), weapons=[sb.PISTOL]),
        ]
    ).model_dump(mode="json")
    for player in data["players"]:
        player["controller"] = "human"
    return Scenario.model_validate(data)


@pytest.fixture
def window(open_window) -> MainWindow:
    win = open_window(_scenario())
    win.set_play_mode(True, seed=3)
    return win


def _drawn(window: MainWindow, uid: str) -> bool:
    item = window.scene.unit_items.get(uid)
    return item is not None and item.isVisible()


def test_a_conjured_unit_is_drawn_named_and_listed(window: MainWindow) -> None:
    c = window.controller
    assert not _drawn(window, "imp")
    assert c.order_action("mage", Conjure("imp", (5, 5)))
    assert _drawn(window, "imp")
    item = window.scene.unit_items["imp"]
    assert item.pos() == cell_center((5, 5))
    assert item.label.text == "Imp"
    assert window.turn_units.row_of("imp") >= 0  # the turn table lists it at once
    assert window.log_panel.model.names.get("imp") == "Imp"  # the log names it
    menu = window.build_action_menu("imp", (5, 5))
    assert menu.title() == "Imp"
    window.minimap.units_changed()
    assert ((5, 5), "red") in window.minimap._unit_dots()


def test_timeline_scrubbing_shows_each_turns_tokens(window: MainWindow) -> None:
    c = window.controller
    c.order_action("mage", Conjure("imp", (5, 5)))
    c.end_turn()  # snapshot 1: blue's turn, the imp on the map
    c.end_turn()  # snapshot 2: red's second turn
    assert c.order_action("mage", Banish("imp"))
    assert c.order_action("mage", Banish("squire"))
    assert not _drawn(window, "imp") and not _drawn(window, "squire")
    c.show_snapshot(0)  # before the conjuring: no imp, the squire still there
    assert not _drawn(window, "imp") and _drawn(window, "squire")
    c.show_snapshot(1)  # after it: the imp where it appeared
    assert _drawn(window, "imp")
    assert window.scene.unit_items["imp"].pos() == cell_center((5, 5))
    c.show_snapshot(0)
    assert not _drawn(window, "imp")
    c.show_live()  # both gone again
    assert not _drawn(window, "imp") and not _drawn(window, "squire")
    assert c.unit_names()["imp"] == "Imp"  # a unit that left keeps its name in the log


def test_undo_takes_the_conjured_token_back(window: MainWindow) -> None:
    c = window.controller
    c.order_action("mage", Conjure("imp", (5, 5)))
    assert _drawn(window, "imp")
    assert window.undo_last_order()
    assert not _drawn(window, "imp")
    assert "imp" not in c.shown_unit_ids()


def test_leaving_play_removes_the_tokens_of_units_born_in_the_battle(window: MainWindow) -> None:
    c = window.controller
    c.order_action("mage", Conjure("imp", (5, 5)))
    c.order_action("mage", Banish("squire"))
    window.set_play_mode(False)
    assert "imp" not in window.scene.unit_items
    assert _drawn(window, "squire")  # back to the scenario's deployment


def _pyromancer() -> Scenario:
    summon = {"name": "Summon 4pion", "target": "cell", "aspects": ["creature"], "form": "creature"}
    block = {"cliche": "Pyromancer", "talismans": [{"id": "amulet", "die": "d4"}], "effects": [summon]}
    data = sb.scenario(
        [sb.unit("p", "red", (7, 5), name="Ignatia", supernatural=block), sb.unit("e", "blue", (19, 19))]
    ).model_dump(mode="json")
    for player in data["players"]:
        player["controller"] = "human"
    return Scenario.model_validate(data)


def test_r_sn_2_21_a_summoned_4pion_is_drawn_scrubbed_and_vanishes(open_window) -> None:
    """R-SN-2: the 4pion summoned by a Cast gets a token; R-SN-3/21: burnt out at red's next turn
    start (script [1]) it vanishes, leaving no body; the timeline shows it in the turn between."""
    from brikwars_gui.engine.rules.sn_actions import Cast

    window = open_window(_pyromancer())
    window.set_play_mode(True, seed=3, script=[1])
    c = window.controller
    assert c.order_action("p", Cast("Summon 4pion", at=(8, 5), plan=("amulet:creature",)))
    assert _drawn(window, "4pion-1")
    assert window.scene.unit_items["4pion-1"].pos() == cell_center((8, 5))
    assert window.scene.unit_items["4pion-1"].label.text == "4pion"  # not "Ignatia", its summoner
    c.end_turn()
    c.end_turn()  # red's turn 2: the Burning Roll is a 1, the 4pion burns out
    assert not _drawn(window, "4pion-1")
    assert "4pion-1" not in c.unit_ids_of("red")
    c.show_snapshot(1)  # blue's turn: the 4pion was there
    assert _drawn(window, "4pion-1")
    c.show_snapshot(0)  # red's first turn began before the summoning
    assert not _drawn(window, "4pion-1")
    c.show_live()
    assert not _drawn(window, "4pion-1")


def _listed(window: MainWindow, uid: str) -> str | None:
    """The Units table's Name cell of `uid` as the user sees it (through the filter proxy), or None."""
    panel = window.unit_panel
    for row in range(panel.proxy.rowCount()):
        index = panel.proxy.index(row, 0)
        if index.data(UNIT_ID_ROLE) == uid:
            return index.data()
    return None


def test_r_sn_2_21_the_units_table_lists_a_summoned_4pion_while_the_frame_holds_it(open_window) -> None:
    """The Play-mode Units table lists the 4pion from its summoning (italic, its tooltip says it is
    not the scenario's), follows the timeline across the summon and its burning out (R-SN-3/21),
    and Edit mode lists the scenario's units alone."""
    from brikwars_gui.engine.rules.sn_actions import Cast

    window = open_window(_pyromancer())
    model = window.unit_panel.model
    window.set_play_mode(True, seed=3, script=[1])
    c = window.controller
    assert _listed(window, "4pion-1") is None
    assert c.order_action("p", Cast("Summon 4pion", at=(8, 5), plan=("amulet:creature",)))
    assert _listed(window, "4pion-1") == "4pion of Ignatia"
    row = model.row_of("4pion-1")
    assert model.index(row, 2).data() == "8, 5" and model.index(row, 1).data() == "Red"
    assert model.index(row, 0).data(Qt.ItemDataRole.FontRole).italic()
    assert "not part of the scenario" in model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)
    window.unit_panel.table.selectRow(window.unit_panel.proxy.mapFromSource(model.index(row, 0)).row())
    assert window.selection.unit_id == "4pion-1"  # its row selects it like any unit's
    c.end_turn()
    c.end_turn()  # red's turn 2: the Burning Roll is a 1, the 4pion burns out and vanishes
    assert _listed(window, "4pion-1") is None
    c.show_snapshot(1)  # blue's turn: the 4pion was there
    assert _listed(window, "4pion-1") == "4pion of Ignatia"
    c.show_snapshot(0)  # before the summoning
    assert _listed(window, "4pion-1") is None
    c.show_snapshot(1)
    window.set_play_mode(False)  # Edit mode: the scenario's units alone
    assert _listed(window, "4pion-1") is None
    assert model.row_count() == len(window.doc.scenario.units)

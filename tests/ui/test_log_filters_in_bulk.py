"""The log's kind and unit filters are filled in one call per combo box when the log is reset (a
saved game opened: issue 26, a 2,000-unit battle added its units one `addItem` at a time) and
offer exactly what adding them one entry at a time offered: each kind and unit once, in the order
they first appear, named, with the same item flags; a line added later adds only what is new, and
choosing a unit filters the log to its lines."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from brikwars_gui.ui.event_log import EventLogPanel, kind_label
from brikwars_gui.ui.session_controller.log_entries import LogEntry


def _entries() -> list[LogEntry]:
    lines = [
        ("turn_started", ()),
        ("order", ("red-2",)),
        ("unit_moved", ("red-2",)),
        ("attack", ("red-1", "blue-1")),
        ("unit_moved", ("blue-1",)),
        ("attack", ("blue-1", "red-2")),
    ]
    return [LogEntry(i, 1, "red", kind, f"line {i}", units=units) for i, (kind, units) in enumerate(lines)]


def _items(combo: QComboBox) -> list[tuple]:
    model = combo.model()
    return [
        (combo.itemText(i), combo.itemData(i), int(model.flags(model.index(i, 0)).value))
        for i in range(combo.count())
    ]


def _one_by_one(first: tuple[str, str], choices: list[tuple[str, str]]) -> QComboBox:
    """What the panel did before: one `addItem(text, data)` per kind or unit."""
    combo = QComboBox()
    for text, data in [first, *choices]:
        combo.addItem(text, data)
    return combo


def test_issue_26_a_reset_log_offers_each_kind_and_unit_once_as_adding_them_one_by_one_did(qtbot) -> None:
    panel = EventLogPanel()
    qtbot.addWidget(panel)
    panel.set_unit_names({"red-1": "Captain Red", "red-2": "Trooper Red", "blue-1": "Trooper Blue"})
    panel.set_entries(_entries())
    kinds = _one_by_one(
        ("All events", ""),
        [(kind_label(k), k) for k in ("turn_started", "order", "unit_moved", "attack")],
    )
    units = _one_by_one(
        ("All units", ""),
        [("Trooper Red", "red-2"), ("Captain Red", "red-1"), ("Trooper Blue", "blue-1")],
    )
    qtbot.addWidget(kinds)
    qtbot.addWidget(units)
    assert _items(panel.kind_combo) == _items(kinds)
    assert _items(panel.unit_combo) == _items(units)
    # a line added later offers only what is new
    panel.add_entry(LogEntry(6, 2, "blue", "unit_killed", "line 6", units=("red-1", "blue-9")))
    assert [panel.unit_combo.itemData(i) for i in range(panel.unit_combo.count())] == [
        "",
        "red-2",
        "red-1",
        "blue-1",
        "blue-9",
    ]
    assert panel.kind_combo.itemData(panel.kind_combo.count() - 1) == "unit_killed"
    # choosing a unit shows its lines only
    panel.unit_combo.setCurrentIndex(panel.unit_combo.findData("blue-1"))
    proxy = panel.proxy
    shown = [proxy.data(proxy.index(r, 0), Qt.ItemDataRole.DisplayRole) for r in range(proxy.rowCount())]
    assert shown == ["3", "4", "5"]

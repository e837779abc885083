"""Issue 26: opening a 2,000-unit saved game took minutes because the Turn table refitted its
columns after each unit's row changed, re-reading (and re-building the view of) every row each
time. A burst of row changes is now measured once, when the event loop comes round, and the
measuring reads each row's kept view instead of building it again."""

from __future__ import annotations

from brikwars_gui.ui.models import UNIT_ID_ROLE


def _playing(idle, open_window):
    window = open_window(size=(1400, 900))
    window.set_play_mode(True, seed=1)
    idle()
    return window


def test_a_burst_of_changed_rows_is_measured_once(qtbot, idle, open_window) -> None:
    window = _playing(idle, open_window)
    table, c = window.turn_table, window.controller
    model = table.model()
    measured: list[int] = []
    built_while_measuring: list[str] = []
    real_hint, real_view = table.sizeHintForColumn, c.unit_view

    def hint(col: int) -> int:
        measured.append(col)
        c.unit_view = lambda uid: built_while_measuring.append(uid) or real_view(uid)
        try:
            return real_hint(col)
        finally:
            c.unit_view = real_view

    table.sizeHintForColumn = hint
    rows = [model.data(model.index(r, 0), UNIT_ID_ROLE) for r in range(model.rowCount())]
    assert len(rows) >= 3
    for uid in rows:
        c.unitUpdated.emit(uid)
    assert measured == []  # not once per changed row
    qtbot.waitUntil(lambda: bool(measured), timeout=20_000)
    idle()
    assert len(measured) <= 2 * model.columnCount()  # one fit (with short headers, two passes)
    assert built_while_measuring == []  # the rows' views were kept from their change


def test_resizes_without_a_changed_cell_measure_the_cells_once(qtbot, idle, open_window) -> None:
    """Issue 26: opening a saved game fitted the Turn table a dozen times (resize and show
    events), each reading ~150 rows per column; the cells' widths are now kept until a cell, a
    row, the rows in view or the style change."""
    window = _playing(idle, open_window)
    table, c = window.turn_table, window.controller
    model = table.model()
    measured: list[int] = []
    real_hint = table.sizeHintForColumn
    table.sizeHintForColumn = lambda col: measured.append(col) or real_hint(col)
    fitter = window.turn_fitter
    fitter._forget_widths()
    fitter.fit()
    once = len(measured)
    assert once == model.columnCount()
    for _ in range(3):
        fitter.fit()  # what each resize or show event does
    assert len(measured) == once
    uid = model.data(model.index(0, 0), UNIT_ID_ROLE)
    c.unitUpdated.emit(uid)  # a cell changed: its text may be wider now
    fitter.fit()
    assert len(measured) == 2 * once


def test_a_refreshed_unit_of_the_other_side_makes_no_view(qtbot, idle, open_window) -> None:
    """The Turn table lists the side whose turn it is; a resumed battle refreshes every unit,
    and each refresh of an enemy's unit made its view only to find it is not listed (issue 26)."""
    window = _playing(idle, open_window)
    c = window.controller
    model = window.turn_table.model()
    listed = {model.data(model.index(r, 0), UNIT_ID_ROLE) for r in range(model.rowCount())}
    others = [uid for uid in c.game.state.units if uid not in listed]
    assert others and listed
    built: list[str] = []
    real_view = c.unit_view
    c.unit_view = lambda uid: built.append(uid) or real_view(uid)
    for uid in [*others, *listed]:
        c.unitUpdated.emit(uid)
    assert set(built) == listed  # the listed units' rows are refreshed, the others skipped
    assert model.rowCount() == len(listed)

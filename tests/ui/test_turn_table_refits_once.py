"""Issue 26: opening a 2,000-unit saved game took minutes because the Turn table refitted its
columns after each unit's row changed, re-reading (and re-building the view of) every row each
time. A burst of row changes is now measured once, when the event loop comes round, and the
measuring reads each row's kept view instead of building it again."""

from __future__ import annotations

from brikwars_gui.ui.models import UNIT_ID_ROLE


def test_a_burst_of_changed_rows_is_measured_once(qtbot, open_window) -> None:
    window = open_window(size=(1400, 900))
    window.set_play_mode(True, seed=1)
    qtbot.wait(50)
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
    qtbot.waitUntil(lambda: bool(measured))
    qtbot.wait(50)
    assert len(measured) <= 2 * model.columnCount()  # one fit (with short headers, two passes)
    assert built_while_measuring == []  # the rows' views were kept from their change

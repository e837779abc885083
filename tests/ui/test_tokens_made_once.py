"""Opening a saved game makes each map token once, from the game opened (issue 26: the 2,000-unit
open built 2,000 tokens from the scenario — names, tooltips — and then redrew every one from the
engine): the tokens are those the old way gave, and Edit mode afterwards shows every scenario unit."""

from __future__ import annotations

from pathlib import Path

import pytest

from brikwars_gui.engine import ai
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.savegame import SavedGame, save_saved_game
from brikwars_gui.ui.fit_table import ColumnFitter
from brikwars_gui.ui.items import UnitItem, cell_center
from tests.ui.test_open_from_checkpoint import _window


def _saved_battle(tmp_path: Path, fog: bool) -> Path:
    """The skirmish after three AI-played rounds (units dead, moved, turned), saved as orders."""
    scenario = load_scenario(SCENARIOS / "skirmish.json").model_copy(update={"fog_of_war": fog})
    game = Game.from_scenario(scenario, seed=5, max_rounds=8)
    while game.round < 4 and not game.over:
        ai.play_turn(game)
    assert any(not u.alive for u in game.state.units.values())  # a dead token is part of the check
    events = [e.to_dict() for e in game.events if e.kind in ("order", "decided", "unit_joined")]
    path = tmp_path / "battle.json"
    save_saved_game(SavedGame(scenario=scenario, seed=5, max_rounds=8, events=events), path)
    return path


def _tokens(scene) -> dict:
    """Everything a token shows: where, how, its name label and whether it is drawn."""
    return {
        uid: (
            item.pos(),
            item.isVisible(),
            item.opacity(),
            item.zValue(),
            item.color.name(),
            item.facing,
            item.hero,
            item.radius,
            list(item.badges),
            item.dead,
            item.toolTip(),
            item.isSelected(),
            item.label.text,
            item.label.pos(),
            item.label.isVisible(),
        )
        for uid, item in scene.unit_items.items()
    }


@pytest.mark.parametrize("fog", [False, True])
def test_a_saved_game_opens_with_each_token_made_once_as_the_old_way_drew_it(
    qtbot, settings, shown, tmp_path, monkeypatch, fog
) -> None:
    path = _saved_battle(tmp_path, fog)
    window = _window(qtbot, settings)
    made: list[str] = []
    from_scenario, from_view = UnitItem.__init__, UnitItem.for_view.__func__

    def counted_init(self, unit, color):
        made.append(f"scenario {unit.id}")
        from_scenario(self, unit, color)

    def counted_view(cls, view, color):
        made.append(f"view {view.id}")
        return from_view(cls, view, color)

    monkeypatch.setattr(UnitItem, "__init__", counted_init)
    monkeypatch.setattr(UnitItem, "for_view", classmethod(counted_view))
    assert window.open_saved_game(path, remember=False)
    c = window.controller
    ids = c.shown_unit_ids()
    assert sorted(made) == sorted(f"view {uid}" for uid in ids)  # once each, none from the scenario
    scene = window.scene
    for uid in ids:
        assert scene.unit_items[uid].pos() == cell_center(tuple(c.game.state.units[uid].pos))
    opened = _tokens(scene)
    # the old way: every token from the scenario, then brought up to date from the engine
    scene.rebuild()
    scene.sync_play_units(ids)
    assert _tokens(scene) == opened
    assert shown == []


def test_edit_mode_after_opening_a_saved_game_shows_every_scenario_unit_where_the_scenario_has_it(
    qtbot, settings, shown, tmp_path
) -> None:
    window = _window(qtbot, settings)
    assert window.open_saved_game(_saved_battle(tmp_path, False), remember=False)
    unit_id = window.doc.scenario.units[0].id
    window.selection.select_unit(unit_id)
    window.set_play_mode(False)
    scene = window.scene
    left_play = _tokens(scene)
    assert set(left_play) == {u.id for u in window.doc.scenario.units}
    for unit in window.doc.scenario.units:
        assert left_play[unit.id][0] == cell_center(tuple(unit.position))
        assert left_play[unit.id][12] == unit.name  # the full name again, not Play mode's short one
    assert left_play[unit_id][11]  # the selection shows on its token
    scene.rebuild()  # the editor's own picture of the scenario
    assert _tokens(scene) == left_play  # a token killed in the battle is named again (its label)


def test_a_saved_game_opening_measures_the_units_table_once_on_the_battle_s_texts(
    qtbot, idle, settings, shown, tmp_path, monkeypatch
) -> None:
    """The Units table (2,000 rows in the big game) was measured when the docks were rearranged
    and again after its texts were refreshed from the battle (issue 26); now once, on those texts."""
    path = _saved_battle(tmp_path, False)
    window = _window(qtbot, settings)
    table, fitter = window.unit_panel.table, window.unit_panel.fitter
    measured: list[tuple] = []  # each new measurement of the Units table's columns
    real = ColumnFitter._content_widths

    def counted(self, columns):
        before = self._measured
        widths = real(self, columns)
        if self is fitter and self._measured is not before:
            measured.append(self._measured[0])
        return widths

    monkeypatch.setattr(ColumnFitter, "_content_widths", counted)
    assert window.open_saved_game(path, remember=False)
    idle()  # the fits the event loop brings
    assert len(measured) == 1
    columns = table.model().columnCount()
    header = table.horizontalHeader()
    widths = [header.sectionSize(c) for c in range(columns)]
    dead = next(u.id for u in window.controller.game.state.units.values() if not u.alive)
    row = window.unit_panel.model.row_of(dead)
    assert "Dead" in str(window.unit_panel.model.index(row, columns - 1).data())  # the battle's text
    window.unit_panel.fitter._forget_widths()
    window.unit_panel.fitter.fit()
    assert [header.sectionSize(c) for c in range(columns)] == widths  # measured on the final texts

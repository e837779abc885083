"""The bundled SuperNatural sample, `wizard_duel.json`, played to the end in the window by the
computer on both sides (pytest-qt, offscreen): no engine error, SN rolls in the log in words,
and on every turn of the timeline the map draws exactly the units of that turn — the 4pion the
Pyromancer summons included from the turn it appears (R-SN-2/21, design map seam S4)."""

from __future__ import annotations

import pytest

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.main_window import MainWindow

DUEL = SCENARIOS / "wizard_duel.json"
pytestmark = pytest.mark.skipif(not DUEL.is_file(), reason="wizard_duel sample missing")


def test_wizard_duel_plays_to_the_end_and_the_timeline_draws_each_turns_units(open_window) -> None:
    window: MainWindow = open_window(DUEL)
    window.set_play_mode(True, seed=7, max_rounds=12)
    c = window.controller
    c.skip_ai()
    assert c.game_over
    result = c.game_result()  # the summoned 4pion neither started the battle nor survives in it
    assert result.started == {"red": 4, "blue": 5}
    state = c.game.state
    born = [uid for uid in state.units if uid not in {u.id for u in c.scenario.units}]
    assert born, "no unit was summoned in this game (seed 7 summons a 4pion)"
    assert any(e.kind == "sn_die_rolled" for e in c.game.events)
    caster = state.units["ignatia"].name
    assert any(e.text.startswith(f"{caster}: ") and "d" in e.text for e in c.log if e.kind == "sn_die_rolled")
    seen_born = False
    for i in range(c.snapshot_count):
        c.show_snapshot(i)
        drawn = {uid for uid, item in window.scene.unit_items.items() if item.isVisible()}
        assert drawn == set(c.shown_unit_ids()), f"turn {c.snapshot_label(i)}"
        seen_born |= bool(drawn & set(born))
    assert seen_born  # a summoned unit was drawn on some turn of the timeline
    c.show_live()

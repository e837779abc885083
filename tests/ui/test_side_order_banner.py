"""R-NP-9 (issue 24, review 2026-11-27 problem 8): Nine Powers reorders the sides between rounds —
the side that dealt more damage goes first. The change is logged with its reason, a banner says it
over the map and the Turn panel shows the battle's new order (not the scenario's)."""

from __future__ import annotations

from brikwars_gui.paths import SCENARIOS

CHAPEL = SCENARIOS / "ruined_chapel.json"


def test_r_np_9_the_new_side_order_is_logged_bannered_and_shown(open_window, qtbot) -> None:
    window = open_window(CHAPEL)
    window.set_play_mode(True, seed=2)
    c = window.controller
    state = c.game.state
    first, last = list(state.turn_order)
    names = {p.id: p.name for p in c.scenario.players}
    mover = next(u for u in state.units.values() if u.team == last and u.alive)
    mover.pools["dealt"] = 9  # the last side dealt more damage this round
    for _ in range(4):
        if c.round >= 2:
            break
        c.end_turn()
        qtbot.waitUntil(lambda: not c.ai_running, timeout=60_000)
    assert c.round >= 2
    events = [e for e in c.game.events if e.kind == "side_order"]
    assert events and events[0].order[0] == last
    assert "dealt more damage" in events[0].describe() and "R-NP-9" in events[0].describe()
    assert any(e.kind == "side_order" for e in c.log)
    assert window.order_banner.isVisible() and names[last] in window.order_banner.text()
    label = window.turn_panel.order_label.text()
    assert label.index(names[last]) < label.index(names[first])  # the panel follows the battle
    window.set_play_mode(False)
    assert window.turn_panel.order_label.text().index(
        names[first]
    ) < window.turn_panel.order_label.text().index(names[last])  # the editor shows the scenario's order again

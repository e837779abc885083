"""The Effect builder in the window (Chapter D, R-SN-14): a Fireball cast from the caster's
right-click menu, its dice spent one by one on the builder's buttons with the engine's chance
that the next Range die reaches, each roll on the map and in the log in words; a Fumble (R-SN-18)
answered by the other side in hot seat, the prompt naming that player; the caster's Effects with
Cancel. Scripted dice (the session's script, then its seed)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QMenu

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.main_window import MainWindow

FIREBALL = {"name": "Fireball", "target": "hostile", "aspects": ["range", "damage+"]}
WARD = {"name": "Flame Ward", "target": "ally", "aspects": ["armor+"], "lasting": True}
SUMMON = {"name": "Summon 4pion", "target": "cell", "aspects": ["range", "creature"], "form": "creature"}


def _duel() -> Scenario:
    block = {
        "cliche": "Pyromancer",
        "talismans": [
            {"id": "staff", "name": "Staff", "die": "d8"},
            {"id": "hat", "name": "Hat", "die": "d6"},
            {"id": "amulet", "name": "Amulet", "die": "d4"},
        ],
        "effects": [FIREBALL, WARD, SUMMON],
    }
    data = sb.scenario(
        [
            sb.unit("ignatia", "red", (5, 5), name="Ignatia", supernatural=block),
            sb.unit("archer", "blue", (12, 5), name="Archer", armor="6"),
            sb.unit("bram", "red", (5, 6), name="Bram"),
        ]
    ).model_dump(mode="json")
    for player in data["players"]:
        player["controller"] = "human"  # hot seat
    return Scenario.model_validate(data)


@pytest.fixture
def window(open_window) -> MainWindow:
    return open_window(_duel(), answer_responses=False)


def _menu_action(menu: QMenu, *path: str):
    """The action at `path` (submenu titles, then the action's text prefix) of a menu."""
    for title in path[:-1]:
        menu = next(a.menu() for a in menu.actions() if a.menu() is not None and a.menu().title() == title)
    return next(a for a in menu.actions() if a.text().startswith(path[-1]))


def _answering(window: MainWindow, qtbot, steps: list[Callable[[], None]]) -> QTimer:
    """Answer the window's prompts as a player would: each step runs when a prompt is up."""
    timer = QTimer(window)
    timer.setInterval(20)

    def tick() -> None:
        if steps and (window.effect_builder.active or window.response_prompt.active):
            steps.pop(0)()

    timer.timeout.connect(tick)
    timer.start()
    return timer


def _ward_bram(window: MainWindow, qtbot) -> None:
    """Ignatia casts a free Flame Ward on Bram beside her: the Hat's d6 on Armor, then Stop."""
    builder = window.effect_builder
    steps = [lambda: builder.buttons["hat:armor+"].click(), lambda: builder.buttons["stop"].click()]
    timer = _answering(window, qtbot, steps)
    ward = next(
        o
        for o in window.controller.legal_actions("ignatia")
        if o.kind == "cast" and o.action.effect == "Flame Ward" and o.target == "bram"
    )
    assert window.take_action("ignatia", ward, (5, 5))
    timer.stop()


def _log(window: MainWindow) -> list[str]:
    return [e.text for e in window.controller.log]


def test_r_sn_14_a_fireball_is_cast_die_by_die_from_the_menu(window: MainWindow, qtbot) -> None:
    """Staff d8 on Range rolls 5 (5 of 7"), Hat d6 on Range rolls 3 (on target), Amulet d4 on
    Damage rolls 3, then Stop: the Effect lands on the Archer."""
    window.set_play_mode(True, seed=5, script=[5, 3, 3])
    builder, seen = window.effect_builder, {}

    def first() -> None:
        request = builder.request
        seen["first"] = {o: b.text() for o, b in builder.buttons.items()}
        labels = builder.row_box.findChildren(QLabel)
        seen["rows"] = [w.text().replace("<b>", "").replace("</b>", "") for w in labels]
        seen["p_staff"] = request.detail["p_reach"]["staff"]
        seen["stop_first"] = builder.buttons["stop"].text()
        builder.buttons["staff:range"].click()

    def second() -> None:
        seen["headline"] = builder.label.text()
        seen["path"] = window.scene.path_item is not None and window.scene.path_item.isVisible()
        seen["floats"] = [item.text for item, _s, _a in window.result_floats.floats if hasattr(item, "text")]
        builder.buttons["hat:range"].click()

    def third() -> None:
        seen["third"] = set(builder.buttons)
        builder.buttons["amulet:damage+"].click()

    def stop() -> None:
        builder.buttons["stop"].click()

    timer = _answering(window, qtbot, [first, second, third, stop])
    menu = window.build_action_menu("ignatia", (12, 5), "archer")
    _menu_action(menu, "Fireball on Archer").trigger()  # on the enemy: once, at the top
    timer.stop()
    labels = seen["first"]
    assert labels["staff:range"] == f"Range — {round(seen['p_staff'] * 100)}% to reach"  # Staff d8 row
    assert labels["hat:range"].startswith("Range — ") and labels["amulet:damage+"] == "Damage"
    assert seen["rows"][:3] == ["Staff d8", "Hat d6", "Amulet d4"]
    assert seen["stop_first"].startswith("Stop: cast nothing")
    assert '2" to go (5" rolled on Range so far)' in seen["headline"]
    assert "Staff d8 → Range" in seen["headline"]
    assert seen["path"]  # the path so far is drawn on the map
    assert 'Range d8: 5 → 5"' in seen["floats"]  # the roll lands on the map where the point is
    assert "hat:range" not in seen["third"]  # on target: no more Range dice
    log = _log(window)
    assert 'Ignatia: Range d8: 5 → 5" (5 of 7")' in log
    assert any(t.startswith('Ignatia: Range d6: 3 → 3"') for t in log)
    assert "Ignatia: Damage d4: 3 → 3" in log
    assert "Ignatia spends the Staff (d8) on Range for the Fireball" in log  # each choice in words
    assert "Ignatia stops: the Fireball lands" in log
    assert any("Ignatia's Fireball lands at (12, 5)" in t and "Archer" in t for t in log)
    assert [c.status for c in window.controller.sn_dice("ignatia")] == ["spent", "spent", "spent"]
    card = window.controller.unit_card("ignatia")
    assert [c.status for c in card.sn_dice] == ["spent"] * 3  # the card's die chips


def test_r_sn_18_a_fumble_is_answered_by_the_other_player_in_hot_seat(window: MainWindow, qtbot) -> None:
    """The Hat's Range die rolls 1: a Fumble Die for Blue, who rolls 3 and is asked, by name,
    what to make of it; Blue weakens the Fireball's Damage by 3."""
    window.set_play_mode(True, seed=5, script=[5, 1, 3, 3])
    builder, prompt, seen = window.effect_builder, window.response_prompt, {}

    def staff() -> None:
        builder.buttons["staff:range"].click()

    def hat() -> None:
        builder.buttons["hat:range"].click()

    def fumble() -> None:
        seen["question"] = prompt.request.question
        seen["team"] = prompt.request.team
        seen["headline"] = prompt.label.text()
        seen["buttons"] = {o: b.text() for o, b in prompt.buttons.items()}
        prompt.buttons["damage-"].click()

    def stop() -> None:
        builder.buttons["stop"].click()

    timer = _answering(window, qtbot, [staff, hat, fumble, stop])
    cast = next(
        o for o in window.controller.legal_actions("ignatia") if o.kind == "cast" and o.target == "archer"
    )
    assert window.take_action("ignatia", cast, (12, 5))
    timer.stop()
    assert seen["question"] == "sn_fumble_use" and seen["team"] == "blue"
    assert seen["headline"].startswith("<b>Blue</b>: Ignatia's Fireball fumbled")
    assert "rolled <b>3</b>" in seen["headline"]
    assert seen["buttons"]["damage-"].startswith("Weaken its Damage by 3")
    log = _log(window)
    assert "Ignatia: Range d6: 1 → Fumble!" in log
    assert "Fumble! Blue turns the d6 against the Fireball: Damage −3" in log


def test_r_sn_13_the_casters_effects_are_listed_with_cancel(window: MainWindow, qtbot) -> None:
    """A Flame Ward on Bram beside her (touch, free): her card lists it; Effects ▸ Cancel ends it."""
    window.set_play_mode(True, seed=5, script=[])
    _ward_bram(window, qtbot)
    card = window.controller.unit_card("ignatia")
    assert [e.template for e in card.sn_effects] == ["Flame Ward"]
    assert [c.status for c in card.sn_dice] == ["ready", "spent", "ready"]
    menu = window.build_action_menu("ignatia", (5, 5))
    cancel = _menu_action(menu, "Effects", "Cancel Flame Ward")
    cancel.trigger()
    assert window.controller.unit_card("ignatia").sn_effects == ()
    assert any("Flame Ward ends" in t for t in _log(window))


def test_r_sn_13_in_hot_seat_the_caster_cancels_its_effect_on_the_other_players_turn(
    window: MainWindow, qtbot
) -> None:
    """Ignatia wards Bram; on Blue's turn her right-click menu offers only Effects ▸ Cancel (no
    Cast menu), and cancelling ends the ward while Blue is still the active player."""
    window.set_play_mode(True, seed=5, script=[])
    _ward_bram(window, qtbot)
    assert window.end_turn() and window.controller.active_player == "blue"
    assert [o.kind for o in window.controller.legal_actions("ignatia")] == ["cancel_effect"]
    menu = window.build_action_menu("ignatia", (5, 5))
    assert not any(a.menu() is not None and a.menu().title() == "Cast (SuperNatural)" for a in menu.actions())
    _menu_action(menu, "Effects", "Cancel Flame Ward").trigger()
    assert window.controller.unit_card("ignatia").sn_effects == ()
    assert window.controller.active_player == "blue"
    assert any("Flame Ward ends" in t for t in _log(window))


def test_r_sn_2_a_4pion_summoned_at_the_clicked_cell_is_drawn(window: MainWindow, qtbot) -> None:
    """Cast ▸ Summon 4pion ▸ at [6, 5] (next to the caster: touch, free), the Amulet's d4 on the
    creature: a 4pion token appears on that cell (R-SN-2/20)."""
    window.set_play_mode(True, seed=5, script=[])
    builder, seen = window.effect_builder, {}

    def creature() -> None:
        seen["options"] = set(builder.buttons)
        builder.buttons["amulet:creature"].click()

    timer = _answering(window, qtbot, [creature, lambda: builder.buttons["stop"].click()])
    menu = window.build_action_menu("ignatia", (6, 5))
    _menu_action(menu, "Cast (SuperNatural)", "Summon 4pion", "at [6, 5]").trigger()
    timer.stop()
    assert seen["options"] == {"amulet:creature", "hat:creature", "stop"}  # the d8's 8vian: not played yet
    item = window.scene.unit_items.get("4pion-1")
    assert item is not None and item.isVisible()
    assert window.controller.unit_view("4pion-1").pos == (6, 5)
    released = next(e for e in window.controller.log if e.kind == "sn_die_rolled")
    assert released.detail.startswith("roll: none now — the d4 becomes the Diemon")  # not "joins the stat"


def test_r_sn_9_the_units_table_shows_the_casters_die_chips(window: MainWindow, qtbot) -> None:
    """The Units table's Skill column: the scenario's SN dice in Edit mode, their chips in Play
    mode, and a die spent by a free Flame Ward turns from ● to ○ at once (R-SN-9)."""
    model = window.unit_panel.model
    row = model.row_of("ignatia")
    assert model.index(row, 4).data() == "d6 · SN d8 d6 d4"
    window.set_play_mode(True, seed=5, script=[])
    assert model.index(row, 4).data() == "d6 · SN d8● d6● d4●"
    _ward_bram(window, qtbot)
    assert model.index(row, 4).data() == "d6 · SN d8● d6○ d4●"


def test_r_sn_3_12_sn_questions_read_in_names() -> None:
    """The other SN questions over the map: a 4pion's spread lists what it may set alight by name
    (R-SN-3), a Lasting Effect's keep names the target (R-SN-12), a Fumble redirect is a cell."""
    from brikwars_gui.engine.rules.common import DecisionRequest
    from brikwars_gui.ui.response_prompt import describe

    names = {"p": "Ignatia", "4pion-1": "4pion", "haycart": "Hay cart", "s": "Squire Tam"}
    spread = DecisionRequest(
        "sn_spread", "4pion-1", "red", "fx1", ("none", "haycart"), "haycart", {"roll": 3}
    )
    text = describe(spread, names)
    assert "4pion</b>: the 4pion burns" in text.headline
    assert [label for _o, label, _t in text.buttons] == ["None", "Hay cart"]
    keep = DecisionRequest("sn_lasting", "p", "red", "fx2:skull", ("release", "keep:s"), "keep:s", {})
    assert [label for _o, label, _t in describe(keep, names).buttons] == ["Release", "Keep Squire Tam"]
    fumble = DecisionRequest(
        "sn_fumble_use",
        "p",
        "blue",
        "fx1",
        ("none", "damage-", "range:8,6"),
        "range:8,6",
        {"total": 3, "effect": "Fireball", "point": [10, 5]},
    )
    arc = DecisionRequest("sn_arc", "p", "red", "fx1", ("no", "yes"), "yes", {"adds": ["s"], "arcs": 0})
    assert describe(arc, names).headline.endswith("It would also catch Squire Tam.")  # R-SN-27
    from brikwars_gui.engine.rules.common import Decided
    from brikwars_gui.ui.session_controller.supernatural import sn_log_text

    spread = Decided("4pion-1", "sn_spread", "fx1", ["none", "haycart"], "haycart")
    assert sn_log_text(spread, names, {}, {}) == "4pion sets Hay cart alight (R-SN-3)"
    boom = Decided("4pion-1", "sn_detonate", "s", ["yes", "no"], "no")
    assert sn_log_text(boom, names, {}, {}) == "4pion waits"
    own = DecisionRequest("sn_include_self", "p", "red", "fx1", ("no", "yes"), "no")
    assert "inside your own Effect's radius" in describe(own, names).headline  # R-SN-28
    text = describe(fumble, names, player="Blue")
    assert text.headline.startswith("<b>Blue</b>: Ignatia's Fireball fumbled")
    assert text.cell_options == {(8, 6): "range:8,6"} and "default" in text.cells[(8, 6)]
    assert [label for _o, label, _t in text.buttons] == ["Let it pass", "Weaken its Damage by 3"]


def test_r_sn_27_a_d8_arc_is_outlined_while_built_and_when_it_lands(window: MainWindow, qtbot) -> None:
    """Amulet d4 on Range rolls 3 (3 of 7"), Staff d8 on Damage rolls 5: one 45° arc out to 3",
    outlined on the map while the builder waits; Hat d6 on Range rolls 4 (on target): the arc now
    reaches 7" and its outline flashes where the Fireball lands, the Archer inside it."""
    from PySide6.QtWidgets import QGraphicsPathItem

    from brikwars_gui.ui.items import cell_center

    window.set_play_mode(True, seed=5, script=[3, 5, 4, 2])
    builder, scene, seen = window.effect_builder, window.scene, {}

    def with_arc() -> None:
        fx = builder.request.about
        seen["area"] = window.controller.sn_effect_area(fx)
        seen["shown"] = scene.area_item is not None and scene.area_item.isVisible()
        path = scene.area_item.path()
        seen["inside"] = {c: path.contains(cell_center(c)) for c in [(5, 5), (6, 5), (8, 5), (9, 5), (8, 7)]}
        builder.buttons["hat:range"].click()

    steps = [
        lambda: builder.buttons["amulet:range"].click(),
        lambda: builder.buttons["staff:damage+"].click(),
        with_arc,
    ]
    timer = _answering(window, qtbot, steps)
    menu = window.build_action_menu("ignatia", (12, 5), "archer")
    _menu_action(menu, "Fireball on Archer").trigger()  # on the enemy: once, at the top
    timer.stop()
    assert seen["shown"] and (8, 5) in seen["area"] and (9, 5) not in seen["area"]
    assert seen["inside"] == {(5, 5): False, (6, 5): True, (8, 5): True, (9, 5): False, (8, 7): False}
    assert not scene.area_item.isVisible()  # the builder is gone: so is its outline
    fx = next(iter(window.controller.game.state.sn.effects))
    landed = window.controller.sn_effect_area(fx)
    assert (12, 5) in landed and (10, 5) in landed  # the arc reaches as far as the Range dice did
    floats = window.result_floats.floats
    texts = [item.text for item, _s, _a in floats if hasattr(item, "text")]
    assert "Fireball: 1 arc (45° each)" in texts
    outlines = [item for item, _s, _a in floats if isinstance(item, QGraphicsPathItem)]
    assert outlines and outlines[-1].path().contains(cell_center((12, 5)))
    assert any("Archer" in t and "Fireball lands" in t for t in _log(window))


def test_r_sn_18_the_fumble_redirect_cell_is_chosen_by_clicking_the_map(window: MainWindow, qtbot) -> None:
    """Staff d8 on Range rolls 5 (the point at [10, 5]), Hat d6 on Range rolls 1: Blue's Fumble Die
    rolls 6 + 2 = 8 and Blue clicks Bram's cell, [5, 6], on the map: the Fireball turns onto
    Ignatia's own Bram; the Amulet's d4 on Damage then lands it there."""
    from brikwars_gui.ui.items import cell_center

    window.set_play_mode(True, seed=5, script=[5, 1, 6, 2, 3])
    builder, prompt, seen = window.effect_builder, window.response_prompt, {}

    def click_bram() -> None:
        seen["cells"] = set(window.choice_cells.items)
        seen["default"] = prompt.request.default
        seen["headline"] = prompt.label.text()
        seen["path"] = window.scene.path_item.isVisible()  # where the Effect is that Blue turns
        pos = window.view.mapFromScene(cell_center((5, 6)))
        qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)

    def after() -> None:
        seen["point"] = builder.request.detail["point"]
        seen["cells_after"] = dict(window.choice_cells.items)
        builder.buttons["amulet:damage+"].click()

    steps = [
        lambda: builder.buttons["staff:range"].click(),
        lambda: builder.buttons["hat:range"].click(),
        click_bram,
        after,
        lambda: builder.buttons["stop"].click(),
    ]
    timer = _answering(window, qtbot, steps)
    menu = window.build_action_menu("ignatia", (12, 5), "archer")
    _menu_action(menu, "Fireball on Archer").trigger()  # on the enemy: once, at the top
    timer.stop()
    assert seen["cells"] == {(5, 5), (5, 6), (12, 5)}
    # the engine's default pushes the Fireball back onto Ignatia herself (it left her hands)
    assert seen["default"] == "range-"
    assert "click a shaded cell" in seen["headline"]
    assert seen["point"] == [5, 6] and seen["cells_after"] == {}
    log = _log(window)
    assert seen["path"] and not window.scene.path_item.isVisible()
    chosen = "Fumble Die against Ignatia's Fireball: the opponent chooses to turn it onto (5, 6) (R-SN-18)"
    assert chosen in log
    assert "Fumble! Blue turns the d6 against the Fireball: turned onto (5, 6)" in log
    assert any("Ignatia's Fireball lands at (5, 6)" in t and "Bram" in t for t in log)


def _cluster() -> Scenario:
    """A Pyromancer with a d6 and a d10, four Skeletons standing shoulder to shoulder 5" away."""
    block = {
        "cliche": "Pyromancer",
        "talismans": [{"id": "hat", "name": "Hat", "die": "d6"}, {"id": "rod", "name": "Rod", "die": "d10"}],
        "effects": [FIREBALL],
    }
    bones = [
        sb.unit(f"bone{i}", "blue", cell, name=f"Skeleton {i}", armor="3")
        for i, cell in enumerate([(10, 5), (11, 5), (10, 6), (11, 6), (10, 4)])
    ]
    data = sb.scenario([sb.unit("ignatia", "red", (5, 5), name="Ignatia", supernatural=block), *bones])
    data = data.model_dump(mode="json")
    for player in data["players"]:
        player["controller"] = "human"
    return Scenario.model_validate(data)


def test_r_sn_28_a_fireballs_results_on_several_units_do_not_overlap(open_window, qtbot) -> None:
    """Hat d6 on Range rolls 5 (on target), Rod d10 on Damage rolls 6: a 2" radius catching all
    five Skeletons at once. Every outcome float on the map is readable: no two of their
    rectangles on screen intersect, while they rise and when they appear."""
    from brikwars_gui.ui.items import LabelItem

    window = open_window(_cluster(), answer_responses=False)
    window.set_play_mode(True, seed=5, script=[5, 6, 2, 2, 2, 2, 2])
    builder = window.effect_builder
    steps = [
        lambda: builder.buttons["hat:range"].click(),
        lambda: builder.buttons["rod:damage+"].click(),
    ]
    timer = _answering(window, qtbot, steps)
    cast = next(
        o for o in window.controller.legal_actions("ignatia") if o.kind == "cast" and o.target == "bone0"
    )
    assert window.take_action("ignatia", cast, (10, 5))
    timer.stop()
    floats = window.result_floats

    def rects():
        labels = [item for item, _s, _a in floats.floats if isinstance(item, LabelItem)]
        return labels, [floats.screen_rect(label) for label in labels]

    labels, boxes = rects()
    caught = [e for e in window.controller.game.events if e.kind == "armor_rolled"]
    assert len(caught) == 5 and len(labels) >= 5  # one outcome per Skeleton at least
    for _ in range(3):
        for i, a in enumerate(boxes):
            for j in range(i + 1, len(boxes)):
                assert not a.intersects(boxes[j]), (labels[i].text, labels[j].text)
        qtbot.wait(200)  # they rise together and stay apart
        labels, boxes = rects()


def test_r_sn_14_at_1280x720_the_builder_leaves_caster_and_target_in_sight(open_window, qtbot) -> None:
    """The sample at 1280x720: the builder over the small map covers the caster and its target
    whether at the top or the bottom, so the map scrolls them into the band below it; a Fumble
    question whose answers would not fit side by side lists them one per line, none clipped."""
    import json

    from brikwars_gui.paths import SCENARIOS
    from brikwars_gui.ui.items import cell_center

    data = json.loads((SCENARIOS / "wizard_duel.json").read_text())
    for player in data["players"]:
        player["controller"] = "human"
    window = open_window(Scenario.model_validate(data), size=(1280, 720), answer_responses=False, fit=True)
    window.set_play_mode(True, seed=5, script=[3, 1, 2, 2])
    builder, prompt, seen = window.effect_builder, window.response_prompt, {}

    def in_sight(name: str, widget) -> None:
        view = window.view
        points = [view.mapFromScene(window.scene.unit_items[u].pos()) for u in ("ignatia", "bell-ringer")]
        box = widget.geometry().adjusted(0, -10, 0, 10)
        seen[name] = [view.viewport().rect().contains(p) and not box.contains(p) for p in points]

    def first() -> None:
        in_sight("builder", builder)
        builder.buttons["staff:range"].click()

    def fumble() -> None:
        in_sight("fumble", prompt)
        seen["clipped"] = [b.text() for b in prompt.buttons.values() if b.width() < b.sizeHint().width() - 1]
        prompt.buttons["damage-"].click()

    crown, stop = lambda: builder.buttons["crown:range"].click(), lambda: builder.buttons["stop"].click()
    steps = [first, crown, fumble, stop]
    timer = _answering(window, qtbot, steps)
    window.view.centerOn(cell_center((8, 8)))  # the two mid-map: a panel at top or bottom covers them
    options = window.controller.legal_actions("ignatia")
    cast = next(o for o in options if o.kind == "cast" and o.target == "bell-ringer")
    assert window.take_action("ignatia", cast, (13, 8))
    timer.stop()
    assert window.view.viewport().height() < 420  # a small map indeed
    assert seen["builder"] == [True, True] and seen["fumble"] == [True, True]
    assert seen["clipped"] == []


def test_r_sn_13_the_caster_cancels_its_effect_while_the_computer_plays_its_turn(open_window, qtbot) -> None:
    """Against an AI side: between the AI's unit steps, Ignatia's right-click menu offers Effects ▸
    Cancel; the ward ends on Blue's turn and the AI then finishes its turn."""
    data = _duel().model_dump(mode="json")
    next(p for p in data["players"] if p["id"] == "blue")["controller"] = "ai"
    window = open_window(Scenario.model_validate(data), answer_responses=False)
    window.set_play_mode(True, seed=5, script=[])
    _ward_bram(window, qtbot)
    window.controller.set_ai_interval(60_000)  # the AI's first step waits: we act between steps
    assert window.end_turn() and window.controller.active_player == "blue"
    assert window.controller.ai_running
    menu = window.build_action_menu("ignatia", (5, 5))
    _menu_action(menu, "Effects", "Cancel Flame Ward").trigger()
    assert window.controller.unit_card("ignatia").sn_effects == ()
    assert window.controller.active_player == "blue"
    window.controller.set_ai_interval(0)
    qtbot.waitUntil(lambda: window.controller.active_player == "red", timeout=20_000)

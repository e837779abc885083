"""A kill at any moment loses at most the order in flight (issue 26): the battle's orders are
journaled as they are made, editor edits are autosaved as they are made, and a save over a file
another process changed since it was opened asks first. A kill is simulated as in
test_recovery_slots.py: the slot's lock is released and nothing else is cleaned up."""

from __future__ import annotations

import json
import shutil

from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.savegame import load_saved_game
from brikwars_gui.ui.editor_journal import read_editor_journal
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.write_ahead import read_journal

SKIRMISH = SCENARIOS / "skirmish.json"


def _window(open_window, data_dir, path=SKIRMISH) -> MainWindow:
    w = open_window(path, data_dir=data_dir, size=None, show=False, ai_interval=None, animate=None)
    w.warnings = []
    w.warn = lambda title, text: w.warnings.append((title, text))
    return w


def _own_units(window: MainWindow) -> list[str]:
    return [u for u in window.controller.unit_ids_of() if window.controller.unit_view(u).alive]


def test_orders_of_an_unfinished_turn_survive_a_kill(qtbot, open_window, tmp_path) -> None:
    data_dir = tmp_path / "data"
    window = _window(open_window, data_dir)
    window.set_play_mode(True, seed=5)
    c = window.controller
    assert c.is_human_turn
    unit = _own_units(window)[0]
    cell = sorted(c.reachable(unit))[0]
    assert c.order_move(unit, cell)
    assert c.end_unit(_own_units(window)[1])
    orders = c.order_count
    assert orders == 2 and not window.recovery.path.exists()  # no end of turn: no autosave yet
    journaled = read_journal(window.recovery.journal_path)
    assert journaled.order_count == orders  # on disk as each order returned
    window.recovery.lock.unlock()  # killed mid-turn
    other = _window(open_window, data_dir)
    other.ask_recover = lambda path: True
    assert other.offer_recovery()
    assert other.play_mode and other.controller.order_count == orders
    assert tuple(other.controller.unit_view(unit).pos) == tuple(cell)


def test_a_journal_line_cut_by_the_kill_is_the_order_in_flight(qtbot, open_window, tmp_path) -> None:
    window = _window(open_window, tmp_path / "data")
    window.set_play_mode(True, seed=5)
    assert window.controller.end_unit(_own_units(window)[0])
    journal = window.recovery.journal_path
    with journal.open("a", encoding="utf-8") as handle:
        handle.write('{"kind": "order", "order": "end_un')  # the kill came while writing it
    saved = read_journal(journal)
    assert saved.order_count == 1


def test_an_undo_starts_the_journal_over(qtbot, open_window, tmp_path) -> None:
    window = _window(open_window, tmp_path / "data")
    window.set_play_mode(True, seed=5)
    c = window.controller
    first, second = _own_units(window)[:2]
    assert c.end_unit(first) and c.end_unit(second)
    assert c.undo_last_order()
    assert read_journal(window.recovery.journal_path).order_count == c.order_count == 1


def test_every_editor_edit_is_journaled_when_it_is_made(qtbot, open_window, tmp_path) -> None:
    window = _window(open_window, tmp_path / "data")
    window.doc.set_attr("name", "Skirmish, edited")  # on disk when the edit returns
    assert read_editor_journal(window.recovery.editor_journal_path)[0].name == "Skirmish, edited"


def test_saving_over_a_file_changed_on_disk_asks_first(qtbot, open_window, tmp_path) -> None:
    path = tmp_path / "mine.json"
    shutil.copy(SKIRMISH, path)
    window = _window(open_window, tmp_path / "data", path)
    asked = []
    window.ask_overwrite_changed = lambda p: asked.append(p) or False
    window.doc.set_attr("name", "Mine")
    assert window.save()  # nobody else touched it: saved without a question
    assert asked == []
    other = _window(open_window, tmp_path / "data2", path)  # a second process saves the same file
    other.doc.set_attr("name", "Theirs")
    assert other.save()
    window.doc.set_attr("name", "Mine again")
    assert not window.save()  # asked, and the answer was Cancel: their file stays
    assert asked == [path] and json.loads(path.read_text(encoding="utf-8"))["name"] == "Theirs"
    window.ask_overwrite_changed = lambda p: asked.append(p) or True
    assert window.save()
    assert json.loads(path.read_text(encoding="utf-8"))["name"] == "Mine again"
    assert window.save()  # its own save is not a change on disk
    assert len(asked) == 2


def test_saving_a_game_over_one_changed_on_disk_asks_first(qtbot, open_window, tmp_path) -> None:
    window = _window(open_window, tmp_path / "data")
    window.set_play_mode(True, seed=5)
    game = tmp_path / "game.json"
    assert window.save_game_as(game)
    other = _window(open_window, tmp_path / "data2")
    other.ask_recover = lambda path: False
    assert other.open_saved_game(game)
    assert other.controller.end_unit(_own_units(other)[0])
    assert other.save()
    window.ask_overwrite_changed = lambda p: False
    assert window.controller.end_unit(_own_units(window)[1])
    assert not window.save()
    assert load_saved_game(game).order_count == 1  # the other window's game stays


def _d6_duel(window: MainWindow) -> None:
    window.doc.set_ruleset("d6")
    window.doc.move_unit("blue-sword", (4, 7))  # next to red-captain (3, 7)
    window.set_play_mode(True, seed=3)


def test_answers_given_before_a_kill_mid_order_are_kept(qtbot, open_window, tmp_path) -> None:
    """Issue 26: the app is killed while the second question of an order is on screen (R-D6-8
    Fate Point answered, R-D6-7 Character Points on the Damage asked). The restart re-issues the
    order with the first answer already given, asks only the second, and the battle is exactly
    the one played through without a kill."""
    answers = {"fate_point": "no", "damage_points": "2"}
    attack = Attack("Shortsword", "blue-sword")
    played = _window(open_window, tmp_path / "played")
    _d6_duel(played)
    played.controller.ask_response = lambda r: answers.get(r.question, r.default)
    assert played.controller.order_action("red-captain", attack)
    window = _window(open_window, tmp_path / "data")
    _d6_duel(window)
    dead = tmp_path / "dead" / "recovery" / window.recovery.slot.name

    def killed_while_asking(request):
        if request.question == "damage_points":  # what is on disk when the kill comes
            shutil.copytree(window.recovery.slot, dead, ignore=shutil.ignore_patterns("instance.lock"))
        return answers.get(request.question, request.default)

    window.controller.ask_response = killed_while_asking
    assert window.controller.order_action("red-captain", attack)
    restarted = _window(open_window, tmp_path / "dead")
    restarted.ask_recover = lambda path: True
    asked = []

    def asking(request):
        asked.append(request.question)
        return answers.get(request.question, request.default)

    restarted.controller.ask_response = asking
    assert restarted.offer_recovery()
    assert asked == ["damage_points"]  # the Fate Point answer was kept, not asked again
    c = restarted.controller
    assert c.order_count == 1 and c.is_human_turn
    assert [e.to_dict() for e in c.game.events] == [e.to_dict() for e in played.controller.game.events]

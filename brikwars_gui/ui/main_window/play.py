"""Play mode: starting/leaving a battle, orders from the map, overlays, turn and game-over."""

from __future__ import annotations

import logging

from PySide6.QtCore import QElapsedTimer, QEventLoop, QRect, QRectF, QSizeF, Qt, QTimer
from PySide6.QtGui import QActionGroup, QKeySequence
from PySide6.QtWidgets import QDialog, QMenu, QMessageBox

from brikwars_gui.ui.attack_card import forecast_html, pct
from brikwars_gui.ui.battlefield.map_tips import token_box
from brikwars_gui.ui.items import cell_center
from brikwars_gui.ui.play_panels import NewBattleDialog
from brikwars_gui.ui.response_prompt import parse_cell
from brikwars_gui.ui.session_controller import (
    random_seed,
    ranged_weapons,
    scenario_sight_mask,
    scenario_weapons,
)
from brikwars_gui.ui.session_controller.supernatural import chips_text

log = logging.getLogger("brikwars_gui.window")


def _attacks_first(options) -> list:
    """The options aimed at one unit, its attacks first (what a player looks for on an enemy)."""
    return sorted(options, key=lambda o: o.kind != "attack")


class PlayMixin:
    """Play-mode behaviour: the map gives orders to the engine only through the SessionController."""

    def _end_turn_enabled(self, enabled: bool) -> None:
        self.act_end_turn.setEnabled(self.play_mode and enabled)
        self.turn_panel.end_turn.setEnabled(self.play_mode and enabled)

    def _update_play_actions(self) -> None:
        c = self.controller
        live = self.play_mode and c.has_game
        self.act_end_turn.setEnabled(live and c.can_end_turn)
        self.turn_panel.end_turn.setEnabled(live and c.can_end_turn)
        sel = self.selection.unit_id
        self.act_end_unit.setEnabled(live and bool(sel) and c.can_command(sel))
        self.act_undo_order.setEnabled(live and c.can_undo())
        self.act_save_game.setEnabled(live)
        self._schedule_overlays()

    def set_play_mode(
        self, play: bool, *, seed: int | None = None, saved=None, max_rounds=None, script=None
    ) -> None:
        """Play: a new Game on the current scenario (seed random unless given) or `saved` resumed."""
        if play and self.play_mode and saved is None and seed is None:
            return
        was_playing, self.play_mode = self.play_mode, play
        (self.act_play_mode if play else self.act_edit_mode).setChecked(True)
        self.view.set_edit_mode(not play)
        self.inspector.set_editable(not play)
        self.item_inspector.set_editable(not play)
        self.palette.set_editable(not play)
        self.scenario_panel.setEnabled(not play)
        self._update_undo_actions()
        self.mode_label.setText("Play" if play else "Edit")
        self._label_save_action(play)
        if self.play_mode:
            self.act_undo.setShortcut(QKeySequence())
            self.act_redo.setShortcut(QKeySequence())
            self.act_undo_order.setShortcut(QKeySequence.StandardKey.Undo)
        else:
            self.act_undo_order.setShortcut(QKeySequence())
            self.act_undo.setShortcut(QKeySequence.StandardKey.Undo)
            self.act_redo.setShortcuts(self.redo_keys)
        self.update_action_tips()
        if play:
            self.scene.play_provider = self.controller.unit_view
            self.scene.refresh_traps()  # no trap marks in a battle: secret Triggers stay secret (R-TRAP-3)
            self.scene.badge_provider = self.controller.unit_badges
            self.turn_panel.order_provider = self.controller.turn_order
            self.minimap.set_play(
                self.controller.unit_view, self.controller.object_destroyed, self.controller.shown_unit_ids
            )
            self.unit_panel.model.status_provider = lambda uid: self.controller.unit_status(uid) or "Ready"
            if saved is not None:
                self.controller.start_saved(*saved) if isinstance(
                    saved, tuple
                ) else self.controller.start_saved(saved)
            else:
                self.controller.start(self.doc.scenario, seed, max_rounds=max_rounds, script=script)
                self.game_path = None
            self._game_saved_orders = self.controller.order_count
            self.unit_panel.model.position_provider = self.controller.unit_position
            self.unit_panel.model.hidden_provider = self.controller.hidden_from_viewer
            views = self.controller.unit_view  # the Move the game uses (Nine Powers converts it)
            self.unit_panel.model.move_provider = lambda uid: getattr(views(uid), "move", None)
            self.unit_panel.model.sn_provider = lambda uid: chips_text(self.controller.sn_dice(uid))
            self.unit_panel.model.joined_provider = self.controller.joined_units  # summoned units
            # the table's texts as the battle gives them before the docks' rearrangement fits its
            # columns: measured once, not again after a refresh (2,000 rows: issue 26)
            self.unit_panel.model.refresh_status()
            self.fog_layer.set_active(True)
            self.turn_panel.set_seed(self.controller.seed)
            if not was_playing:
                self._edit_state = self.saveState()
            self.timeline_bar.setVisible(True)
            self._edit_docks = [d for d in (self.dock_palette, self.dock_scenario) if d.isVisible()]
            for dock in (self.dock_palette, self.dock_scenario):
                dock.setVisible(False)
            self.resizeDocks([self.dock_turn, self.dock_inspector], [420, 330], Qt.Orientation.Vertical)
            self._arrange_docks(play=True)
        else:
            self.controller.stop()
            self.fog_layer.set_active(False)
            self.scene.show_line_of_sight(None)
            self.scene.badge_provider = None
            self.turn_panel.order_provider = None
            self.scene.leave_play()
            self.minimap.set_play(None)
            self.unit_panel.model.status_provider = None
            self.unit_panel.model.position_provider = None
            self.unit_panel.model.hidden_provider = None
            self.unit_panel.model.move_provider = None
            self.unit_panel.model.sn_provider = None
            self.unit_panel.model.joined_provider = None  # Edit mode: the scenario's units alone
            for dock in getattr(self, "_edit_docks", []):
                dock.setVisible(True)
            self._edit_docks = []
            self._arrange_docks(play=False)
            self.turn_panel.set_turn(1, None)
            self.turn_panel.set_seed(None)
            self.timeline_bar.setVisible(False)
            self.curtain.hide()
            self.log_panel.set_entries([])
            self.game_path = None
            self.turn_panel.set_game_over(None)
        self._show_mode_toolbars(play)
        self.turn_panel.set_play(play)
        self.undo_view.setEmptyLabel(
            "<Play mode: Game ▸ Undo Last Order (Ctrl+Z) takes orders back>" if play else "<opened>"
        )
        if not play:
            self.viewing_banner.hide()
            self.attack_card.hide()
            self.hover_card.hide_card()
            self.unit_panel.model.refresh_status()
        self._update_actions()

    def leave_play_mode(self) -> bool:
        """Edit Mode (F5): back to the editor, asking first when the battle has unsaved orders."""
        if not self.play_mode:
            return True
        if not self.maybe_leave_game():
            self.act_play_mode.setChecked(True)
            return False
        self.set_play_mode(False)
        return True

    def _turn_changed(self, round_number: int, player: str) -> None:
        self.turn_panel.set_turn(round_number, player or None)
        self._hand_over(player)
        c = self.controller
        if c.has_game:
            labels = [c.snapshot_label(i) for i in range(c.snapshot_count)]
            self.timeline.set_count(c.snapshot_count, labels)
        self._update_play_actions()

    def _hand_over(self, player: str) -> None:
        """Hot seat under fog of war: a curtain between two human players' turns (and no undo of
        the other player's orders: the controller's `can_undo`)."""
        c = self.controller
        scenario = c.scenario
        if not (self.play_mode and scenario is not None and scenario.fog_of_war and c.has_game):
            return
        humans = [p for p in scenario.players if p.controller == "human"]
        who = next((p for p in humans if p.id == player), None)
        if len(humans) < 2 or who is None or who.id == self._curtain_for:
            return
        first = self._curtain_for is None
        self._curtain_for = who.id
        if not first:  # the first human to play needs no hand-over
            self.curtain.cover(who.id, who.name, who.color)

    def _unit_updated(self, unit_id: str) -> None:
        if unit_id == self.selection.unit_id:
            self._schedule_overlays()

    def _units_reset(self) -> None:
        """Every unit may have changed at once (a game installed): what `unitUpdated` refreshes
        for one unit, done once for all of them (issue 26: 2,000 signals made ~5,000 views)."""
        c = self.controller
        self.scene.sync_play_units(c.shown_unit_ids())
        self.unit_panel.model.refresh_status()
        self.minimap.units_changed()
        self.inspector.refresh_unit(self.inspector.unit_id or "")
        if self.hover_card.isVisible():
            self.show_hover_card(self.hover_card.unit_id)
        self._schedule_overlays()
        self._sight_timer.start()

    def _schedule_overlays(self) -> None:
        if self.play_mode:
            self._overlay_timer.start()

    def refresh_play_overlays(self) -> None:
        """Reachable cells of the selected unit (one image) and End Unit's state; not while the
        engine waits for an answer (the Effect builder's path stays on the map)."""
        if not self.play_mode or self.asking:
            return
        sel = self.selection.unit_id
        c = self.controller
        self._reach = c.reachable(sel) if sel else {}
        self.scene.set_reach(self._reach, c.half_speed_mask())
        if not self._reach:
            self.scene.show_path(None)
        self.act_end_unit.setEnabled(bool(sel) and c.can_command(sel))

    def refresh_unit_overlays(self) -> None:
        """The selected unit's sight / Cone of Vision and weapon range rings (when those overlays
        are on): from the live game in Play mode, from the scenario in Edit mode."""
        self._sight_timer.stop()
        scene, sel, v = self.scene, self.selection.unit_id, self.scene.visible_layers
        pos = facing = mask = None
        weapons: list[tuple[str, int]] = []
        if sel and self.play_mode:
            view = self.controller.unit_view(sel)
            if view is not None and view.alive:
                pos, facing = view.pos, view.facing
                weapons = ranged_weapons(view.weapons)
                if v["sight"]:
                    mask = self.controller.sight_mask(sel)
        elif sel:
            unit = self.doc.unit(sel)
            if unit is not None:
                pos, facing = (int(unit.position[0]), int(unit.position[1])), str(unit.facing)
                weapons = ranged_weapons(scenario_weapons(self.doc.scenario, sel))
                if v["sight"]:
                    try:
                        mask = scenario_sight_mask(self.doc.scenario, sel)
                    except Exception:
                        log.exception("sight mask of the scenario failed")
        scene.set_sight(mask, pos, facing or "N")
        scene.set_ranges(pos if v["ranges"] else None, weapons)

    def ask_response(self, request) -> str:
        """A Response question for a human player, asked over the map (issue 10): the units involved
        highlighted and in view, cell answers picked on the map; the rest of the window waits."""
        c = self.controller
        if request.question == "sn_next_die":  # R-SN-14: the Effect builder, die by die
            return self.ask_sn_die(request)
        objects = {o.id: o.name for o in (c.scenario or self.doc.scenario).objects}  # a 4pion's spread
        names = {**objects, **c.unit_names()}  # a summoned unit too (rules/roster.py)
        arc = (request.detail or {}).get("adds", ()) if request.question == "sn_arc" else ()  # R-SN-27
        involved = [u for u in (request.unit, request.about, *arc) if u and u in self.scene.unit_items]
        self._wait_for_slides()  # the move that caused the question ends on the map first
        effect = c.sn_effect(request.about) if request.question.startswith("sn_") and request.about else None
        self.show_sn_effect(effect, effect.template if effect is not None else "")  # where a Fumble acts
        self.scene.highlight(involved, ())
        for uid in involved:
            self.view.ensureVisible(self.scene.unit_items[uid], 80, 80)
        blocked = [self.menuBar(), self.game_toolbar, self.turn_toolbar, self.toolbar, self.tools_toolbar]
        blocked += [self.timeline_bar, self.turn_panel]
        for widget in blocked:
            widget.setEnabled(False)
        cells = [cell for cell in map(parse_cell, request.options) if cell is not None]
        if request.question == "fire_patch" and cells:  # the cells to click stay in view, uncovered
            self.view.ensureVisible(QRectF(cell_center(cells[0]), QSizeF(1, 1)), 80, 80)
        try:
            points = [self.view.mapFromScene(self.scene.unit_items[u].pos()) for u in involved]
            if request.question == "fire_patch":
                points += [self.view.mapFromScene(cell_center(cell)) for cell in cells]
            odds = c.response_odds(request)  # the ruleset's chances to kill, with the engine's to hit
            player = self.asked_player(request)  # hot seat: an opponent's Fumble Die names who answers
            answer, always = self.response_prompt.ask(request, names, points, odds, player)
        finally:
            for widget in blocked:
                widget.setEnabled(True)
            self.scene.highlight()
            self.show_sn_effect(None)
        if always:
            c.always_default.add((getattr(request, "team", None), request.question))
        return answer

    def _wait_for_slides(self, limit_ms: int = 2500) -> None:
        """Let sliding tokens arrive (the map keeps painting meanwhile), at most `limit_ms`."""
        clock = QElapsedTimer()
        clock.start()
        while any(item.sliding for item in self.scene.unit_items.values()) and clock.elapsed() < limit_ms:
            loop = QEventLoop()
            QTimer.singleShot(30, loop.quit)
            loop.exec()

    def _play_click(self, x: int, y: int, unit_id: str) -> None:
        cell = (x, y)
        if self.asking:  # the engine waits for an answer: a click answers or nothing
            if self.response_prompt.active:
                self.response_prompt.choose_cell(cell)
            return
        sel = self.selection.unit_id
        if not self._reach and sel:
            self._reach = self.controller.reachable(sel)
        if unit_id:
            self.selection.select("unit", unit_id)
        elif sel and cell in self._reach:
            self.order_move(sel, cell)
        elif sel and x >= 0 and self.controller.can_command(sel) and self._missed_cell != cell:
            # review 2026-11-27 item 32: a click out of reach silently deselected the unit; it
            # stays selected and the status bar says why (a second click there deselects)
            self._missed_cell = cell
            view = self.controller.unit_view(sel)
            left = f'{view.move_left}" of Move left' if view is not None else "no Move left"
            self.statusBar().showMessage(
                f"[{x}, {y}] is out of reach for {self.controller.unit_name(sel)} ({left}): "
                "click a shaded cell to move, or click here again to deselect",
                6000,
            )
            return
        else:
            self.selection.clear()
        self._missed_cell = None

    def order_move(self, unit_id: str, cell: tuple[int, int]) -> bool:
        ok = self.controller.order_move(unit_id, cell)
        self.scene.show_path(None)
        self.refresh_play_overlays()
        return ok

    def _play_hover(self, x: int, y: int) -> None:
        if not self.play_mode:
            return
        self._hover_unit_card(x, y)
        if self.asking:
            tip = self.response_prompt.text.cells.get((x, y)) if self.response_prompt.text else None
            if tip:
                self.statusBar().showMessage(tip, 3000)
            return
        sel = self.selection.unit_id
        self._hover_line_of_sight(sel, x, y)
        if x < 0 or not sel or (x, y) not in self._reach:
            self.scene.show_path(None)
            return
        path = self.controller.preview_path(sel, (x, y))
        if path is None:
            self.scene.show_path(None)
            return
        self.scene.show_path(list(path.cells), f'{path.total}" of Move')

    def _hover_unit_card(self, x: int, y: int) -> None:
        """The compact card of the unit under the mouse, beside its token (none over a Response
        prompt's cells, empty ground, a dead or a Hidden unit)."""
        uid = self.controller.unit_at((x, y)) if x >= 0 and not self.asking else None
        if uid is None:
            self.hover_card.hide_card()
        elif not (self.hover_card.isVisible() and self.hover_card.unit_id == uid):
            self.show_hover_card(uid)

    def show_hover_card(self, unit_id: str) -> None:
        card = self.controller.unit_card(unit_id)
        item = self.scene.unit_items.get(unit_id)
        if card is None or item is None or not item.isVisible():
            self.hover_card.hide_card()
            return
        box = self.token_boxes(unit_id)[0]
        avoid = [self.attack_card.geometry()] if self.attack_card.isVisible() else []
        selected = self.selection.unit_id or ""
        if selected != unit_id:  # the attacker stays in sight
            avoid += self.token_boxes(selected)
        others = [uid for uid in self.scene.unit_items if uid not in (unit_id, selected)]
        self.hover_card.show_card(card, box, avoid, self.token_boxes(*others))  # every token in sight

    def token_boxes(self, *unit_ids: str) -> list[QRect]:
        """Where the units' tokens and their name labels are drawn, in the map view's coordinates
        (what the attack and hover cards must leave in sight)."""
        boxes = []
        port = self.view.viewport()
        for uid in unit_ids:
            item = self.scene.unit_items.get(uid)
            if item is None or not item.isVisible():
                continue
            box = token_box(self.view, item)
            boxes.append(QRect(port.mapTo(self.view, box.topLeft()), box.size()))
        return boxes

    def _cards_outdated(self, entry) -> None:
        """An order makes the attack forecast stale; a new turn moves tokens from under both cards
        (they come back with the next hover)."""
        if entry.kind in ("order", "turn_started"):
            self.attack_card.hide()
            self.scene.show_line_of_sight(None)
        if entry.kind == "turn_started":
            self.hover_card.hide_card()
        if entry.kind == "side_order":
            self.show_order_banner(entry.text)

    def show_order_banner(self, text: str) -> None:
        """The sides' order changed between rounds (R-NP-9): say who goes first and why, over the
        map, for a few seconds; the Turn panel shows the new order."""
        names = {p.id: p.name for p in (self.controller.scenario or self.doc.scenario).players}
        for pid, name in names.items():
            text = text.replace(f"{pid} ", f"{name} ").replace(f" {pid}", f" {name}")
        self.order_banner.setText(text)
        self.order_banner.adjustSize()
        self.order_banner.move(max(8, (self.view.width() - self.order_banner.width()) // 2), 36)
        self.order_banner.show()
        self.order_banner.raise_()
        self._order_banner_timer.start()
        self.statusBar().showMessage(text, 8000)
        self.turn_panel.refresh()

    def _hover_card_unit_updated(self, unit_id: str) -> None:
        if self.hover_card.isVisible() and self.hover_card.unit_id == unit_id:
            self.show_hover_card(unit_id)

    def _hover_line_of_sight(self, sel: str, x: int, y: int) -> None:
        """Hovering an enemy with a unit selected: the line of sight, green if clear, red if
        blocked (GRID-5; Smoke blocks, R-HAZ-7)."""
        c = self.controller
        target = c.unit_at((x, y)) if sel and x >= 0 else None
        mine, theirs = (c.unit_view(sel) if target else None), (c.unit_view(target) if target else None)
        if mine is None or theirs is None or not mine.alive or not theirs.alive or mine.team == theirs.team:
            self.scene.show_line_of_sight(None)
            self.attack_card.hide()
            return
        self.show_attack_forecast(sel, target)
        clear = c.has_line_of_sight(sel, target)
        if clear is None:
            self.scene.show_line_of_sight(None)
            return
        self.scene.show_line_of_sight(mine.pos, theirs.pos, clear)
        self.statusBar().showMessage(
            f"Line of sight to {theirs.name}: {'clear' if clear else 'blocked'} (GRID-5)", 3000
        )

    def show_attack_forecast(self, unit_id: str, target_id: str) -> None:
        """The attack forecast card for `unit_id` attacking `target_id` (hidden when it cannot)."""
        c = self.controller
        attacks, answers = c.attack_forecast(unit_id, target_id) if c.can_command(unit_id) else ([], [])
        names = c.unit_names()
        html = forecast_html(attacks, answers, names)
        self.attack_card.show_forecast(html, self.token_boxes(unit_id, target_id))  # both stay in sight
        if self.attack_card.isVisible() and self.hover_card.isVisible():
            self.show_hover_card(self.hover_card.unit_id)  # out of the card's way

    def build_action_menu(self, unit_id: str, cell: tuple[int, int], target: str = "") -> QMenu:
        """The legal actions of `unit_id` in the order a player reads them: on an enemy (`target`)
        what it can do to that enemy (attacks first, each with its roll in the ruleset's words and
        the forecast's chance to kill or defeat), then its own untargeted orders. Actions aimed at
        other enemies are left out there (issue 10: a right-click on one enemy listed Perception and
        Charge on every enemy); elsewhere they wait in one submenu per enemy, nearest first. A Cast
        at the enemy clicked is listed once, among the actions on it, not again under Cast ▸."""
        menu = QMenu(self)
        c = self.controller
        options = c.legal_actions(unit_id)
        menu.setTitle(c.unit_name(unit_id))
        enemies = self._enemy_targets(unit_id, options)
        sn = [o for o in options if o.kind in ("cast", "cancel_effect")]  # their own submenus
        aimed = _attacks_first(
            o for o in options if target and o.target == target and o.kind != "cancel_effect"
        )
        general = [o for o in options if o.target not in enemies and o not in sn]
        kills = self._kill_odds(unit_id, target, aimed)
        for o in aimed:
            text = self._aimed_label(o, kills)
            menu.addAction(text, lambda o=o: self.take_action(unit_id, o, cell)).setData(o)
        if aimed:
            menu.addSeparator()
        self.add_sn_menus(menu, unit_id, [o for o in sn if o not in aimed], cell)  # each Cast once
        for o in general:
            aims = o.kind in ("sprint", "group_sprint")  # the cell clicked is where it runs
            if aims and not c.sprint_goal_possible(unit_id, cell):  # an enemy's cell is a Charge
                continue
            if o.aims_at_cell and not c.aimed_order_possible(unit_id, o.kind, cell):  # crawl, hop
                continue
            where = f"[{cell[0]}, {cell[1]}]"
            label = o.label.replace("{cell}", where) if o.aims_at_cell else o.label
            label += f" toward {where}" if aims else ""
            menu.addAction(label, lambda o=o: self.take_action(unit_id, o, cell)).setData(o)
        if c.careful_move_possible(unit_id, cell):
            careful = menu.addAction(
                "Move carefully here (spends the Action: Spiked fields act as Slow, R-HAZ-15)",
                lambda: self.order_careful_move(unit_id, cell),
            )
            careful.setData("careful_move")
        if c.place_possible(unit_id, cell):
            place = menu.addAction(
                "Set the heavy load down here carefully (R-HAZ-20)", lambda: self.order_place(unit_id, cell)
            )
            place.setData("place")
        elif cell == c.unit_position(unit_id):
            self._add_place_menu(menu, unit_id, cell)
        if not target:
            self._add_enemy_menus(menu, unit_id, enemies, options, cell)
        if c.can_command(unit_id):
            menu.addSeparator()
            self._add_face_menu(menu, unit_id)
            menu.addAction("End Unit", lambda: self.controller.end_unit(unit_id))
        if menu.isEmpty():
            menu.addAction("(no orders possible)").setEnabled(False)
        return menu

    def _kill_odds(self, unit_id: str, target: str, aimed) -> dict:
        """(weapon, target) → the engine's forecast of each attack on `target` (only when one of
        the `aimed` options is an attack: the forecast enumerates dice)."""
        if not any(o.kind == "attack" for o in aimed):
            return {}
        return {(f.weapon, f.target): f for f in self.controller.attack_forecast(unit_id, target)[0]}

    def _aimed_label(self, o, kills: dict) -> str:
        """The option's roll in the ruleset's words (`Ruleset.describe_roll`) and, for an attack,
        the forecast's chance to kill or defeat."""
        text = self.sn_option_label(o)
        forecast = kills.get((o.weapon, o.target))
        if forecast is not None and forecast.kills:
            text += f" — {pct(forecast.kills)} to {forecast.out_word}"
        return text

    def _enemy_targets(self, unit_id: str, options) -> dict[str, float]:
        """The enemies the options aim at, each with its squared distance from the unit (the
        nearest first in the menu); a Group Sprint's allies are not targets."""
        c = self.controller
        me = c.unit_view(unit_id)
        out: dict[str, float] = {}
        for o in options:
            view = c.unit_view(o.target) if o.target else None
            if me is not None and view is not None and view.team != me.team:
                out[o.target] = (view.pos[0] - me.pos[0]) ** 2 + (view.pos[1] - me.pos[1]) ** 2
        return out

    def _add_enemy_menus(self, menu: QMenu, unit_id: str, enemies: dict[str, float], options, cell) -> None:
        """Off an enemy: what the unit can do to each enemy, one submenu each, nearest first."""
        if not enemies:
            return
        menu.addSeparator()
        names = self.controller.unit_names()
        for enemy in sorted(enemies, key=lambda e: (enemies[e], names.get(e, e))):
            sub = menu.addMenu(names.get(enemy, enemy))
            sub.setObjectName(f"enemyMenu_{enemy}")
            aimed = _attacks_first(o for o in options if o.target == enemy and o.kind != "cast")
            kills = self._kill_odds(unit_id, enemy, aimed)  # as on the enemy itself (review item 32)
            for o in aimed:
                label = self._aimed_label(o, kills)
                sub.addAction(label, lambda o=o: self.take_action(unit_id, o, cell)).setData(o)

    FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

    def _add_place_menu(self, menu: QMenu, unit_id: str, at: tuple[int, int]) -> None:
        """On the unit itself: Set the heavy load down ▸ each free cell within 1" (R-HAZ-20)."""
        c = self.controller
        cells = [(at[0] + dx, at[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
        free = [cell for cell in cells if c.place_possible(unit_id, cell)]
        if not free:
            return
        sub = menu.addMenu("Set the heavy load down carefully (R-HAZ-20)")
        sub.setObjectName("placeMenu")
        for cell in free:
            sub.addAction(
                f"at [{cell[0]}, {cell[1]}]", lambda cell=cell: self.order_place(unit_id, cell)
            ).setData("place")

    def _add_face_menu(self, menu: QMenu, unit_id: str) -> QMenu:
        """Face ▸ N/NE/…: turn the unit (free on its own turn; sets its Cone of Vision, GRID-6)."""
        view = self.controller.unit_view(unit_id)
        face = menu.addMenu("Face")
        face.setObjectName("faceMenu")
        face.menuAction().setStatusTip("Turn to one of the 8 facings: free, sets the Cone of Vision (GRID-6)")
        disrupted = view is not None and view.disrupted
        face.setEnabled(not disrupted)
        group = QActionGroup(face)
        for facing in self.FACINGS:
            act = face.addAction(facing, lambda f=facing: self.order_face(unit_id, f))
            act.setCheckable(True)
            act.setChecked(view is not None and view.facing == facing)
            act.setData(facing)
            act.setStatusTip(f"Face {facing} (GRID-6)")
            group.addAction(act)
        return face

    def order_face(self, unit_id: str, facing: str) -> bool:
        ok = self.controller.order_face(unit_id, facing)
        if ok:
            self.scene.update_unit(unit_id)
        self.refresh_play_overlays()
        return ok

    def order_careful_move(self, unit_id: str, cell: tuple[int, int]) -> bool:
        ok = self.controller.order_move(unit_id, cell, careful=True)
        self.refresh_play_overlays()
        return ok

    def order_place(self, unit_id: str, cell: tuple[int, int]) -> bool:
        ok = self.controller.order_place(unit_id, cell)
        self.refresh_play_overlays()
        return ok

    def take_action(self, unit_id: str, option, cell: tuple[int, int]) -> bool:
        if option.action is not None:
            ok = self.controller.order_action(unit_id, option.action)
        elif option.kind == "sprint":
            ok = self.controller.order_sprint(unit_id, cell)
        elif option.kind == "group_sprint":  # the allies who share the roll (R-MOVE-20)
            ok = self.controller.order_group_sprint(unit_id, cell, option.target.split(","))
        elif option.aims_at_cell:  # an order completed with the cell clicked (crawl, hop)
            ok = self.controller.order_at_cell(unit_id, option.kind, cell)
        else:
            return False
        self.refresh_play_overlays()
        return ok

    def _play_context(self, x: int, y: int, unit_id: str, global_pos) -> None:
        if self.asking:
            return
        c = self.controller
        sel = self.selection.unit_id
        actor = sel if sel and c.can_command(sel) else None
        if unit_id and c.can_command(unit_id):
            actor = unit_id
            self.selection.select("unit", unit_id)
        if actor is None and unit_id and c.anytime_actions(unit_id):
            actor = unit_id  # out of its turn it may still cancel its Effects (R-SN-13)
        if actor is None:
            return
        menu = self.build_action_menu(actor, (x, y), unit_id if unit_id != actor else "")
        self.last_action_menu = menu
        self.hover_card.hold_under(menu)
        menu.popup(global_pos)

    def end_selected_unit(self) -> bool:
        sel = self.selection.unit_id
        return bool(sel) and self.controller.end_unit(sel)

    def end_turn(self) -> bool:
        ok = self.controller.end_turn()
        self.refresh_play_overlays()
        return ok

    def undo_last_order(self) -> bool:
        """Take back the last human order; when that order came before another player's turn
        (the computer's, outside hot seat) the user is asked first, naming what is undone."""
        round_no, others = self.controller.undo_rewinds()
        if others and not self.ask_undo_rewind(round_no, others):
            self.statusBar().showMessage("Nothing undone", 4000)
            return False
        ok = self.controller.undo_last_order()
        if ok:
            self.scene.sync_play_units(self.controller.shown_unit_ids())
            self.statusBar().showMessage("Last order taken back", 4000)
        self.refresh_play_overlays()
        return ok

    def _ask_undo_rewind_dialog(self, round_no: int, others: tuple[str, ...]) -> bool:
        turns = " and ".join(f"{name}'s turn" for name in others)
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Undo into an earlier turn?")
        box.setText(f"Your last order was in round {round_no}, before {turns}.")
        box.setInformativeText(
            f"Undoing it also takes back {turns}: the battle goes back to round {round_no} before "
            "your order, and the turn is played again when you end yours."
        )
        undo = box.addButton("Undo Both", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is undo

    def _new_battle_dialog(self, seed: int) -> tuple[int, int | None] | None:
        dialog = NewBattleDialog(seed, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.seed.value(), (dialog.max_rounds.value() or None)

    def new_battle(self) -> bool:
        with self.controller.ai_paused():  # no AI step under the questions
            if not self.maybe_leave_game():
                return False
            answer = self.ask_new_battle(random_seed())
        if answer is None:
            return False
        seed, max_rounds = answer
        if self.play_mode:
            self.set_play_mode(False)
        self.set_play_mode(True, seed=seed, max_rounds=max_rounds)
        return True

    def _engine_error_dialog(self, message: str) -> str:
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Critical)
        box.setWindowTitle("Engine error")
        box.setText("The rules engine failed on this order; the game is back at its last good state.")
        box.setInformativeText(message)
        box.setStandardButtons(QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Ok)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        return "save" if box.exec() == QMessageBox.StandardButton.Save else "ok"

    def _engine_error(self, message: str) -> None:
        self.statusBar().showMessage(f"Engine error: {message}", 10000)
        if self.engine_error_prompt(message) == "save":
            self.save_game_as()

    def _log_names(self) -> None:
        """Ids → names in the log: players, objects, named hazards and every unit of the battle
        (the controller's: units born mid-battle too)."""
        scenario = self.controller.scenario or self.doc.scenario
        names = {p.id: p.name for p in scenario.players}
        names.update({o.id: o.name for o in scenario.objects})
        names.update({h.id: h.name for h in scenario.hazards if getattr(h, "name", None)})
        names.update({u.id: u.name for u in scenario.units})
        names.update(self.controller.unit_names())
        self.log_panel.set_unit_names(names)

    def _roster_logged(self, entry) -> None:
        """A unit joined the battle: the log and its unit filter learn its name."""
        if entry.kind == "unit_joined":
            self._log_names()

    def _session_started(self) -> None:
        """A new or resumed game: names for the log lines, no game-over banner."""
        self._log_names()
        self.timeline.reset()  # the last battle's "Viewing" never carries into this one
        self._curtain_for = None
        self.curtain.hide()
        self.viewing_banner.hide()
        self.turn_panel.set_game_over(None)
        self.game_over_summary = None
        if self.play_mode:
            self.mode_label.setText("Play")

    def _game_over_dialog(self, summary) -> None:
        from brikwars_gui.ui.game_over import GameOverDialog

        old = getattr(self, "game_over_dialog", None)
        if old is not None:
            old.close()
        dialog = GameOverDialog(summary, self)
        dialog.finished.connect(lambda _r, d=dialog: self._game_over_choice(d.choice))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.game_over_dialog = dialog
        dialog.open()

    def _game_over_choice(self, choice: str) -> None:
        self.game_over_dialog = None
        if choice == "new":
            QTimer.singleShot(0, self.new_battle)
        elif choice == "editor":
            self.leave_play_mode()

    def _game_over(self, winner: str) -> None:
        from brikwars_gui.ui.game_over import game_summary

        summary = game_summary(self.controller)
        if summary is None or getattr(self, "game_over_summary", None) == summary:
            self._update_play_actions()
            return
        self.game_over_summary = summary
        self.statusBar().showMessage(summary.text(), 0)
        self.turn_panel.set_game_over(summary.text())
        self.mode_label.setText("Play · game over")
        self.scene.set_reach(None)
        self.scene.show_path(None)
        self._update_play_actions()
        self.show_game_over(summary)

    def _view_changed(self) -> None:
        c = self.controller
        self.hover_card.hide_card()
        self.scene.sync_play_units(c.shown_unit_ids())  # each turn's roster (R-SN-2 summons)
        for oid in self.scene.object_items:
            self.scene.set_object_destroyed(oid, c.object_destroyed(oid))
        self._hazards_changed()
        self.unit_panel.model.refresh_status()
        self.timeline.set_live(c.view_index is None)
        if c.view_index is not None:
            self.scene.set_reach(None)
            self.scene.show_path(None)
            self.mode_label.setText(f"Play · viewing {c.snapshot_label(c.view_index)}")
            round_number, player = c.snapshot_turn(c.view_index)
            self.turn_panel.set_turn(round_number, player or None)
            names = {p.id: p.name for p in (c.scenario or self.doc.scenario).players}
            self.viewing_banner.show_text(
                f"Viewing Round {round_number}, {names.get(player, player)}'s turn — the live game is at "
                f"Round {c.round}. Drag the timeline to its end or press Back to live."
            )
        else:
            self.mode_label.setText("Play · game over" if self.game_over_summary else "Play")
            self.viewing_banner.hide()
            if c.has_game:
                self.turn_panel.set_turn(c.round, c.active_player or None)
        self._update_play_actions()

    def _event_activated(self, units, cells) -> None:
        self.scene.highlight(units, cells)
        if units and units[0] in self.scene.unit_items:
            self.view.ensureVisible(self.scene.unit_items[units[0]], 60, 60)

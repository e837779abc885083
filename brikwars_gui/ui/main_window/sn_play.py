"""SuperNatural play in the window (Chapter D): the Cast menu of a caster's right-click menu
(pick an Effect template and its target), the Effect builder that spends the dice one by one
(`ui/effect_builder.py`), the list of the caster's Effects with Cancel, and an opponent's Fumble
question (asked through the Response prompt, naming the player in hot seat)."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu


class SNPlayMixin:
    """Play-mode SN behaviour; the engine is reached only through the SessionController."""

    @property
    def asking(self) -> bool:
        """The engine waits for a player's answer (a Response, a Fumble, the next SN die)."""
        return self.response_prompt.active or self.effect_builder.active

    def ask_sn_die(self, request) -> str:
        """`sn_next_die` (R-SN-14): the Effect builder over the map, the path so far drawn, the
        caster and its target highlighted; the answer goes back to the engine's `Cast`."""
        c = self.controller
        effect = c.sn_effect(request.about) if request.about else None
        chips = c.sn_dice(request.unit)
        names = c.unit_names()
        involved = [request.unit]
        if effect is not None:
            left = float((request.detail or {}).get("distance", 0) or 0)
            self.show_sn_effect(effect, f'{effect.template}: {left:.0f}" to go' if left else effect.template)
            target = next((uid for uid, name in names.items() if name in effect.targets), None)
            if target and target in self.scene.unit_items:
                involved.append(target)
        self._wait_for_slides()
        self.hover_card.hide_card()  # the builder and the path take the map
        self.scene.highlight([u for u in involved if u in self.scene.unit_items], ())
        blocked = [self.menuBar(), self.game_toolbar, self.toolbar, self.timeline_bar, self.turn_panel]
        for widget in blocked:
            widget.setEnabled(False)
        try:
            points = [
                self.view.mapFromScene(self.scene.unit_items[u].pos())
                for u in involved
                if u in self.scene.unit_items
            ]
            return self.effect_builder.ask_die(request, names, effect, chips, points)
        finally:
            for widget in blocked:
                widget.setEnabled(True)
            self.scene.highlight()
            self.show_sn_effect(None)

    def show_sn_effect(self, effect, label: str = "") -> None:
        """An Effect on the map while a question is about it (the next die, an opponent's Fumble):
        its path from the caster with `label` at its point, and its area so far (R-SN-27/28);
        None clears both."""
        if effect is None:
            self.scene.show_path(None)
            self.scene.show_area(None)
            return
        self.scene.set_reach(None)  # the caster's Move shading would hide the area (refreshed after)
        self.scene.show_path([effect.origin, *effect.path] if effect.path else None, label, below=True)
        area = self.controller.sn_effect_area(effect.id)  # its d8 arcs and d10 radius so far
        self.scene.show_area(area, f"{effect.template}: the area its dice give it so far (R-SN-27/28)")

    def asked_player(self, request) -> str:
        """The name of the player a question goes to when it is not the player whose turn it is
        (an opponent's Fumble Die, R-SN-18): in hot seat the prompt names who must answer."""
        c = self.controller
        team = getattr(request, "team", None)
        if not team or team == c.active_player:
            return ""
        return c.player_name(team)

    def order_cast_at(self, unit_id: str, effect: str, cell) -> bool:
        ok = self.controller.order_cast_at(unit_id, effect, cell)
        self.refresh_play_overlays()
        return ok

    # -- the right-click menu ------------------------------------------------------------------------
    def sn_option_label(self, option) -> str:
        """A Cast or Cancel option in names instead of ids (the engine's label otherwise)."""
        c = self.controller
        action = option.action
        if option.kind == "cast" and action is not None:
            names = c.unit_names()
            if action.target is not None:
                what = names.get(action.target, action.target)
            elif action.at is not None:
                what = f"[{action.at[0]}, {action.at[1]}]"
            else:
                what = "itself"
            cost = "free" if "free" in option.label else "uses the Action"
            if action.delivery not in ("auto", "range"):  # R-SN-10/11: a Shove, Grab or Wand/Staff hit
                how = action.delivery
                how = f"a {how.title()}" if how in ("shove", "grab") else f"the {how}"
                return f"{action.effect} on {what} by {how} ({option.chance:.0%}, {cost})"
            return f"{action.effect} on {what} ({cost})"
        if option.kind == "cancel_effect" and action is not None:
            effect = c.sn_effect(action.effect)
            if effect is not None:
                on = f" on {', '.join(effect.targets)}" if effect.targets else ""
                return f"Cancel {effect.template}{on} (R-SN-13)"
        return option.label

    def add_sn_menus(self, menu: QMenu, unit_id: str, options, cell) -> list:
        """Cast ▸ <Effect> ▸ <target> and Effects ▸ Cancel … for an SN unit; returns the options
        it placed (the general list leaves them out)."""
        casts = [o for o in options if o.kind == "cast"]
        cancels = [o for o in options if o.kind == "cancel_effect"]
        ready = any(c.status == "ready" for c in self.controller.sn_dice(unit_id))
        # out of its turn (R-SN-13) a caster may only cancel: no Cast menu
        at_cell = (
            self.controller.sn_cell_effects(unit_id) if ready and self.controller.can_command(unit_id) else []
        )
        if casts or at_cell:
            cast_menu = menu.addMenu("Cast (SuperNatural)")
            cast_menu.setObjectName("castMenu")
            for template in at_cell:  # bursts and summons: at the cell clicked
                sub = cast_menu.addMenu(template)
                sub.setObjectName(f"castMenu_{template}")
                sub.addAction(
                    f"at [{cell[0]}, {cell[1]}]", lambda t=template: self.order_cast_at(unit_id, t, cell)
                ).setData("cast_at")
            by_template: dict[str, list] = {}
            for o in casts:
                by_template.setdefault(o.action.effect, []).append(o)
            for template, group in by_template.items():
                sub = cast_menu.addMenu(template)
                sub.setObjectName(f"castMenu_{template}")
                for o in group:
                    label = self.sn_option_label(o).removeprefix(f"{template} ")
                    sub.addAction(label, lambda o=o: self.take_action(unit_id, o, cell)).setData(o)
        if cancels:
            effects = menu.addMenu("Effects")
            effects.setObjectName("effectsMenu")
            for o in cancels:
                effects.addAction(
                    self.sn_option_label(o), lambda o=o: self.take_action(unit_id, o, cell)
                ).setData(o)
        return casts + cancels

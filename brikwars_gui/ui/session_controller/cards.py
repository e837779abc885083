"""Unit cards and Response odds for the widgets (issue 10): `UnitCard` is what the inspector's
read-only card and the hover card show of a unit (stats, weapons as the ruleset rolls them, the
ruleset's own stat lines, conditions with the rule behind each), built from the live state or a
timeline snapshot alike; `response_odds` gives the ruleset's exact odds (to hit, to kill) of the
attacks a Response question is about."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from brikwars_gui.ui.session_controller.engine_helpers import ruleset_label
from brikwars_gui.ui.session_controller.supernatural import DieChip, EffectLine
from brikwars_gui.ui.session_controller.views import UnitView, _get

log = logging.getLogger("brikwars_gui.play")


@dataclass(frozen=True)
class WeaponLine:
    """One weapon as the card shows it: `roll` and `damage` as the game's ruleset rolls them
    (`Ruleset.weapon_terms`: `Use 3`/`1d6` under BrikWars, `Ranged 4D`/`3D+1` under D6);
    `note`: spent (a thrown Grenade), made to burn."""

    name: str
    kind: str
    roll: str
    range: int | None
    damage: str
    damage_type: str = "normal"
    note: str = ""


@dataclass(frozen=True)
class UnitCard:
    """Everything a unit card shows. `stats`: the ruleset's stat lines (label, value, rule tip);
    `conditions`: (text, colour, what it means with its rule) in the order they matter."""

    view: UnitView
    team_name: str
    team_color: str
    ruleset: str
    stats: tuple[tuple[str, str, str], ...]
    size: int
    size_start: int
    traits: tuple[str, ...]
    weapons: tuple[WeaponLine, ...]
    conditions: tuple[tuple[str, str, str], ...]
    own_turn: bool = False  # its player's turn is shown: Move left and the Action matter now
    power: str = ""  # a Creation's Power left this turn (`3" of 8" left (Fire −3")`); "": none
    sn_dice: tuple[DieChip, ...] = ()  # its SN dice: ready / spent / held (R-SN-8/9/12)
    sn_effects: tuple[EffectLine, ...] = ()  # the Effects it sustains (R-SN-12/13)


#: A weapon's (roll, damage) under the game's ruleset (`Ruleset.weapon_terms`).
WeaponTermsOf = Callable[[Any], tuple[str, str]]


def _brikwars_terms(w: Any) -> tuple[str, str]:
    return f"Use {int(_get(w, 'use', 0) or 0)}", str(_get(w, "damage", ""))


def _weapon_line(w: Any, terms: WeaponTermsOf = _brikwars_terms) -> WeaponLine:
    rng = _get(w, "range")
    roll, damage = terms(w)
    notes = []
    if _get(w, "spent"):
        notes.append("spent")
    if _get(w, "burning"):
        notes.append("made to burn")
    return WeaponLine(
        str(_get(w, "name", "")),
        str(_get(w, "kind", "")),
        roll,
        None if rng is None else int(rng),
        damage,
        str(_get(w, "damage_type", "normal") or "normal"),
        ", ".join(notes),
    )


def conditions_of(u: Any, view: UnitView, own_turn: bool) -> tuple[tuple[str, str, str], ...]:
    """The unit's conditions in words, each with its rule (R-MOVE-16, R-FIRE-5, ...); whether its
    Action is ready or used is said on its own player's turn (an enemy's only when saved)."""
    if not view.alive:
        return (("Dead", "#616161", ""),)
    out: list[tuple[str, str, str]] = []
    if view.disrupted:
        out.append(
            (
                "Disrupted",
                "#c62828",
                "cannot move or act until its next turn; +1 to Ranged Attacks on it, automatic hit "
                "for attackers who can touch it (R-MOVE-16)",
            )
        )
    if view.fire_size:
        out.append(
            (
                f'On Fire {view.fire_size}"',
                "#e65100",
                "−1d4 on its Action and Armor rolls (R-FIRE-5); a Burning Roll each turn (R-FIRE-8)",
            )
        )
    if view.half_speed:
        out.append(("Half Speed", "#ef6c00", "every inch of Movement costs two (R-MOVE-6/17)"))
    if view.stopped:
        out.append(("Stopped", "#546e7a", "no more Movement this turn (R-MOVE-12)"))
    if _get(u, "marked"):
        out.append(
            ("Marked", "#6a1b9a", "seen by all enemies; their Ranged attacks on it get +1 (R-SCOUT-5)")
        )
    out += _sn_conditions(u, view)
    activity = str(_get(u, "activity", "") or "")
    if activity:
        out.append((f"Busy: {activity}", "#37474f", "a Full-Round or Extended Action (R-ACT-7/8)"))
    if view.action == "saved":
        out.append(("Action saved", "#2e7d32", "may answer an enemy's move or attack (R-RESP-1)"))
    elif own_turn and view.action == "used" and not view.disrupted:
        out.append(("Action used", "#757575", "one Action per turn (R-MOVE-1)"))
    elif own_turn and view.action == "available":
        out.append(("Action ready", "#1565c0", ""))
    if view.done:
        out.append(("Done", "#9e9e9e", "its player ended its turn"))
    return tuple(out)


def _sn_conditions(u: Any, view: UnitView) -> list[tuple[str, str, str]]:
    """What SN Effects gave the unit that changes how it plays this turn: Flight (R-SN-30) and
    the Actions its Minds give (R-SN-40), counted as the engine counts them."""
    out = []
    flight = int(_get(u, "flight", 0) or 0)
    if flight:
        tip = "flies on these inches over water, cliffs, Half-Speed ground and fields, never through "
        out.append((f'Flight {flight}"', "#0277bd", tip + "obstacles or enemies (R-SN-30)"))
    minds = tuple(_get(u, "minds", ()) or ())
    if minds:
        left = len(minds) - int(_get(u, "minds_used", 0) or 0) + (view.action == "available")
        dice = " ".join(f"d{s}" for s in minds)
        word = "Action" if left == 1 else "Actions"
        tip = f"each SN Mind ({dice}) gives one more Action a turn, rolled with its die (R-SN-40)"
        out.append((f"{left} of {len(minds) + 1} {word} left", "#6a1b9a", tip))
    return out


def traits_of(u: Any) -> tuple[str, ...]:
    traits = ["Hero"] if _get(u, "hero") else []
    traits += [str(s).title() for s in _get(u, "specialties", ()) or ()]
    if not _get(u, "living", True):
        traits.append("not living")
    if _get(u, "heavy_armor"):
        traits.append("Heavy Armor")
    return tuple(traits)


def build_unit_card(
    u: Any,
    view: UnitView,
    *,
    team_name: str,
    team_color: str,
    ruleset: str,
    size_start: int,
    own_turn: bool,
    power: str = "",
    terms: WeaponTermsOf = _brikwars_terms,
    sn: tuple[tuple[DieChip, ...], tuple[EffectLine, ...]] = ((), ()),
) -> UnitCard:
    """The card of a live `UnitState` or a snapshot dict `u` whose `UnitView` is `view`; `terms`
    words each weapon as the game's ruleset rolls it."""
    return UnitCard(
        view,
        team_name,
        team_color,
        ruleset,
        view.stats,
        int(_get(u, "size", 1) or 0),
        size_start,
        traits_of(u),
        tuple(_weapon_line(w, terms) for w in _get(u, "weapons", ()) or ()),
        conditions_of(u, view, own_turn),
        own_turn,
        power,
        *sn,
    )


class CardsMixin:
    """The controller's unit cards and Response odds (read-only, like the queries)."""

    def _shown_unit(self, unit_id: str) -> Any:
        """The unit as the live state or the timeline snapshot shown has it (None: unknown)."""
        if self.game is None:
            return None
        if self.view_index is not None:
            return self.game.snapshots[self.view_index]["units"].get(unit_id)
        return self.game.state.units.get(unit_id)

    def unit_card(self, unit_id: str) -> UnitCard | None:
        """The card of `unit_id` now (or in the turn viewed); None without a game, for an unknown
        unit, or for an enemy Hidden from the viewing player (G-16)."""
        view = self.unit_view(unit_id)
        u = self._shown_unit(unit_id)
        if view is None or view.hidden or u is None:
            return None
        scenario = self.scenario
        player = next((p for p in scenario.players if p.id == view.team), None) if scenario else None
        start = next((s for s in scenario.units if s.id == unit_id), None) if scenario else None
        size = int(_get(u, "size", 1) or 0)
        return build_unit_card(
            u,
            view,
            team_name=player.name if player else view.team,
            team_color=player.color if player else "#888888",
            ruleset=ruleset_label(self.game.state.ruleset),
            size_start=max(size, start.size if start is not None else size),
            own_turn=view.team == self.shown_player(),
            power=self._power_text(u),
            terms=self._weapon_terms_of(u),
            sn=(self.sn_dice(unit_id), self.sn_effects(unit_id)),
        )

    def _weapon_terms_of(self, u: Any) -> WeaponTermsOf:
        """What the game's ruleset rolls with each of `u`'s weapons (a snapshot's too)."""
        from brikwars_gui.engine.rulesets import find_ruleset

        state = self.game.state
        rules = find_ruleset(state.ruleset)
        unit = SimpleNamespace(**u) if isinstance(u, dict) else u

        def terms(w: Any) -> tuple[str, str]:
            found = rules.weapon_terms(state, unit, SimpleNamespace(**w) if isinstance(w, dict) else w)
            return found.roll, found.damage

        return terms

    def _power_text(self, u: Any) -> str:
        """The Power left this turn of a unit whose Power can run short (engine/hazards/power.py);
        a timeline snapshot keeps no Power ledger, so there it is the unit's rating."""
        from brikwars_gui.engine.hazards.power import draws_power, power_text

        if self.view_index is None:
            return power_text(self.game.state, u) if draws_power(self.game.state, u) else ""
        rating = _get(u, "power")
        return f'{rating}" a turn' if rating is not None else ""

    def response_odds(self, request: Any) -> dict[str, Any]:
        """The ruleset's exact odds (`AttackOdds`) of the attacks a Response question is about:
        "against_you" for the attack being answered, "attack:<weapon>" for each answer (from the
        Angry Inch cell the answer is asked for, `detail["from"]`, R-RESP-2), unless the engine
        gave an answer's odds itself (`detail["odds"]`: the Melee talent's free attack, rolled at
        the talent's rating). Empty when the ruleset has no forecast or an attack cannot be made."""
        from brikwars_gui.engine.rules.angry_inch import stepped_to
        from brikwars_gui.engine.rules.common import IllegalOrder, parse_cell
        from brikwars_gui.engine.rulesets import ruleset_of

        game = self.game
        if game is None or not request.about:
            return {}
        state = game.state
        attack_odds = ruleset_of(state).attack_odds
        detail = getattr(request, "detail", None) or {}
        given = detail.get("odds") or {}
        pairs: list[tuple[str, str, str, str]] = []  # (key, attacker, weapon, target)
        if request.question == "attack_response" and detail.get("weapon"):
            pairs.append(("against_you", request.about, str(detail["weapon"]), request.unit))
        pairs += [
            (f"attack:{o.split(':', 1)[1]}", request.unit, o.split(":", 1)[1], request.about)
            for o in request.options
            if o.startswith(("attack:", "counter:")) and o not in given  # a Counter is an attack too
        ]
        step = parse_cell(detail["from"]) if isinstance(detail.get("from"), str) else None
        odds: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
        for key, attacker, name, target in pairs:
            unit, about = state.units.get(attacker), state.units.get(target)
            moved = step is not None and key != "against_you" and unit is not None and about is not None
            try:
                if moved:
                    with stepped_to(unit, step, about.pos):
                        found = attack_odds(state, attacker, name, target)
                else:
                    found = attack_odds(state, attacker, name, target)
            except IllegalOrder:
                continue
            except Exception:
                log.exception("response odds failed")
                continue
            if found is not None:
                odds[key] = found
        return odds

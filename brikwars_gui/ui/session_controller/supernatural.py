"""What the widgets read of SuperNatural play (Chapter D), from the engine's `GameState.sn` (live)
or a timeline snapshot's `sn` picture alike: each caster's die chips (ready / spent / held), the
Effects it sustains, the Effect being built, and the log's words for every SN roll. Numbers and
chances are the engine's (events, `DecisionRequest.detail`); nothing is computed here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from brikwars_gui.ui.session_controller.views import _get

#: R-SN-9/12: a die's state as its chip shows it: colour and meaning.
CHIP_COLORS = {
    "ready": ("#2e7d32", "ready to spend"),
    "spent": ("#9e9e9e", "spent: back at the start of its owner's next turn (R-SN-9)"),
    "held": ("#1565c0", "held by a Lasting Effect or a Diemon (R-SN-12)"),
    "destroyed": ("#c62828", "its Talisman is destroyed: gone for the battle (R-SN-8)"),
}
#: Chip marks for plain-text cells (the turn table's Dice column).
CHIP_MARKS = {"ready": "●", "spent": "○", "held": "◆", "destroyed": "✗"}
ASPECT_WORDS = {
    "range": "Range",
    "range+": "Weapon Range +",
    "range-": "Weapon Range −",
    "damage+": "Damage",
    "armor+": "Armor +",
    "armor-": "Armor −",
    "move+": "Move +",
    "move-": "Move −",
    "action+": "Action +",
    "action-": "Action −",
    "bless": "Blessing",
    "curse": "Curse",
    "creature": "Diemon",
    "damage-": "Damage −",
    "deflect+": "Deflection",
    "flight+": "Flight +",
    "flight-": "Flight −",
    "mind": "Mind (+1 Action)",
}


@dataclass(frozen=True)
class DieChip:
    """One SN die on its Talisman (R-SN-8) and its state (R-SN-9/12)."""

    talisman: str
    name: str
    sides: int
    status: str

    @property
    def color(self) -> str:
        return CHIP_COLORS.get(self.status, ("#616161", ""))[0]

    @property
    def tip(self) -> str:
        return f"{self.name}: d{self.sides}, {CHIP_COLORS.get(self.status, ('', self.status))[1]}"


@dataclass(frozen=True)
class EffectLine:
    """An Effect as the widgets list it: its template, where its dice went, on whom it holds."""

    id: str
    caster: str
    template: str
    dice: tuple[tuple[str, int, str], ...]  # (Talisman name, sides, Aspect)
    targets: tuple[str, ...]  # names
    point: tuple[int, int]
    origin: tuple[int, int]
    path: tuple[tuple[int, int], ...]
    lasting: bool
    ended: bool


def chips_text(chips: tuple[DieChip, ...]) -> str:
    """`d4● d4○ d8◆` for a table cell (● ready, ○ spent, ◆ held)."""
    return " ".join(f"d{c.sides}{CHIP_MARKS.get(c.status, '?')}" for c in chips)


class SupernaturalMixin:
    """The controller's SN views (read-only, like the queries)."""

    def _shown_sn(self) -> Any:
        """The SN ledger of the frame shown: the live `GameState.sn`, or a snapshot's picture."""
        if self.game is None:
            return None
        if self.view_index is not None:
            return self.game.snapshots[self.view_index].get("sn")
        return self.game.state.sn

    def sn_dice(self, unit_id: str) -> tuple[DieChip, ...]:
        """The unit's SN dice (the Talismans it holds) as chips, in the scenario's order."""
        ledger = self._shown_sn()
        talismans = _get(ledger, "talismans", None) or {}
        out = []
        for tid, t in talismans.items():
            if _get(t, "holder") == unit_id:
                name = str(_get(t, "name", "") or tid)
                out.append(DieChip(str(tid), name, int(_get(t, "sides", 0)), str(_get(t, "status", "ready"))))
        return tuple(out)

    def sn_effect(self, effect_id: str) -> EffectLine | None:
        """One Effect of the frame shown (an ended one too), None when there is none."""
        ledger = self._shown_sn()
        effect = (_get(ledger, "effects", None) or {}).get(effect_id)
        return self._effect_line(ledger, effect) if effect is not None else None

    def sn_effects(self, unit_id: str) -> tuple[EffectLine, ...]:
        """The Effects `unit_id` sustains now (R-SN-12/13): what the Cancel list shows."""
        ledger = self._shown_sn()
        effects = (_get(ledger, "effects", None) or {}).values()
        return tuple(
            self._effect_line(ledger, e)
            for e in effects
            if _get(e, "caster") == unit_id and not _get(e, "ended", False)
        )

    def _effect_line(self, ledger: Any, effect: Any) -> EffectLine:
        names = self.unit_names()
        talismans = _get(ledger, "talismans", None) or {}
        dice = []
        for tid, aspect in (_get(effect, "dice", None) or {}).items():
            t = talismans.get(tid)
            dice.append((str(_get(t, "name", "") or tid), int(_get(t, "sides", 0)), str(aspect)))
        targets = [names.get(str(t), str(t)) for t in _get(effect, "targets", ()) or ()]
        if not targets and _get(effect, "target"):
            targets = [names.get(str(_get(effect, "target")), str(_get(effect, "target")))]
        return EffectLine(
            str(_get(effect, "id")),
            str(_get(effect, "caster")),
            str(_get(effect, "template")),
            tuple(dice),
            tuple(targets),
            _pair(_get(effect, "point")),
            _pair(_get(effect, "origin")),
            tuple(_pair(c) for c in _get(effect, "path", ()) or ()),
            bool(_get(effect, "lasting", False)),
            bool(_get(effect, "ended", False)),
        )

    def sn_effect_area(self, effect_id: str) -> tuple[tuple[int, int], ...]:
        """The cells of an Effect's area in the frame shown (R-SN-27/28): its d8 arcs and d10
        radius so far while it is built, as it landed after; () for an Effect without an area.
        The engine's own cells (`supernatural.path.area_cells`), which its landing catches."""
        from brikwars_gui.engine.supernatural.path import area_cells

        effect = (_get(self._shown_sn(), "effects", None) or {}).get(effect_id)
        if effect is None or self.game is None:
            return ()
        radius, arcs = int(_get(effect, "radius", 0) or 0), int(_get(effect, "arc", 0) or 0)
        if not (radius or arcs):
            return ()
        grid = self.game.state.grid
        origin, point = _pair(_get(effect, "origin")), _pair(_get(effect, "point"))
        rolled = float(_get(effect, "reach", 0) or 0)
        return tuple(area_cells((grid.width, grid.height), origin, point, radius, arcs, rolled))

    def sn_cell_effects(self, unit_id: str) -> list[str]:
        """The caster's Effect templates aimed at a cell (bursts, summons: R-SN-2/7), which the
        map's right-click gives their point; none while it cannot give orders."""
        if self.game is None or not self.can_command(unit_id):
            return []
        templates = self.game.state.sn.templates.get(unit_id, ())
        return [t.name for t in templates if t.target == "cell"]

    def order_cast_at(self, unit_id: str, effect: str, cell: tuple[int, int]) -> bool:
        """Cast `effect` at `cell` (the engine checks it; the Effect builder spends the dice)."""
        from brikwars_gui.engine.rules.sn_actions import Cast

        return self.order_action(unit_id, Cast(effect, at=(int(cell[0]), int(cell[1]))))

    def talisman_name(self, talisman_id: str) -> str:
        t = (_get(self._shown_sn(), "talismans", None) or {}).get(talisman_id)
        return str(_get(t, "name", "") or talisman_id) if t is not None else talisman_id


def _pair(value: Any) -> tuple[int, int]:
    return (int(value[0]), int(value[1])) if value is not None else (0, 0)


# ---------------------------------------------------------------------------------------------
# The log's words and the map's floats for SN events


_INCHES = ("range", "range+", "range-", "move+", "move-")


def _roll_words(aspect: str, roll: dict[str, Any]) -> str:
    """`Range d6: 4 → 4"`, `Damage d8: 8 + 3 → 11`, `Range d6: 1 → Fumble!` (R-SN-14/17/18)."""
    sides, faces = roll.get("sides"), list(roll.get("faces") or ())
    word = ASPECT_WORDS.get(aspect, aspect)
    if not faces:  # not rolled now (the Dice column says when it is, R-SN-2/36)
        return f"{word} d{sides} released" if aspect == "creature" else f"{word} d{sides} joins the stat"
    if roll.get("fumble"):
        return f"{word} d{sides}: {faces[0]} → Fumble!"
    unit = '"' if aspect in _INCHES else ""
    return f"{word} d{sides}: {' + '.join(str(f) for f in faces)} → {roll.get('total')}{unit}"


def _fumble_use_words(use: str, total: Any, caster: str) -> str:
    if use == "damage-":
        return f"Damage −{total}"
    if use == "mod-":
        return f"its changes −{total}"
    if use == "range-":
        return f'pushed back {total}" toward {caster}'
    if use.startswith("range:"):
        x, _, y = use.removeprefix("range:").partition(",")
        return f"turned onto ({x}, {y})"
    if use == "back":
        return f"it bounces back to {caster}"
    return "let pass"


def sn_log_text(event: Any, names: dict[str, str], players: dict[str, str], ledger: Any) -> str | None:
    """The Dice & Event Log's words for an SN event (None: not an SN event), with the units',
    players', Talismans' and Effects' names: `Ignatia: Range d6: 4 → 4" (7 of 9")`,
    `Fumble! Mortimer turns the d4 against the Fireball: Damage −3`."""
    kind = event.kind
    if kind == "decided" and event.question in _DECIDED:
        return _decision_words(event, names, players, ledger)
    if not kind.startswith(("sn_", "effect_")):
        return None
    talismans = _get(ledger, "talismans", None) or {}
    effects = _get(ledger, "effects", None) or {}
    effect = effects.get(getattr(event, "effect", None) or "")
    template = str(_get(effect, "template", "")) or str(getattr(event, "effect", "") or "the Effect")
    caster = names.get(str(_get(effect, "caster", "")), str(_get(effect, "caster", "")))
    talisman = talismans.get(getattr(event, "talisman", None) or "")
    sides = _get(talisman, "sides", None)
    if kind == "sn_die_rolled":
        text = f"{names.get(event.unit, event.unit)}: {_roll_words(event.aspect, event.roll)}"
        return text + (f" ({event.reach})" if event.reach else "")
    if kind == "sn_fumbled":
        own = _get(talisman, "name", event.talisman)
        who = names.get(event.unit, event.unit)
        return f"Fumble! {who}'s d{sides} ({own}) goes to {players.get(event.to, event.to)} (R-SN-18)"
    if kind == "sn_fumble_used":
        total = event.roll.get("total")
        who = players.get(event.team, event.team)
        what = _fumble_use_words(event.use, total, caster)
        return f"Fumble! {who} turns the d{sides} against the {template}: {what}"  # dice: the detail
    if kind == "effect_cast":
        what = names.get(event.target, event.target) if event.target else "({}, {})".format(*event.aim)
        how = "by touch, free" if event.touch else "uses the Action"
        return f"{names.get(event.unit, event.unit)} casts {event.template} at {what} ({how}, R-SN-10)"
    if kind == "effect_moved":
        stop = f", stopped by {names.get(event.stopped_by, event.stopped_by)}" if event.stopped_by else ""
        return f"{caster}'s {template} moves to ({event.point[0]}, {event.point[1]}){stop} (R-SN-25)"
    if kind == "effect_landed":
        caught = ", ".join(names.get(t, t) for t in event.targets) or "nothing"
        area = f', radius {event.radius}"' if event.radius else ""
        short = "" if event.reached else " short of its target"
        return f"{caster}'s {template} lands at ({event.point[0]}, {event.point[1]}){short}{area}: {caught}"
    if kind == "effect_ended":
        return f"{names.get(event.unit, event.unit)}'s {template} ends ({event.reason})"
    if kind == "sn_dice_returned":
        back = ", ".join(str(_get(talismans.get(t), "name", t) or t) for t in event.talismans)
        return f"{names.get(event.unit, event.unit)}'s SN dice are back: {back} (R-SN-9)"
    return None


#: SN questions whose answers the log words itself (`_decision_words`).
_DECIDED = (
    "sn_next_die",
    "sn_lasting",
    "sn_fumble_use",
    "sn_fumble_to",
    "sn_include_self",
    "sn_spread",
    "sn_detonate",
)
#: An opponent's use of a Fumble Die as chosen (the number comes with the roll's own line).
_FUMBLE_CHOICES = {
    "none": "let it pass",
    "damage-": "weaken its Damage",
    "mod-": "weaken what it changes",
    "range-": "push it back toward the caster",
}


def _decision_words(event: Any, names: dict[str, str], players: dict[str, str], ledger: Any) -> str:
    """A choice in words: the die a caster spends (R-SN-14), stopping, keeping a Lasting die, being
    caught in its own blast (R-SN-28); who gets a Fumble Die and what its opponent makes of it."""
    who = names.get(event.unit, event.unit)
    effect_id = str(event.about or "").partition(":")[0]
    effect = (_get(ledger, "effects", None) or {}).get(effect_id)
    template = str(_get(effect, "template", "")) or "the Effect"
    answer = str(event.answer)
    if event.question == "sn_fumble_use":
        if answer.startswith("range:"):
            x, _, y = answer.removeprefix("range:").partition(",")
            choice = f"turn it onto ({x}, {y})"
        else:
            choice = _FUMBLE_CHOICES.get(answer, answer)
        return f"Fumble Die against {who}'s {template}: the opponent chooses to {choice} (R-SN-18)"
    if event.question == "sn_fumble_to":
        return f"{who} hands the Fumble Die to {players.get(answer, answer)} (R-SN-18)"
    if event.question == "sn_spread":
        what = "nothing" if answer == "none" else names.get(answer, answer)
        return f"{who} sets {what} alight (R-SN-3)"
    if event.question == "sn_detonate":
        return f"{who} blows up now (R-SN-5)" if answer == "yes" else f"{who} waits"
    if event.question == "sn_include_self":
        caught = "is caught in" if answer == "yes" else "keeps out of"
        return f"{who} {caught} the radius of its own {template} (R-SN-28)"
    if event.question == "sn_lasting":
        if answer.startswith("keep:"):
            target = answer.removeprefix("keep:")
            return f"{who} keeps the {template} on {names.get(target, target)} (Lasting, R-SN-12)"
        return f"{who} lets the {template} go (R-SN-12)"
    if answer == "stop":
        return f"{who} stops: the {template} lands"
    talisman_id, _, aspect = answer.partition(":")
    t = (_get(ledger, "talismans", None) or {}).get(talisman_id)
    die = f"{_get(t, 'name', talisman_id) or talisman_id} (d{_get(t, 'sides', '?')})"
    return f"{who} spends the {die} on {ASPECT_WORDS.get(aspect, aspect)} for the {template}"


def sn_dice_detail(event: Any, detail: str) -> str:
    """The Dice column of an SN die spent on a Diemon: nothing is rolled now, the die becomes the
    creature (R-SN-2/20); the engine's roll text speaks of a stat die."""
    roll = getattr(event, "roll", None) or {}
    if event.kind == "sn_die_rolled" and event.aspect == "creature" and not roll.get("faces"):
        return f"roll: none now — the d{roll.get('sides')} becomes the Diemon and rolls as its dice (R-SN-2)"
    return detail


def sn_map_result(event: Any, ledger: Any) -> tuple[str, tuple[int, int], str, int] | None:
    """(kind, cell, text, radius) of an SN event shown where it happens: each die's roll at the
    Effect's point, the area where it lands, a Fumble's use."""
    kind = event.kind
    if kind == "sn_die_rolled":
        return ("sn", _pair(event.at), _roll_words(event.aspect, event.roll), 0)
    effect = (_get(ledger, "effects", None) or {}).get(getattr(event, "effect", None) or "")
    template = str(_get(effect, "template", "")) or "Effect"
    if kind == "effect_landed":
        area = [f'{event.radius}" radius'] if event.radius else []
        arcs = int(getattr(event, "arc", 0) or 0)
        area += [f"{arcs} arc{'s' if arcs > 1 else ''} (45° each)"] if arcs else []
        if area:
            return ("blast", _pair(event.point), f"{template}: {', '.join(area)}", int(event.radius))
        return ("sn", _pair(event.point), f"{template} lands", 0)
    if kind == "sn_fumble_used" and effect is not None:
        text = "Fumble: " + _fumble_use_words(event.use, event.roll.get("total"), "the caster")
        return ("sn", _pair(_get(effect, "point")), text, 0)
    return None

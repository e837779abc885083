"""Events of SuperNatural play (Chapter D), in the log's words: each SN die as it is rolled, the
Effect's point moving along its path, Fumbles and what the opponent made of them, stat changes
and their end, dice coming back, Diemons appearing and going."""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.events import Event, register_event


def _cell(cell: Any) -> str:
    return f"({cell[0]}, {cell[1]})" if cell is not None else "-"


@register_event
class EffectCast(Event):
    """R-SN-7/14: a caster begins an Effect from its Cliché; dice follow one at a time."""

    kind = "effect_cast"
    unit: str
    effect: str
    template: str
    target: str | None
    aim: tuple[int, int] | None
    touch: bool  # R-SN-10: no Range dice
    delivery: str = ""  # R-SN-10: "shove" or "grab" for a hostile touch (uses the Action)

    def describe(self) -> str:
        what = self.target or _cell(self.aim)
        how = "by touch, free" if self.touch else "uses its Action"
        if self.delivery:
            how = f"by touch after a {self.delivery}, uses its Action"
        return f"{self.unit} casts {self.template} at {what} ({how}, R-SN-10)"


@register_event
class SNDieRolled(Event):
    """R-SN-14/17/18: one SN die spent on an Aspect and rolled at once, with its Bonus chain."""

    kind = "sn_die_rolled"
    unit: str
    effect: str
    talisman: str
    aspect: str
    roll: dict[str, Any]
    at: tuple[int, int]
    reach: str = ""  # Range dice: "7 of 9\""

    def describe(self) -> str:
        text = f"{self.unit}: {self.aspect} {self.roll.get('text', '')}"
        return text + (f" ({self.reach})" if self.reach else "") + f" [{self.talisman}]"


@register_event
class EffectMoved(Event):
    """R-SN-25/26: a Range die moved the Effect's point along its path (`cells` travelled)."""

    kind = "effect_moved"
    effect: str
    cells: tuple[tuple[int, int], ...]
    point: tuple[int, int]
    stopped_by: str | None = None  # what stopped a non-d12 die (R-SN-25)

    def describe(self) -> str:
        stop = f", stopped by {self.stopped_by}" if self.stopped_by else ""
        return f"{self.effect} moves to {_cell(self.point)}{stop}"


@register_event
class SNFumbled(Event):
    """R-SN-18: a natural 1: the die goes to an opponent as a Fumble Die."""

    kind = "sn_fumbled"
    unit: str
    effect: str
    talisman: str
    to: str  # the opponent's team

    def describe(self) -> str:
        return f"Fumble! {self.unit}'s {self.talisman} goes to {self.to} (R-SN-18)"


@register_event
class SNFumbleUsed(Event):
    """R-SN-18: the opponent rolled the Fumble Die and turned it against the Effect."""

    kind = "sn_fumble_used"
    team: str
    effect: str
    talisman: str
    roll: dict[str, Any]
    use: str
    story: str

    def describe(self) -> str:
        return f"Fumble! {self.story} ({self.roll.get('text', '')})"


@register_event
class EffectLanded(Event):
    """R-SN-15/27/28: where the Effect took hold, its area and what it caught."""

    kind = "effect_landed"
    effect: str
    point: tuple[int, int]
    targets: tuple[str, ...]
    radius: int = 0
    arc: int = 0
    reached: bool = True

    def describe(self) -> str:
        who = ", ".join(self.targets) or "nothing"
        area = f', radius {self.radius}"' if self.radius else ""
        area += f", {self.arc} arc" if self.arc else ""
        short = "" if self.reached else " short of its target"
        return f"{self.effect} lands at {_cell(self.point)}{short}{area}: {who}"


@register_event
class StatModified(Event):
    """R-SN-29/36/39, R-DICE-10: an Effect changed a stat the rules read (or gave it back)."""

    kind = "stat_modified"
    unit: str
    effect: str
    stat: str
    change: str
    now: str

    def describe(self) -> str:
        return f"{self.unit}: {self.stat} {self.change} → {self.now} ({self.effect})"


@register_event
class EffectEnded(Event):
    """R-SN-12/13/21: an Effect is over; what it changed is taken back."""

    kind = "effect_ended"
    effect: str
    unit: str  # the caster
    reason: str

    def describe(self) -> str:
        return f"{self.unit}'s {self.effect} ends ({self.reason})"


@register_event
class EffectKept(Event):
    """R-SN-12: a Lasting Effect keeps its Aspect die on one target."""

    kind = "effect_kept"
    effect: str
    unit: str
    talisman: str
    target: str

    def describe(self) -> str:
        return f"{self.unit} keeps {self.talisman} on {self.target} ({self.effect}, Lasting, R-SN-12)"


@register_event
class MindActs(Event):
    """R-SN-40: the unit's Action came back from an SN Mind, rolled with that Mind's die."""

    kind = "sn_mind"
    unit: str
    sides: int
    left: int  # Minds still unused this turn

    def describe(self) -> str:
        more = f", {self.left} more" if self.left else ""
        return f"{self.unit} acts again with an SN Mind: Action die d{self.sides}{more} (R-SN-40)"


@register_event
class WindowUsed(Event):
    """R-SN-15 (EX-13c): a caster's dice spent on a roll before it was judged changed it by
    `points` (0: the window's point never reached it)."""

    kind = "sn_window"
    unit: str
    effect: str
    roll: str  # "action" or "damage"
    roller: str
    points: int
    reached: bool

    def describe(self) -> str:
        if not self.reached:
            return f"{self.unit}'s dice fall short of {self.roller}'s {self.roll} roll (R-SN-15)"
        return f"{self.unit} changes {self.roller}'s {self.roll} roll by {self.points:+d} (R-SN-15)"


@register_event
class SNDiceReturned(Event):
    """R-SN-9: spent dice are back at the start of their controller's turn."""

    kind = "sn_dice_returned"
    unit: str
    talismans: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.unit}'s SN dice are back: {', '.join(self.talismans)} (R-SN-9)"


@register_event
class DiemonSummoned(Event):
    """R-SN-2/20: a Diemon is released onto the battlefield (a new unit)."""

    kind = "diemon_summoned"
    unit: str
    diemon: str
    at: tuple[int, int]
    effect: str
    summoner: str

    def describe(self) -> str:
        return f"{self.summoner} releases a {self.diemon}, {self.unit}, at {_cell(self.at)} (R-SN-2)"


@register_event
class DiemonMoveRolled(Event):
    """R-SN-2: a Diemon's Move is its die, rolled at the start of its owner's turn."""

    kind = "diemon_move_rolled"
    unit: str
    move: int

    def describe(self) -> str:
        return f'{self.unit} may move {self.move}" this turn (R-SN-2)'


@register_event
class DiemonBurning(Event):
    """R-SN-3: a 4pion's Burning Roll at its owner's turn start."""

    kind = "diemon_burning"
    unit: str
    face: int

    def describe(self) -> str:
        tail = "burns out" if self.face == 1 else f"burns (spreads to Weight below {self.face})"
        return f"{self.unit} rolls {self.face} for Burning: {tail} (R-SN-3)"


@register_event
class DiemonGone(Event):
    """R-SN-3/5/21: a Diemon vanished (burnt out, detonated, its Effect ended, destroyed)."""

    kind = "diemon_gone"
    unit: str
    reason: str

    def describe(self) -> str:
        return f"{self.unit} is gone ({self.reason})"


@register_event
class TalismanDropped(Event):
    """R-SN-8: a Talisman falls where its holder fell; anyone may take it up."""

    kind = "talisman_dropped"
    talisman: str
    unit: str
    at: tuple[int, int]

    def describe(self) -> str:
        return f"{self.unit} drops the {self.talisman} at {_cell(self.at)} (R-SN-8)"


@register_event
class TalismanTaken(Event):
    """R-SN-8: a unit took up a Talisman: it now controls its die."""

    kind = "talisman_taken"
    talisman: str
    unit: str

    def describe(self) -> str:
        return f"{self.unit} takes the {self.talisman} and its die (R-SN-8)"


@register_event
class TalismanDestroyed(Event):
    """R-SN-8: a Talisman was destroyed; its die is gone for the battle."""

    kind = "talisman_destroyed"
    talisman: str
    unit: str | None  # who carried it (None: it lay on the battlefield)

    def describe(self) -> str:
        whose = f"{self.unit}'s " if self.unit else ""
        return f"{whose}{self.talisman} is destroyed: its die is gone for the battle (R-SN-8)"

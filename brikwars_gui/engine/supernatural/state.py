"""SN state on `GameState.sn` (R-SN-8/9/12): Talismans and their dice, the Cliché's Effect
templates, the Effects under way and exactly what each changed. Everything is `Journaled`, so a
failed order, undo and replay restore it like the rest of the battle."""

from __future__ import annotations

from dataclasses import dataclass, field

from brikwars_gui.engine.journal import Journaled

Cell = tuple[int, int]

#: Talisman statuses (R-SN-9, R-SN-12): ready to spend; spent this turn (back at the controller's
#: next turn start); held by a Lasting Effect or a Diemon; destroyed (gone for the battle).
READY, SPENT, HELD, DESTROYED = "ready", "spent", "held", "destroyed"


@dataclass
class TalismanState(Journaled):
    """One SN die bound to its Talisman (R-SN-8); `holder` is the unit that controls it (None: it
    lies on the battlefield at `cell`); `origin` the unit whose Cliché it carries (R-SN-7)."""

    id: str
    name: str
    sides: int
    holder: str | None
    status: str = READY
    held_by: str | None = None  # the Effect holding the die (Lasting, Diemon)
    cell: Cell | None = None  # where a dropped Talisman lies (R-SN-8)
    origin: str = ""


@dataclass
class EffectTemplate(Journaled):
    """An Effect the Cliché allows (R-SN-7): fixed before the first die, never changed in play."""

    name: str
    target: str  # tables.TARGET_KINDS
    aspects: tuple[str, ...]
    form: str = "bolt"  # tables.FORMS
    element: str = "fire"  # the d4 Damage's fire type (R-SN-1/34)
    lasting: bool = False  # its Aspect dice may stay on targets (R-SN-12)


@dataclass
class StatMod(Journaled):
    """One change an Effect made to one unit's stat, as the engine reads it (`armor` term,
    `move` inches actually taken or given, `blessings`/`curses` die, `sn_roll_bonus`)."""

    unit: str
    stat: str
    talisman: str
    value: int = 0  # inches / points (move, sn_roll_bonus), or die sides (blessings, curses)
    term: str = ""  # the Armor term, e.g. "+1d6" (R-SN-36)


@dataclass
class EffectState(Journaled):
    """One cast Effect (R-SN-14/15): its dice, where its point went, and what it changed."""

    id: str
    caster: str
    template: str
    origin: Cell
    point: Cell
    target: str | None = None  # unit or object id aimed at; None: the cell `aim`
    aim: Cell | None = None
    dice: dict[str, str] = field(default_factory=dict)  # talisman -> aspect it was spent on
    path: list[Cell] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)  # units and objects it landed on
    mods: list[StatMod] = field(default_factory=list)
    radius: int = 0  # R-SN-28
    arc: int = 0  # R-SN-27: 45° Firing Arcs (counted die by die while it is built)
    reach: int = 0  # inches its Range dice rolled (a d8 arc reaches as far, R-SN-27)
    stopped_by: str | None = None  # the object (or "terrain") a non-d12 Range die stopped at (R-SN-25)
    creature: str | None = None  # the Diemon it sustains (R-SN-20/21)
    lasting: bool = False  # kept at a turn start (R-SN-12)
    ended: bool = False


@dataclass
class SNLedger(Journaled):
    """Everything SuperNatural in a battle. `talismans` empty: no SN unit, nothing to do."""

    talismans: dict[str, TalismanState] = field(default_factory=dict)
    templates: dict[str, list[EffectTemplate]] = field(default_factory=dict)  # unit -> its Cliché's
    cliches: dict[str, str] = field(default_factory=dict)  # unit -> Cliché name
    effects: dict[str, EffectState] = field(default_factory=dict)
    diemons: dict[str, str] = field(default_factory=dict)  # Diemon unit -> its Effect id
    base_armor: dict[str, str] = field(default_factory=dict)  # unit -> Armor before SN dice (R-SN-36)
    base_weights: dict[str, float] = field(default_factory=dict)  # unit -> Weight before Armor d10s (R-SN-37)
    base_weapons: dict[str, str] = field(default_factory=dict)  # "unit:weapon" -> "damage|type" before SN
    base_skills: dict[str, int] = field(default_factory=dict)  # unit -> own Action die (R-SN-40)
    fired: dict[str, str] = field(default_factory=dict)  # "unit:weapon" -> "round:player" fired (R-SN-40)
    seq: int = 0

    @property
    def active(self) -> bool:
        """Whether this battle has SN at all (the O(1) check every hook starts with)."""
        return bool(self.talismans)

    def talismans_of(self, unit_id: str) -> list[TalismanState]:
        return [t for t in self.talismans.values() if t.holder == unit_id]

    def templates_for(self, unit_id: str) -> list[EffectTemplate]:
        """The Effects a unit may cast (R-SN-7): its own Cliché's, then those of the Clichés of
        Talismans it took from others (R-SN-8), each name once."""
        out = list(self.templates.get(unit_id, ()))
        names = {t.name for t in out}
        for talisman in self.talismans_of(unit_id):
            for template in self.templates.get(talisman.origin, ()) if talisman.origin != unit_id else ():
                if template.name not in names:
                    out.append(template)
                    names.add(template.name)
        return out

    def template(self, unit_id: str, name: str) -> EffectTemplate | None:
        return next((t for t in self.templates_for(unit_id) if t.name == name), None)

    def live_effects(self, caster: str | None = None) -> list[EffectState]:
        return [e for e in self.effects.values() if not e.ended and (caster is None or e.caster == caster)]

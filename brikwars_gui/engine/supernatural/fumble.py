"""Fumble Dice (R-SN-18): a natural 1 on a spent SN die goes to an opponent of the caster's
choice, who rolls it (with its own same-size chain) and, knowing the total, turns it against the
Effect; a natural 1 on the Fumble Die sends it back to the caster, who may spend it again.

Uses offered (docs/rules-decisions.md, "SuperNatural"): `none`; `damage-` (the Effect's Damage
less the total); `mod-` (its stat changes less the total); `range-` (its point falls back toward
the caster); `range:x,y` (its point jumps to a unit's cell within the total's inches). The engine
answers for a computer opponent with the most damaging use (`fumble_default`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from brikwars_gui.engine.dice.sn import sn_roll
from brikwars_gui.engine.geometry import in_range
from brikwars_gui.engine.rules.common import DecisionRequest, PlayContext, parse_cell
from brikwars_gui.engine.state import Cell, UnitState
from brikwars_gui.engine.supernatural.events import EffectMoved, SNFumbled, SNFumbleUsed
from brikwars_gui.engine.supernatural.fumble_odds import use_value
from brikwars_gui.engine.supernatural.path import advance
from brikwars_gui.engine.supernatural.state import READY, EffectState, EffectTemplate, TalismanState
from brikwars_gui.engine.supernatural.tables import ELEMENTS, STAT_ASPECTS


@dataclass
class Against:
    """What Fumbles took from an Effect while it is being built (applied when it lands)."""

    damage: int = 0
    mods: int = 0
    notes: list[str] = field(default_factory=list)


def _opponents(ctx: PlayContext, caster: UnitState) -> list[str]:
    state = ctx.state
    alive = state.unit_index().alive_by_team
    return [p for p in state.turn_order if p != caster.team and alive.get(p, 0) > 0]


def fumble(
    ctx: PlayContext,
    caster: UnitState,
    effect: EffectState,
    template: EffectTemplate,
    talisman: TalismanState,
    against: Against,
    rolled: Sequence[tuple[str, str, Any]] = (),
    planned: Sequence[str] = (),
    dest: Cell | None = None,
) -> bool:
    """Play one Fumble Die; True when it came back to the caster (a double Fumble). `rolled`, the
    dice that took effect so far, `planned`, the caster's remaining plan steps, and `dest`, the cell
    aimed at, let the engine value each use exactly (`fumble_odds.py`)."""
    opponents = _opponents(ctx, caster)
    if not opponents:
        return False
    to = opponents[0]
    if len(opponents) > 1:
        to = ctx.ask(DecisionRequest("sn_fumble_to", caster.id, caster.team, effect.id, tuple(opponents), to))
    ctx.emit(SNFumbled(caster.id, effect.id, talisman.id, to))
    roll = sn_roll(talisman.sides, ctx.dice, purpose=f"{to} Fumble Die")
    if roll.fumble:  # a 1 on the Fumble Die: back to the caster (R-SN-18)
        talisman.status = READY
        effect.dice.pop(talisman.id, None)
        story = f"the {talisman.name} bounces back to {caster.name}"
        ctx.emit(SNFumbleUsed(to, effect.id, talisman.id, roll.to_dict(), "back", story))
        return True
    total = roll.total
    options, default = fumble_options(
        ctx, caster, effect, template, to, total, rolled, planned, against, dest or effect.point
    )
    use = ctx.ask(
        DecisionRequest(
            "sn_fumble_use",
            caster.id,
            to,
            effect.id,
            options,
            default,
            {"total": total, "effect": effect.template, "point": list(effect.point)},
        )
    )
    story = _apply(ctx, caster, effect, template, to, total, use, against)
    ctx.emit(SNFumbleUsed(to, effect.id, talisman.id, roll.to_dict(), use, story))
    return False


def fumble_options(
    ctx: PlayContext,
    caster: UnitState,
    effect: EffectState,
    template: EffectTemplate,
    to: str,
    total: int,
    rolled: Sequence[tuple[str, str, Any]] = (),
    planned: Sequence[str] = (),
    against: Against | None = None,
    dest: Cell | None = None,
) -> tuple[tuple[str, ...], str]:
    """The legal uses of a Fumble Die of `total` and the engine's most damaging one (S9): each
    valued exactly for the opponent as the Effect would then land (`fumble_odds.use_value`); ties
    go to the earlier option (`none` first)."""
    state = ctx.state
    aspects = set(template.aspects)
    options = ["none"]
    if aspects & {"damage+", "damage-"}:
        options.append("damage-")
    if aspects & STAT_ASPECTS:
        options.append("mod-")
    if effect.point != effect.origin:
        options.append("range-")
    if "range" in aspects:
        for unit in sorted(state.units_near(effect.point, total), key=lambda u: (u.pos[1], u.pos[0])):
            if unit.pos == effect.point or not in_range(effect.point, unit.pos, total):
                continue
            key = f"range:{unit.pos[0]},{unit.pos[1]}"
            if key not in options:
                options.append(key)
    ledger = state.sn
    steps = []
    for step in planned:
        talisman_id, _, aspect = step.partition(":")
        talisman = ledger.talismans.get(talisman_id)
        if talisman is not None and talisman.status == READY and talisman.holder == caster.id:
            steps.append((aspect, talisman.sides))
    if not planned:  # built by hand: assume its other ready dice go where the template hurts or helps
        steps = _assumed_steps(state, caster, template)
    taken = (against.damage, against.mods) if against is not None else (0, 0)
    aim = dest if dest is not None else effect.point
    values = {o: use_value(state, caster, effect, to, o, total, rolled, steps, aim, taken) for o in options}
    default = max(options, key=lambda o: (round(values[o], 9), -options.index(o)))
    return tuple(options), default


def _apply(
    ctx: PlayContext,
    caster: UnitState,
    effect: EffectState,
    template: EffectTemplate,
    to: str,
    total: int,
    use: str,
    against: Against,
) -> str:
    element = template.element if "damage+" in template.aspects else ELEMENTS[12]
    name = f"{caster.name}'s {effect.template}"
    if use == "damage-":
        against.damage += total
        return f"{to} smothers {name}: Damage −{total}"
    if use == "mod-":
        against.mods += total
        return f"{to} twists {name}: its changes −{total}"
    if use == "range-":
        back, cells, _stop = advance(ctx.state, effect.point, effect.origin, total, 12)
        _move(ctx, effect, back, cells)
        return f'{to} pushes {name} back {total}" toward {caster.name}'
    if use.startswith("range:"):
        cell: Cell = parse_cell(use.removeprefix("range:"))
        _move(ctx, effect, cell, [cell])
        return f"{to} turns the {element} of {name} to {cell}"
    return f"{to} lets {name}'s Fumble pass"


def _move(ctx: PlayContext, effect: EffectState, point: Cell, cells: list[Cell]) -> None:
    effect.point = point
    effect.path.extend(cells)
    effect.stopped_by = None
    ctx.emit(EffectMoved(effect.id, tuple(cells), point))


def _assumed_steps(state, caster: UnitState, template: EffectTemplate) -> list[tuple[str, int]]:
    """The rest of an Effect built by hand, for valuing a Fumble's uses: every other ready die of
    the caster on the template's Damage, else on its first stat Aspect (no more Range dice)."""
    aspects = [a for a in template.aspects if a in STAT_ASPECTS]
    aspect = "damage+" if "damage+" in template.aspects else (aspects[0] if aspects else None)
    if aspect is None:
        return []
    ready = [t for t in state.sn.talismans_of(caster.id) if t.status == READY]
    return [(aspect, t.sides) for t in ready]

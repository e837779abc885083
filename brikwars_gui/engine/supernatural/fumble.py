"""Fumble Dice (R-SN-18): a natural 1 on a spent SN die goes to an opponent of the caster's
choice, who rolls it (with its own same-size chain) and, knowing the total, turns it against the
Effect; a natural 1 on the Fumble Die sends it back to the caster, who may spend it again.

Uses offered (docs/rules-decisions.md, "SuperNatural"): `none`; `damage-` (the Effect's Damage
less the total); `mod-` (its stat changes less the total); `range-` (its point falls back toward
the caster); `range:x,y` (its point jumps to a unit's cell within the total's inches). The engine
answers for a computer opponent with the most damaging use (`fumble_default`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from brikwars_gui.engine.dice.sn import sn_roll
from brikwars_gui.engine.grid import distance, in_range
from brikwars_gui.engine.rules.common import DecisionRequest, PlayContext, parse_cell
from brikwars_gui.engine.state import Cell, UnitState
from brikwars_gui.engine.supernatural.events import EffectMoved, SNFumbled, SNFumbleUsed
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
) -> bool:
    """Play one Fumble Die; True when it came back to the caster (a double Fumble)."""
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
    options, default = fumble_options(ctx, caster, effect, template, to, total)
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
    ctx: PlayContext, caster: UnitState, effect: EffectState, template: EffectTemplate, to: str, total: int
) -> tuple[tuple[str, ...], str]:
    """The legal uses of a Fumble Die of `total` and the engine's most damaging one (S9): a hostile
    Effect is best redirected onto the caster's own side (the nearest friend of the caster to the
    point), else weakened; a helpful one is weakened."""
    state = ctx.state
    aspects = set(template.aspects)
    options = ["none"]
    scores: dict[str, float] = {"none": 0.0}
    if aspects & {"damage+", "damage-"}:
        options.append("damage-")
        scores["damage-"] = 1.0
    if aspects & STAT_ASPECTS:
        options.append("mod-")
        friendly = _helps(state, caster, effect)
        scores["mod-"] = 1.5 if friendly else 0.2
    if effect.point != effect.origin:
        options.append("range-")
        scores["range-"] = 0.5
    if "range" in aspects:
        for unit in state.units_near(effect.point, total):
            if unit.pos == effect.point or not in_range(effect.point, unit.pos, total):
                continue
            key = f"range:{unit.pos[0]},{unit.pos[1]}"
            if key in scores:
                continue
            options.append(key)
            harm = {"curse", "armor-", "move-", "flight-", "action-"}
            hostile = "damage+" in aspects or bool(aspects & harm)
            if unit.team == caster.team and hostile:
                scores[key] = 3.0 - distance(effect.point, unit.pos) / 100  # its own side takes it
            elif unit.team == to and not hostile:
                scores[key] = 2.0  # a helpful Effect given to the opponent
            else:
                scores[key] = -1.0
    default = max(options, key=lambda o: (scores.get(o, 0.0), -options.index(o)))
    return tuple(options), default


def _helps(state, caster: UnitState, effect: EffectState) -> bool:
    target = state.units.get(effect.target) if effect.target else None
    return target is not None and target.team == caster.team


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

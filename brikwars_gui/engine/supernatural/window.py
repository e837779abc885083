"""Roll windows (R-SN-15, EX-13c, design map S8): after an attack's Action roll and after its
Damage roll, before either is judged, casters with a ready die that can reach may spend SN dice
on it, one at a time (question `sn_window`, engine default `stop`).

* Action roll: by touch only — a caster of the roller's side within 1" (or the roller itself)
  adds `action+` / takes `action-` points off the needed number (R-SN-39).
* Damage roll: Range dice carry the window's point from the caster to the impact point along the
  path (R-SN-25/26); once there, `damage+` / `damage-` dice add or take their points. Touch (free)
  when the caster is within 1" of a target of its own side.

A window needing Range uses the caster's Action (its saved Action on another side's turn). The
dice only add or take points; the rest of the attack stays the weapon's. `open_window` returns
at once in a battle without SN units (`ledger.active`, O(1)), so SN-free logs never change.
The computer players' answer is `advised` (docs/rules-decisions.md, "SuperNatural").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.dice.sn import sn_at_least, sn_roll
from brikwars_gui.engine.geometry import distance, within_reach
from brikwars_gui.engine.rules.common import DecisionRequest, PlayContext
from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.supernatural.events import EffectMoved, SNDieRolled, WindowUsed
from brikwars_gui.engine.supernatural.fumble import Against, fumble
from brikwars_gui.engine.supernatural.path import advance
from brikwars_gui.engine.supernatural.state import READY, SPENT, EffectState, EffectTemplate, TalismanState

ACTION, DAMAGE = "action", "damage"
#: What a window's dice may be spent on, by roll (R-SN-15): the Aspects that can change it.
WINDOW_ASPECTS = {ACTION: ("action+", "action-"), DAMAGE: ("range", "damage+", "damage-")}
WINDOW = "Roll window"


@dataclass(frozen=True)
class Roll:
    """The roll a window is open on: its kind, who rolled it, where it lands (the target's cell),
    the target, and its total and needed number so far (Damage: needed None)."""

    kind: str
    roller: str
    at: Cell
    target: str | None
    total: int
    needed: int | None = None
    critical: bool = False  # a Critical Failure: no SN die saves it (R-DICE-3)


def open_window(ctx: PlayContext, roll: Roll) -> int:
    """Ask every caster who can reach this roll; the points their dice add (negative: take)."""
    state = ctx.state
    if not state.sn.active:
        return 0
    points = 0
    for caster in _casters(state, roll):
        seen = Roll(roll.kind, roll.roller, roll.at, roll.target, roll.total + points, roll.needed)
        points += _window(ctx, caster, seen)
    return points


def _casters(state: GameState, roll: Roll) -> list[UnitState]:
    roller = state.units[roll.roller]
    holders = {t.holder for t in state.sn.talismans.values() if t.status == READY and t.holder}
    order = {team: i for i, team in enumerate(state.turn_order)}
    units = [state.units[h] for h in holders if h in state.units]
    units = [
        u
        for u in units
        if u.alive
        and not u.disrupted
        and _reach(state, u, roll) is not None
        and not _settled(state, u, roll, 0)
    ]
    return sorted(units, key=lambda u: (u.team != roller.team, order.get(u.team, 99), u.id))


def _aspects(state: GameState, caster: UnitState, kind: str) -> list[str]:
    allowed = {a for t in state.sn.templates_for(caster.id) for a in t.aspects}
    return [a for a in WINDOW_ASPECTS[kind] if a in allowed]


def _touch(state: GameState, caster: UnitState, roll: Roll) -> bool:
    if roll.kind == ACTION:
        roller = state.units[roll.roller]
        return roller.team == caster.team and within_reach(caster.pos, roller.pos)
    target = state.units.get(roll.target) if roll.target else None
    friendly = target is not None and target.team == caster.team
    return friendly and within_reach(caster.pos, roll.at)


def _has_action(state: GameState, caster: UnitState) -> bool:
    own_turn = caster.team == state.active_player
    return not caster.action_used if own_turn else caster.saved_action


def _reach(state: GameState, caster: UnitState, roll: Roll) -> bool | None:
    """True: by touch; False: by Range; None: this caster cannot reach the roll."""
    aspects = _aspects(state, caster, roll.kind)
    ready = sum(1 for t in state.sn.talismans_of(caster.id) if t.status == READY)
    if _touch(state, caster, roll):
        return True if any(a != "range" for a in aspects) and ready else None
    if roll.kind == ACTION or "range" not in aspects or len(aspects) < 2 or ready < 2:
        return None
    return False if _has_action(state, caster) else None


def _template(state: GameState, caster: UnitState, kind: str) -> EffectTemplate:
    """The window as an Effect of the caster's Cliché (its element for a Fumble's story)."""
    own = state.sn.templates_for(caster.id)
    element = next((t.element for t in own if "damage+" in t.aspects), "fire")
    return EffectTemplate(WINDOW, "unit", tuple(_aspects(state, caster, kind)), "bolt", element)


def _window(ctx: PlayContext, caster: UnitState, roll: Roll) -> int:
    state = ctx.state
    ledger = state.sn
    touch = bool(_reach(state, caster, roll))
    template = _template(state, caster, roll.kind)
    effect: EffectState | None = None
    point = roll.at if touch else caster.pos
    stopped = False
    against = Against()
    plus = minus = 0
    while True:
        options = _options(state, caster, template, point, roll.at, stopped)
        if not options:
            break
        detail = _detail(state, caster, roll, point, plus - minus, options)
        answer = ctx.ask(
            DecisionRequest(
                "sn_window",
                caster.id,
                caster.team,
                roll.target or roll.roller,
                ("stop", *options),
                "stop",
                detail,
            )
        )
        if answer == "stop":
            break
        talisman_id, _, aspect = answer.partition(":")
        talisman = ledger.talismans[talisman_id]
        if effect is None:
            effect = _begin(ctx, caster, roll, point, touch)
        talisman.status = SPENT
        effect.dice[talisman_id] = aspect
        rolled = sn_roll(talisman.sides, ctx.dice, purpose=f"{caster.id} window {aspect}")
        reach_text = ""
        if aspect == "range" and not rolled.fumble:
            point, cells, stop = advance(state, effect.point, roll.at, rolled.total, talisman.sides)
            effect.point = point
            effect.path.extend(cells)
            effect.stopped_by = stop
            stopped = stop is not None
            reach_text = f'{distance(effect.origin, point):.0f} of {distance(effect.origin, roll.at):.0f}"'
        ctx.emit(
            SNDieRolled(caster.id, effect.id, talisman_id, aspect, rolled.to_dict(), effect.point, reach_text)
        )
        if aspect == "range" and not rolled.fumble:
            ctx.emit(EffectMoved(effect.id, tuple(cells), effect.point, effect.stopped_by))
        if rolled.fumble:
            fumble(ctx, caster, effect, template, talisman, against)
            point, stopped = effect.point, effect.stopped_by is not None
            continue
        if aspect.endswith("+"):
            plus += rolled.total
        elif aspect.endswith("-"):
            minus += rolled.total
    if effect is None:
        return 0
    reached = effect.point == roll.at
    points = (max(0, plus - against.damage - against.mods) - minus) if reached else 0
    if roll.kind == DAMAGE:
        points = max(points, -roll.total)  # Damage never below 0
    effect.targets = [roll.target] if reached and roll.target else []
    effect.ended = True  # instant: its dice come back at the owner's next turn start (R-SN-9)
    ctx.emit(WindowUsed(caster.id, effect.id, roll.kind, roll.roller, points, reached))
    return points


def _begin(ctx: PlayContext, caster: UnitState, roll: Roll, point: Cell, touch: bool) -> EffectState:
    state = ctx.state
    ledger = state.sn
    ledger.seq += 1
    effect = EffectState(f"fx{ledger.seq}", caster.id, WINDOW, caster.pos, point, roll.target, roll.at)
    ledger.effects[effect.id] = effect
    if not touch:  # a distant Effect: the Action, or the saved Action off its own turn (R-RESP-1)
        if caster.team == state.active_player:
            caster.action_used = True
        else:
            caster.saved_action = False
    return effect


def _options(
    state: GameState, caster: UnitState, template: EffectTemplate, point: Cell, dest: Cell, stopped: bool
) -> list[str]:
    reached = point == dest
    out = []
    for talisman in state.sn.talismans_of(caster.id):
        if talisman.status != READY:
            continue
        for aspect in template.aspects:
            if aspect == "range" and (reached or (stopped and talisman.sides != 12)):
                continue  # R-SN-25/26
            if aspect != "range" and not reached:
                continue  # R-SN-15: the Aspect acts where the roll lands, once the point is there
            out.append(f"{talisman.id}:{aspect}")
    return out


def _detail(
    state: GameState, caster: UnitState, roll: Roll, point: Cell, so_far: int, options: list[str]
) -> dict[str, Any]:
    left = distance(point, roll.at)
    need = math.ceil(left - 1e-9)
    p_reach = {
        t.id: round(sn_at_least(t.sides, need), 4)
        for t in state.sn.talismans_of(caster.id)
        if t.status == READY
    }
    detail: dict[str, Any] = {
        "kind": roll.kind,
        "roller": roll.roller,
        "target": roll.target,
        "at": list(roll.at),
        "total": roll.total + so_far,
        "needed": roll.needed,
        "point": list(point),
        "distance": round(left, 3),
        "p_reach": p_reach,
    }
    detail["advised"] = advised(state, caster, roll, point, so_far, options)
    detail.update(_words(state, caster, roll, point, so_far, options, need))
    return detail


_ASPECT_WORDS = {
    "range": "Range",
    "damage+": "Damage +",
    "damage-": "Damage −",
    "action+": "Action +",
    "action-": "Action −",
}


def _words(
    state: GameState, caster: UnitState, roll: Roll, point: Cell, so_far: int, options: list[str], need: int
) -> dict[str, str]:
    """The question and each answer in words, with the exact chance a die does what it is for
    (the prompt shows them as they are: the numbers are the engine's)."""
    total = roll.total + so_far
    roller = state.units[roll.roller].name
    if roll.kind == ACTION:
        judged = f"needs {roll.needed - so_far}" if roll.needed is not None else "unjudged"
        words = {"words": f"{roller}'s Action roll is {roll.total} ({judged}), not judged yet."}
        short = (roll.needed or 0) - total
    else:
        where = f'the impact point is {need}" away' if need else "your Effect is at the impact point"
        words = {"words": f"{roller}'s Damage is {total}, not judged yet; {where}."}
        short = 0
    words["stop"] = "Let the roll stand"
    for option in options:
        talisman_id, _, aspect = option.partition(":")
        talisman = state.sn.talismans[talisman_id]
        text = f"{_ASPECT_WORDS[aspect]}: {talisman.name} d{talisman.sides}"
        if aspect == "range":
            text += f" — {sn_at_least(talisman.sides, need):.0%} to reach the impact point alone"
        elif aspect == "action+" and short > 0:
            text += f" — {sn_at_least(talisman.sides, short):.0%} to make up the {short} it lacks"
        words[option] = text
    return words


def advised(
    state: GameState, caster: UnitState, roll: Roll, point: Cell, so_far: int, options: list[str]
) -> str:
    """The computer players' answer (docs/rules-decisions.md, "SuperNatural"): spend only where
    the dice can change the roll's outcome, with even chance or better; otherwise `stop`."""
    dice = {t.id: t for t in state.sn.talismans_of(caster.id) if t.status == READY}

    def pick(aspect: str) -> str | None:
        steps = [o for o in options if o.endswith(f":{aspect}")]
        return max(steps, key=lambda o: (dice[o.split(":", 1)[0]].sides, o), default=None)

    if _settled(state, caster, roll, so_far):
        return "stop"
    if roll.kind == ACTION:
        short = (roll.needed or 0) - roll.total - so_far
        step = pick("action+")
        if step is None:
            return "stop"
        return step if sn_at_least(dice[step.split(":", 1)[0]].sides, short) >= 0.5 else "stop"
    target = state.units.get(roll.target) if roll.target else None
    if target is None:
        return "stop"
    aspect = "damage+" if target.team != caster.team else "damage-"
    if point == roll.at:
        return pick(aspect) or "stop"
    return _range_step(state, caster, roll, point, options, dice) or "stop"


def _settled(state: GameState, caster: UnitState, roll: Roll, so_far: int) -> bool:
    """Whether no die of `caster` can change the roll's outcome any more (then it is not asked):
    an Action roll of its side that hits already or failed critically (R-DICE-3); Damage to an
    enemy above its highest Armor roll, or to a friend below its lowest."""
    total = roll.total + so_far
    if roll.kind == ACTION:
        friend = state.units[roll.roller].team == caster.team
        return not friend or roll.critical or roll.needed is None or total >= roll.needed
    target = state.units.get(roll.target) if roll.target else None
    if target is None:
        return False
    armor = parse_dice(target.armor)
    lowest = armor.modifier + sum(t.count * (1 if t.sign > 0 else -t.sides) for t in armor.terms)
    highest = armor.modifier + sum(t.count * (t.sides if t.sign > 0 else -1) for t in armor.terms)
    return total > highest if target.team != caster.team else total < lowest


def _range_step(
    state: GameState,
    caster: UnitState,
    roll: Roll,
    point: Cell,
    options: list[str],
    dice: dict[str, TalismanState],
) -> str | None:
    """The Range die likeliest to reach, if the Range dice would still leave one for the Damage
    and the likeliest one alone reaches with even chance."""
    ranges = [o for o in options if o.endswith(":range")]
    if len(dice) < 2 or not ranges:
        return None
    need = math.ceil(distance(point, roll.at) - 1e-9)
    best = max(ranges, key=lambda o: (sn_at_least(dice[o.split(":", 1)[0]].sides, need), o))
    chance = sn_at_least(dice[best.split(":", 1)[0]].sides, need)
    return best if chance >= 0.5 or len(dice) > 2 else None

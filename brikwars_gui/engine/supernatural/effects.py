"""What an Effect changes and how it ends (R-SN-12/13/21/29/36/39, R-DICE-10).

SN writes into the stats the engine already reads — `armor` (an expression the Armor roll rerolls),
`move`, `blessings`/`curses`, `sn_roll_bonus` — so movement, combat, the attack card and the AI
see the change with no new code. Each change is a `StatMod` on its Effect, recording exactly
what it did, so ending the Effect takes exactly that back.
"""

from __future__ import annotations

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.rules.roster import note_weapon
from brikwars_gui.engine.state import UnitState
from brikwars_gui.engine.supernatural.events import DiemonGone, EffectEnded, StatModified, TalismanDropped
from brikwars_gui.engine.supernatural.minds import lost_mind, next_mind
from brikwars_gui.engine.supernatural.state import DESTROYED, HELD, SPENT, EffectState, StatMod


def _armor_terms(ctx: RulesContext, unit_id: str) -> list[str]:
    return [
        m.term
        for e in ctx.state.sn.effects.values()
        if not e.ended
        for m in e.mods
        if m.unit == unit_id and m.stat == "armor"
    ]


def _set_armor(ctx: RulesContext, unit: UnitState) -> None:
    """R-SN-36: the Armor expression is the unit's own plus every live SN Armor die on it."""
    ledger = ctx.state.sn
    base = ledger.base_armor.get(unit.id, unit.armor)
    weight = ledger.base_weights.get(unit.id, unit.weight)
    terms = _armor_terms(ctx, unit.id)
    if terms:
        ledger.base_armor[unit.id] = base
        unit.armor = base + "".join(terms)
    else:
        ledger.base_armor.pop(unit.id, None)
        unit.armor = base
    d10s = sum(t.count * t.sign for t in parse_dice(unit.armor).terms if t.sides == 10)
    if any(t.endswith("1d10") for t in terms):  # R-SN-37: Weight = the d10s in its Armor, ½..5
        ledger.base_weights[unit.id] = weight
        unit.weight = min(5.0, max(0.5, float(d10s)))
    elif unit.id in ledger.base_weights:
        unit.weight = ledger.base_weights.pop(unit.id)


def _weapon_terms(ctx: RulesContext, unit_id: str, name: str) -> list[str]:
    key = f"weapon:{name}"
    return [
        m.term
        for e in ctx.state.sn.effects.values()
        if not e.ended
        for m in e.mods
        if m.unit == unit_id and m.stat == key
    ]


def weapon_damage(base: str, terms: list[str]) -> str:
    """R-SN-34/35: a weapon's Damage rating with SN dice: `+1dN` joins it; `-1dN` cancels a
    die of that size in it (both gone, no roll) or else subtracts its points."""
    parsed = parse_dice(base)
    dice = [[t.count, t.sides, t.sign] for t in parsed.terms]
    extra: list[str] = []
    cancelled = False
    for term in terms:
        sides = int(term.split("d", 1)[1])
        if term.startswith("-"):
            match = next((d for d in dice if d[1] == sides and d[2] > 0 and d[0] > 0), None)
            if match is not None:
                match[0] -= 1
                cancelled = True
                continue
        extra.append(f"{term[0]}1d{sides}")
    if not cancelled:
        return base + "".join(extra)
    text = "".join(f"{'-' if sign < 0 else '+'}{count}d{sides}" for count, sides, sign in dice if count)
    if parsed.modifier:
        text += f"{parsed.modifier:+d}"
    text += "".join(extra)
    return text.lstrip("+") or "0"


def _set_weapon(ctx: RulesContext, unit: UnitState, name: str, element: str = "fire") -> None:
    """The weapon's Damage is its own plus every live SN Damage die on it; a d4 that joins a
    weapon of plain Damage makes it Fire of the Effect's element (its d4s ignite, R-SN-34)."""
    ledger = ctx.state.sn
    key = f"{unit.id}:{name}"
    weapon = next(w for w in unit.weapons if w.name == name)
    base = ledger.base_weapons.get(key, f"{weapon.damage}|{weapon.damage_type}")
    damage, kind = base.split("|", 1)
    terms = _weapon_terms(ctx, unit.id, name)
    if not terms:
        ledger.base_weapons.pop(key, None)
        weapon.damage, weapon.damage_type = damage, kind
        return
    ledger.base_weapons[key] = base
    weapon.damage = weapon_damage(damage, [t.split("@", 1)[0] for t in terms])
    fire = [t.split("@", 1)[1] for t in terms if "@" in t]
    weapon.damage_type = fire[0] if fire and kind == "normal" and "d4" in weapon.damage else kind


def apply_weapon_mod(
    ctx: RulesContext,
    effect: EffectState,
    unit: UnitState,
    name: str,
    talisman: str,
    sides: int,
    element: str,
) -> None:
    """R-SN-34/35: one SN Damage die (signed sides) joins or cancels in `unit`'s weapon `name`."""
    term = f"{'+' if sides > 0 else '-'}1d{abs(sides)}" + (f"@{element}" if sides == 4 else "")
    effect.mods.append(StatMod(unit.id, f"weapon:{name}", talisman, term=term))
    _set_weapon(ctx, unit, name)
    weapon = next(w for w in unit.weapons if w.name == name)
    ctx.emit(StatModified(unit.id, effect.id, f"weapon:{name}", term.split("@", 1)[0], _weapon_text(weapon)))


def apply_weapon_range(
    ctx: RulesContext, effect: EffectState, unit: UnitState, name: str, talisman: str, inches: int
) -> None:
    """R-SN-24: a Range die's inches onto (or off) `unit`'s weapon `name`'s Range, never below 0;
    the Responses' reach bound is widened (`roster.note_weapon`, design map S5)."""
    weapon = next(w for w in unit.weapons if w.name == name)
    applied = max(inches, -(weapon.range or 0))
    weapon.range = (weapon.range or 0) + applied
    note_weapon(ctx.state, weapon)
    effect.mods.append(StatMod(unit.id, f"range:{name}", talisman, applied))
    ctx.emit(StatModified(unit.id, effect.id, f"range:{name}", f'{applied:+d}"', f'{weapon.range}"'))


def _weapon_text(weapon) -> str:
    kind = "" if weapon.damage_type == "normal" else f" ({weapon.damage_type})"
    return f"{weapon.damage}{kind}"


def stat_text(unit: UnitState, stat: str) -> str:
    value = getattr(unit, stat)
    if stat in ("blessings", "curses", "deflection", "minds"):
        return ", ".join(f"d{s}" for s in value) or "none"
    return str(value)


def apply_mod(
    ctx: RulesContext, effect: EffectState, unit: UnitState, stat: str, talisman: str, amount: int
) -> None:
    """Change `unit`'s `stat` by `amount` (Armor: a die of `amount` sides, signed; Blessings and
    Curses: a die of that size; Move and the Action modifier: points) and record it."""
    if stat == "armor":
        mod = StatMod(unit.id, "armor", talisman, term=f"{'+' if amount > 0 else '-'}1d{abs(amount)}")
        effect.mods.append(mod)
        _set_armor(ctx, unit)
        change = mod.term
    elif stat in ("blessings", "curses", "deflection", "minds"):
        setattr(unit, stat, (*getattr(unit, stat), amount))
        effect.mods.append(StatMod(unit.id, stat, talisman, amount))
        change = f"+d{amount}"
        if stat == "minds":  # R-SN-40: a unit that already used its Action has it back at once
            next_mind(ctx, unit)
    elif stat == "move":
        applied = max(amount, -unit.move)  # R-SN-29: Move never below 0
        unit.move += applied
        if unit.move == 0:
            unit.stopped = True  # R-MOVE-12: Stopped, but it may still act
        effect.mods.append(StatMod(unit.id, "move", talisman, applied))
        change = f"{applied:+d}"
    elif stat == "flight":
        applied = max(amount, -unit.flight)  # R-SN-30: Flight never below 0
        unit.flight += applied
        effect.mods.append(StatMod(unit.id, "flight", talisman, applied))
        change = f"{applied:+d}"
    else:  # sn_roll_bonus (R-SN-39)
        unit.sn_roll_bonus += amount
        effect.mods.append(StatMod(unit.id, stat, talisman, amount))
        change = f"{amount:+d}"
    ctx.emit(StatModified(unit.id, effect.id, stat, change, stat_text(unit, stat)))


def remove_mod(ctx: RulesContext, effect: EffectState, mod: StatMod) -> None:
    """Take one recorded change back (the Effect ends, or its die leaves that target)."""
    unit = ctx.state.units[mod.unit]
    effect.mods.remove(mod)
    if mod.stat == "armor":
        _set_armor(ctx, unit)
        change = f"{mod.term} ends"
    elif mod.stat in ("blessings", "curses", "deflection", "minds"):
        dice = list(getattr(unit, mod.stat))
        if mod.value in dice:
            dice.remove(mod.value)
        setattr(unit, mod.stat, tuple(dice))
        change = f"-d{mod.value}"
        if mod.stat == "minds":
            lost_mind(ctx, unit)
    elif mod.stat in ("move", "flight"):
        setattr(unit, mod.stat, max(0, getattr(unit, mod.stat) - mod.value))
        change = f"{-mod.value:+d}"
    elif mod.stat == "diemon_move":  # R-SN-20: goes with the Diemon, nothing to give back
        return
    elif mod.stat.startswith("range:"):
        weapon = next(w for w in unit.weapons if w.name == mod.stat.split(":", 1)[1])
        weapon.range = max(0, (weapon.range or 0) - mod.value)
        change, after = f'{-mod.value:+d}"', f'{weapon.range}"'
        if unit.alive:
            ctx.emit(StatModified(unit.id, effect.id, mod.stat, change, after))
        return
    elif mod.stat.startswith("weapon:"):
        name = mod.stat.split(":", 1)[1]
        _set_weapon(ctx, unit, name)
        weapon = next(w for w in unit.weapons if w.name == name)
        if unit.alive:
            ctx.emit(StatModified(unit.id, effect.id, mod.stat, "ends", _weapon_text(weapon)))
        return
    else:  # an Action modifier not yet used up
        if mod.value > 0:
            unit.sn_roll_bonus = max(0, unit.sn_roll_bonus - mod.value)
        else:
            unit.sn_roll_bonus = min(0, unit.sn_roll_bonus - mod.value)
        change = "ends"
    if unit.alive:
        ctx.emit(StatModified(unit.id, effect.id, mod.stat, change, stat_text(unit, mod.stat)))


def end_effect(ctx: RulesContext, effect: EffectState, reason: str) -> None:
    """R-SN-12/13/21: the Effect is over: its changes are taken back, its Diemon vanishes, and its
    held dice are spent (back at the start of the owner's next turn)."""
    if effect.ended:
        return
    state = ctx.state
    for mod in list(effect.mods):
        remove_mod(ctx, effect, mod)
    effect.ended = True
    for talisman_id in effect.dice:
        talisman = state.sn.talismans.get(talisman_id)
        if talisman is not None and talisman.held_by == effect.id:
            talisman.held_by = None
            if talisman.status == HELD:
                talisman.status = SPENT
    ctx.emit(EffectEnded(effect.id, effect.caster, reason))
    if effect.creature is not None:
        vanish(ctx, effect.creature, reason)


def vanish(ctx: RulesContext, unit_id: str, reason: str) -> None:
    """R-SN-21: a Diemon leaves the battle. It stays in `units`, not alive (rather than
    `roster.remove_unit`): a vanishing can happen inside a blast or a kill whose loops still hold
    its id, and the log and the timeline keep naming it; `diemon_gone` says it is gone."""
    unit = ctx.state.units[unit_id]
    ctx.state.sn.diemons.pop(unit_id, None)
    if unit.alive:
        unit.alive = False
        unit.saved_action = False
    ctx.emit(DiemonGone(unit_id, reason))


def on_incapacitated(ctx: RulesContext, unit_id: str) -> None:
    """R-SN-12: a caster killed: every Effect it sustains ends. A Diemon killed: its Effect ends."""
    ledger = ctx.state.sn
    effect_id = ledger.diemons.get(unit_id)
    if effect_id is not None:
        effect = ledger.effects[effect_id]
        effect.creature = None  # already gone: no second vanish
        ledger.diemons.pop(unit_id, None)
        ctx.emit(DiemonGone(unit_id, "destroyed"))
        end_effect(ctx, effect, "its Diemon was destroyed")
    for effect in ledger.live_effects(unit_id):
        end_effect(ctx, effect, "caster incapacitated")
    unit = ctx.state.units[unit_id]
    for talisman in ledger.talismans_of(unit_id):  # R-SN-8: they fall where it fell
        if talisman.status == DESTROYED:
            continue
        talisman.holder, talisman.cell = None, unit.pos
        ctx.emit(TalismanDropped(talisman.id, unit_id, unit.pos))

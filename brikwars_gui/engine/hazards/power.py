"""A Creation's Power for the turn (G-7, R-HAZ-5, R-HAZ-11, R-HAZ-21, R-FIRE-7, EX-5), spent and
enforced.

Power is counted in weapon inches per player turn. The limit is the unit's `power` (G-7: 2 × Size
when the file gives none) less Overheat (R-FIRE-7: 1" per inch of Fire on it, EX-5: 8 − 3 = 5)
and Overload (R-HAZ-11: 1" per Exposure die it took this turn). Against that limit it spends:

* firing a weapon with a `power_cost` (its Weapon Size in inches): refused when not enough is left;
* each Hazard Die a field it powers fires (`powered_by`, R-HAZ-5: "each Hazard Die is an inch of
  Weapon Size for Power consumption"): the field fires only the dice its Creation can pay for;
* each Energy Shield die used to protect it, or fired by the field it powers (R-HAZ-21): a die its
  Creation cannot pay for is not used.

Hand weapons cost nothing and a shield with no Creation behind it (scenery, or a unit without a
`power` rating) is free, so a minifig battle never meets the limit. Spending is booked in
`HazardLedger.power_spent`, reset with the other per-turn counters at each player turn's start.
"""

from __future__ import annotations

from brikwars_gui.engine.state import FieldState, GameState, UnitState, WeaponState


def power_limit(state: GameState, unit: UnitState) -> int:
    """The unit's Power limit this turn in weapon inches: `power` (G-7 default 2 × Size) −1" per inch
    of Fire on it (R-FIRE-7) −1" per Exposure die taken this turn (R-HAZ-11)."""
    base = unit.power if unit.power is not None else 2 * unit.size
    fire = sum(f.size for f in state.fires.values() if f.target == unit.id)
    return max(0, base - fire - state.hazard.overload.get(unit.id, 0))


def power_left(state: GameState, unit: UnitState) -> int:
    """Weapon inches the unit can still spend this turn (0 once it is dead)."""
    if not unit.alive:
        return 0
    return max(0, power_limit(state, unit) - state.hazard.power_spent.get(unit.id, 0))


def spend_power(state: GameState, unit_id: str, inches: int) -> None:
    ledger = state.hazard
    ledger.power_spent[unit_id] = ledger.power_spent.get(unit_id, 0) + inches


def draws_power(state: GameState, unit: UnitState) -> bool:
    """Whether the unit's Power can run short: it has a Power rating, a weapon that draws Power, or
    a field it powers. A plain minifig's G-7 default is never met, so cards leave it out."""
    return (
        unit.power is not None
        or any(w.power_cost > 0 for w in unit.weapons)
        or any(f.powered_by == unit.id for f in state.fields.values())
    )


def power_text(state: GameState, unit: UnitState) -> str:
    """`3" of 8" left (Fire −3", Overload −1")`: what the inspector and refusals show."""
    base = unit.power if unit.power is not None else 2 * unit.size
    fire = sum(f.size for f in state.fires.values() if f.target == unit.id)
    overload = state.hazard.overload.get(unit.id, 0)
    cuts = [f'Fire −{fire}" (R-FIRE-7)'] if fire else []
    cuts += [f'Overload −{overload}" (R-HAZ-11)'] if overload else []
    return f'{power_left(state, unit)}" of {base}" left' + (f" ({', '.join(cuts)})" if cuts else "")


def weapon_power_problem(state: GameState, unit: UnitState, weapon: WeaponState) -> str | None:
    """Why `unit` cannot fire `weapon` for lack of Power now, or None."""
    if weapon.power_cost <= 0 or power_left(state, unit) >= weapon.power_cost:
        return None
    return (
        f'{weapon.name} draws {weapon.power_cost}" of Power; {unit.name} has '
        f"{power_text(state, unit)} this turn"
    )


def field_creation(state: GameState, field: FieldState) -> UnitState | None:
    """The Creation whose Power a field's dice draw on (`powered_by`), if any."""
    return state.units.get(field.powered_by) if field.powered_by else None


def shield_payer(state: GameState, field: FieldState, target_id: str) -> UnitState | None:
    """Who pays 1" per Shield die used (R-HAZ-21): the field's Creation, else the protected unit
    when it has a Power rating of its own (a Creation projecting its own shield); else nobody."""
    creation = field_creation(state, field)
    if creation is not None:
        return creation
    unit = state.units.get(target_id)
    return unit if unit is not None and unit.power is not None else None

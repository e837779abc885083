"""Turn a battle as it stands back into a scenario (`format_version` 2) to edit or play on.

`scenario_from_state(state, base)` is pure (no Qt, no files): it reads the `GameState` and the
`Scenario` the battle started from and returns a new, validated `Scenario`:

* players, turn order, battlefield and terrain are the base's; the ruleset is the one played
  (`run --ruleset` may differ from the file), and each unit keeps its stat block for it with the
  points it has left (`Ruleset.stat_blocks`);
* units: the living ones at their current cell and facing, with their current Size and their own
  stats (a ruleset's play-time Move, e.g. Nine Powers' 4 squares, is not written) and the weapons
  they still hold (spent single-use weapons and weapons shot out of hand are gone);
  dead units are left out. Turn bookkeeping (Disrupted, saved Actions, Sprint...) is not part of
  a scenario: every unit starts the continued battle fresh;
* objects: destroyed ones are left out; the others keep their cells with their Effective Size as
  `size`;
* hazard fields: their current cells. A concealed field loses the spots that already went off
  (R-HAZ-16), so they cannot go off a second time; a field left without cells is dropped, and a
  field's Hazard Dice are capped to its new Size (R-HAZ-4) when it shrank below them;
* fires: current cells and Fire Size (capped to the Size of what burns, R-FIRE-4); fires on a
  removed unit or object are dropped. Burnt-out cells (R-FIRE-12) are not recorded;
* traps: the base's, with their armed/hidden state now; a trap whose trigger is gone is dropped;
* SuperNatural: units as if every Effect had ended, with their SN blocks (supernatural/exporting.py).

The name is `"<base name> — after round N"`. Invalid output raises pydantic's `ValidationError`.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from brikwars_gui.engine.dice.expression import parse_dice, parse_single_die
from brikwars_gui.engine.hazards.fields import cap_dice, dice_text
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.state import FieldState, GameState, UnitState, WeaponState
from brikwars_gui.engine.supernatural.exporting import exported_unit
from brikwars_gui.scenario.models import Scenario

__all__ = ["exported_round", "mask_to_rects", "scenario_from_state"]

_ROUND_SUFFIX = re.compile(r" — after round \d+$")


def exported_round(state: GameState) -> int:
    """The last round the state has (at least partly) played: the current one once the game is
    over, else the one before the current round when no turn of it has passed yet."""
    if state.over or state.active_index > 0:
        return state.round
    return max(0, state.round - 1)


def scenario_from_state(state: GameState, base: Scenario) -> Scenario:
    """A valid scenario holding the battle `state` (started from `base`) as it stands now."""
    base_units = {u.id: u for u in base.units}
    units = [
        data
        for u in sorted(state.units.values(), key=lambda u: _order(base.units, u.id))
        if u.alive
        # SuperNatural: the units as if every Effect had ended, with their SN blocks
        if (data := exported_unit(state, u, _unit(u, base_units.get(u.id), state), base_units.get(u.id)))
        is not None
    ]
    sizes: dict[str, int] = {u["id"]: u["size"] for u in units}
    positions = {u["id"]: tuple(u["position"]) for u in units}

    objects: list[dict[str, Any]] = []
    footprints: dict[str, set[tuple[int, int]]] = {}
    for obj in base.objects:
        now = state.objects.get(obj.id)
        if now is None or now.destroyed:
            continue
        size = now.effective_size if now.effective_size > 0 else now.size
        data = obj.model_dump(mode="json")
        data["size"] = size
        objects.append(data)
        sizes[obj.id] = size
        footprints[obj.id] = set(now.cells)

    hazards: list[dict[str, Any]] = []
    for hazard in base.hazards:
        field = state.fields.get(hazard.id)
        if field is None or (field.powered_by is not None and field.powered_by not in positions):
            continue  # a field whose Creation is gone has no Power to fire (hazards/power.py)
        data = _hazard(field, hazard.model_dump(mode="json"))
        if data is not None:
            hazards.append(data)

    fires: list[dict[str, Any]] = []
    for fire in state.fires.values():
        data = _fire(fire, sizes, positions, footprints)
        if data is not None:
            fires.append(data)

    triggers = {o["id"] for o in objects} | {h["id"] for h in hazards if h["kind"] == "concealed"}
    traps: list[dict[str, Any]] = []
    for trap in base.traps:
        now = state.traps.get(trap.id)
        if now is None or trap.trigger not in triggers:
            continue
        data = trap.model_dump(mode="json")
        data.update(armed=now.armed, hidden=now.hidden)
        if now.weapon is not None:
            data["weapon"] = _weapon(now.weapon)
        traps.append(data)

    name = _ROUND_SUFFIX.sub("", base.name) + f" — after round {exported_round(state)}"
    data = base.model_dump(mode="json")
    data.update(
        name=name,
        ruleset=state.ruleset,  # `run --ruleset` may have overridden the file's
        units=units,
        objects=objects,
        hazards=hazards,
        fires=fires,
        traps=traps,
    )
    return Scenario.model_validate(data)


def _order(units: list[Any], unit_id: str) -> tuple[int, str]:
    ids = [u.id for u in units]
    return (ids.index(unit_id) if unit_id in ids else len(ids), unit_id)


def _weapon(w: WeaponState) -> dict[str, Any]:
    return {
        "name": w.name,
        "kind": w.kind,
        "use": w.use,
        "range": w.range,
        "damage": w.damage,
        "damage_type": w.damage_type,
        "burning": w.burning,
        "d6_damage": w.d6_damage,
        "power_cost": w.power_cost,
        "damage_in_action_dice": w.action_dice,
    }


def _unit(u: UnitState, base: Any, state: GameState) -> dict[str, Any]:
    skill = base.skill if base is not None and _sides(base.skill) == u.skill else f"d{u.skill}"
    blocks = {"d6": base.d6.model_dump(mode="json")} if base is not None and base.d6 is not None else {}
    blocks.update(ruleset_of(state).stat_blocks(u))  # e.g. the points a unit has left
    return {
        "id": u.id,
        "name": u.name,
        "team": u.team,
        "position": [u.pos[0], u.pos[1]],
        "facing": u.facing,
        # a ruleset may replace Move at play time (Nine Powers' squares a turn, R-NP-10): the
        # unit's own Move is the scenario's, which no rule changes during a battle
        "move": base.move if base is not None else u.move,
        "skill": skill,
        "armor": u.armor,
        "size": u.size,
        "weight": u.weight,
        "hero": u.hero,
        "living": u.living,
        "heavy_armor": u.heavy_armor,
        "body_armor": u.body_armor,
        "carrying_heavy": u.carrying_heavy,
        "can_swim": u.can_swim,
        "power": u.power,
        "specialties": list(u.specialties),
        "scouting_tool": u.scouting_tool,
        "hidden": u.hidden,
        "apparatus": u.apparatus,
        "blessings": [f"d{s}" for s in u.blessings],
        "curses": [f"d{s}" for s in u.curses],
        "weapons": [_weapon(w) for w in u.weapons if not w.spent],
        **blocks,
    }


def _sides(text: str) -> int | None:
    try:
        return parse_single_die(text)
    except ValueError:
        return None


def _hazard(field: FieldState, data: dict[str, Any]) -> dict[str, Any] | None:
    """The field's entry with its current cells; None when no cell is left."""
    mask = field.mask.copy()
    if field.kind == "concealed":
        for x, y in field.triggered:  # R-HAZ-16: a spot that went off is spent
            if 0 <= y < mask.shape[0] and 0 <= x < mask.shape[1]:
                mask[y, x] = False
    if not mask.any():
        return None
    rects = mask_to_rects(mask)
    data["rects"] = [list(r) for r in rects]
    data["cells"] = []
    dice = data.get("dice")
    if dice:
        ys, xs = np.nonzero(mask)
        size = max(int(xs.max() - xs.min()) + 1, int(ys.max() - ys.min()) + 1)
        if parse_dice(dice).dice_count > size:
            data["dice"] = dice_text(cap_dice(dice, size)) or None
            if data["dice"] is None:
                return None
    return data


def _fire(
    fire: Any,
    sizes: dict[str, int],
    positions: dict[str, tuple[int, int]],
    footprints: dict[str, set[tuple[int, int]]],
) -> dict[str, Any] | None:
    data: dict[str, Any] = {
        "id": fire.id,
        "object": fire.target,
        "cells": [[c[0], c[1]] for c in fire.cells],
        "size": fire.size,
        "fire_type": fire.fire_type,
        "permanent": fire.permanent,
        "owner": fire.owner,
    }
    if fire.target is None:
        return data if fire.permanent is not None and fire.cells else None
    if fire.target not in sizes or fire.size <= 0:
        return None  # it burnt on a dead unit or a destroyed object, or died down
    data["size"] = min(fire.size, sizes[fire.target])
    if data["size"] <= 0:
        return None
    if fire.target in positions:
        data["cells"] = [list(positions[fire.target])]
    else:
        inside = footprints[fire.target]
        data["cells"] = [[c[0], c[1]] for c in fire.cells if (c[0], c[1]) in inside]
    return data


def mask_to_rects(mask: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Cover a bool mask (rows = y) exactly with `[x, y, width, height]` rectangles: runs of each
    row, merged with the identical run of the row above."""
    rects: list[list[int]] = []
    open_runs: dict[tuple[int, int], list[int]] = {}  # (x, width) -> rect ending on the row above
    for y in range(mask.shape[0]):
        row = mask[y]
        runs: list[tuple[int, int]] = []
        x = 0
        width = row.shape[0]
        while x < width:
            if row[x]:
                start = x
                while x < width and row[x]:
                    x += 1
                runs.append((start, x - start))
            else:
                x += 1
        next_open: dict[tuple[int, int], list[int]] = {}
        for run in runs:
            rect = open_runs.get(run)
            if rect is not None:
                rect[3] += 1
            else:
                rect = [run[0], y, run[1], 1]
                rects.append(rect)
            next_open[run] = rect
        open_runs = next_open
    return [(r[0], r[1], r[2], r[3]) for r in rects]

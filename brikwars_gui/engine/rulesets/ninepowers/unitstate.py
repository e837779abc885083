"""A unit's Nine Powers stat block and running state, kept JSON-ready in `UnitState.stats` and
`UnitState.pools` (so saving, snapshots and the rollback journal need nothing extra), and read
into a `resolve.Fighter` for one turn, then written back."""

from __future__ import annotations

import copy
from typing import Any

from brikwars_gui.engine.rulesets.ninepowers.conditions import (
    CombatState,
    Condition,
    VetoPool,
    WrestlingEffect,
)
from brikwars_gui.engine.rulesets.ninepowers.damage import Vitals
from brikwars_gui.engine.rulesets.ninepowers.resolve import Fighter
from brikwars_gui.engine.rulesets.ninepowers.stats import NinePowersStats, convert_brikwars


def converted_stats(unit: Any) -> NinePowersStats:
    """The documented default conversion of the unit's BrikWars stats (docs/rulesets.md)."""
    return convert_brikwars(
        skill_die=unit.skill,
        armor=unit.armor,
        hero=unit.hero,
        heavy_armor=unit.heavy_armor,
        body_armor=unit.body_armor,
        weapon_kinds=[str(w.kind) for w in unit.weapons],
        weapon_names=[w.name for w in unit.weapons],
    )


def fresh_pools(stats: NinePowersStats) -> dict[str, Any]:
    vitals = stats.fresh_vitals()
    return {
        "stamina": vitals.stamina,
        "armor": vitals.armor,
        "buffer": vitals.buffer,
        "buffer_max": vitals.buffer_max,
        "venom": 0,
        "hurt_rounds": [],
        "dodge": 0,
        "dodge_kept": 0,
        "guard": 0,
        "guard_kept": 0,
        "ignore_armor": 0,
        "dealt": 0,
        "dealt_last": 0,
        "marks": {},
        "conditions": [],
    }


#: Stat blocks already read, by the text of the block (`stats_of`); emptied when it grows past
#: `STATS_KEPT` (every copy of a game has its own dicts, the blocks stay few).
_READ: dict[str, NinePowersStats] = {}
STATS_KEPT = 1024


def stats_of(unit: Any) -> NinePowersStats:
    """The unit's stat block (read and checked once per distinct block: the odds and the AI read
    it tens of thousands of times a turn, Hard's play-outs on many copies)."""
    key = repr(unit.stats)
    stats = _READ.get(key)
    if stats is None:
        if len(_READ) >= STATS_KEPT:
            _READ.clear()
        stats = _READ[key] = NinePowersStats.from_dict(copy.deepcopy(unit.stats))
    return stats


def load(unit: Any) -> Fighter:
    """The unit as a `Fighter` (a working copy: call `store` after changing it)."""
    p = unit.pools
    stats = stats_of(unit)
    vitals = Vitals(
        stamina=p["stamina"],
        armor=p["armor"],
        buffer_max=p["buffer_max"],
        buffer=p["buffer"],
        half_damage=stats.half_damage,
        venom=p["venom"],
        damaged_rounds=tuple(p["hurt_rounds"]),
    )
    state = CombatState(
        dodge=VetoPool(p["dodge"], p["dodge_kept"]),
        guard=VetoPool(p["guard"], p["guard_kept"]),
        marks=dict(p["marks"]),
        conditions=[Condition(WrestlingEffect.parse(e), s, last) for e, s, last in p["conditions"]],
        ignore_armor=p["ignore_armor"],
        dealt_this_round=p["dealt"],
        dealt_last_round=p["dealt_last"],
    )
    return Fighter(unit.id, unit.team, stats, vitals, state)


def store(unit: Any, fighter: Fighter) -> None:
    """Write a `Fighter`'s running state back into the unit's pools (journaled)."""
    v, s = fighter.vitals, fighter.state
    values = {
        "stamina": v.stamina,
        "armor": v.armor,
        "buffer": v.buffer,
        "venom": v.venom,
        "hurt_rounds": list(v.damaged_rounds[-2:]),
        "dodge": s.dodge.fresh,
        "dodge_kept": s.dodge.kept,
        "guard": s.guard.fresh,
        "guard_kept": s.guard.kept,
        "ignore_armor": s.ignore_armor,
        "dealt": s.dealt_this_round,
        "dealt_last": s.dealt_last_round,
        "marks": dict(s.marks),
        "conditions": [[c.effect.key, c.source, c.last_round] for c in s.conditions],
    }
    pools = unit.pools
    for key, value in values.items():
        if pools.get(key) != value:
            pools[key] = value


def has_condition(unit: Any, effect: WrestlingEffect) -> bool:
    return any(e == effect.key for e, _, _ in unit.pools.get("conditions", ()))


def round_tally(state: Any) -> tuple[dict[str, int], dict[str, int]]:
    """Per side of the turn order: the damage its units dealt this round and the Stamina its
    living units have left, what fixes the next round's order (R-NP-9, `resolve.side_order`)."""
    dealt = {s: 0 for s in state.turn_order}
    stamina = {s: 0 for s in state.turn_order}
    for unit in state.units.values():
        if unit.team in dealt:
            dealt[unit.team] += unit.pools.get("dealt", 0)
            stamina[unit.team] += unit.pools.get("stamina", 0) if unit.alive else 0
    return dealt, stamina

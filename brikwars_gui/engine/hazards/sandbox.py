"""Build small `GameState`s by hand (tests, benchmarks, worked examples) without a Scenario file."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from brikwars_gui.engine.grid import Grid
from brikwars_gui.engine.state import (
    Cell,
    FieldState,
    FireState,
    GameState,
    ObjectState,
    PlayerState,
    TrapState,
    UnitState,
)


def blank_state(width: int = 20, height: int = 20, players: Iterable[str] = ("red", "blue")) -> GameState:
    ids = list(players)
    return GameState(
        name="sandbox",
        width=width,
        height=height,
        ruleset="brikwars",
        grid=Grid.empty(width, height),
        players=[PlayerState(p, p, "#888888", "ai") for p in ids],
        turn_order=ids,
    )


def add_unit(state: GameState, uid: str, team: str, pos: Cell, **kw: object) -> UnitState:
    unit = UnitState(id=uid, name=str(kw.pop("name", uid)), team=team, pos=pos, **kw)  # type: ignore[arg-type]
    state.units[uid] = unit
    return unit


def add_object(
    state: GameState,
    oid: str,
    cells: Iterable[Cell],
    *,
    size: int,
    weight: float,
    block: bool = True,
    **kw: object,
) -> ObjectState:
    cell_list = [(int(x), int(y)) for x, y in cells]
    obj = ObjectState(
        id=oid,
        name=str(kw.pop("name", oid)),
        kind=str(kw.pop("kind", "building")),
        cells=cell_list,
        size=size,
        weight=weight,
        blocks_movement=block,
        blocks_sight=block,
        effective_size=size,
        **kw,  # type: ignore[arg-type]
    )
    state.objects[oid] = obj
    if block:
        for x, y in cell_list:
            state.grid.passable[y, x] = False
            state.grid.sight_blocked[y, x] = True
    return obj


def rect(x: int, y: int, w: int, h: int) -> list[Cell]:
    return [(xx, yy) for yy in range(y, y + h) for xx in range(x, x + w)]


def add_field(state: GameState, fid: str, kind: str, cells: Iterable[Cell], **kw: object) -> FieldState:
    mask = np.zeros((state.height, state.width), dtype=bool)
    for x, y in cells:
        mask[y, x] = True
    field = FieldState(id=fid, name=str(kw.pop("name", fid)), kind=kind, mask=mask, **kw)  # type: ignore[arg-type]
    state.fields[fid] = field
    return field


def add_fire(
    state: GameState, fid: str, target: str | None, cells: Iterable[Cell], size: int, **kw: object
) -> FireState:
    fire = FireState(id=fid, target=target, cells=[(int(x), int(y)) for x, y in cells], size=size, **kw)  # type: ignore[arg-type]
    state.fires[fid] = fire
    if target in state.units:
        state.units[target].fire_size = size
    return fire


def add_trap(state: GameState, tid: str, trigger: str, **kw: object) -> TrapState:
    trap = TrapState(id=tid, name=str(kw.pop("name", tid)), trigger=trigger, **kw)  # type: ignore[arg-type]
    state.traps[tid] = trap
    return trap

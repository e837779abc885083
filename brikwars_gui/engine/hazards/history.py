"""Per-turn hazard pictures for the GUI timeline, the forecast and `brikwars-sim run --hazard-map`.

`hazard_frame(state)` gives numpy arrays (shape `(height, width)`, `[y, x]`): Fire Size on each
burning cell, fire type codes, Smoke, triggered concealed spots, and the cells of each field kind.
`HazardHistory.record(state)` keeps one frame per call (cheap: a few vectorised array writes).
`render_hazard_map(state)` is a compact text map.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from brikwars_gui.engine.state import GameState

FIRE_TYPE_CODES = {"fire": 1, "acid": 2, "ion": 3, "poison": 4}

LEGEND = "# obstacle  ~ water  S smoke  1-9 Fire Size  x triggered spot  . open  letters: units"


@dataclass
class HazardFrame:
    round: int
    player: str
    fire_size: np.ndarray  # int16: Fire Size of the fire burning on the cell (0: none)
    fire_type: np.ndarray  # uint8: FIRE_TYPE_CODES (0: none)
    smoke: np.ndarray  # bool
    triggered: np.ndarray  # bool: spent concealed spots (R-HAZ-16)
    fields: dict[str, np.ndarray] = field(default_factory=dict)  # kind -> bool mask
    fires: dict[str, int] = field(default_factory=dict)  # fire id -> Fire Size

    @property
    def burning_cells(self) -> int:
        return int(np.count_nonzero(self.fire_size))


def hazard_frame(state: GameState) -> HazardFrame:
    shape = (state.height, state.width)
    size = np.zeros(shape, dtype=np.int16)
    ftype = np.zeros(shape, dtype=np.uint8)
    fires: dict[str, int] = {}
    for fire in state.fires.values():
        if fire.size <= 0:
            continue
        unit = state.units.get(fire.target) if fire.target else None
        if unit is not None:
            if not unit.alive:
                continue
            cells = [unit.pos]
        else:
            obj = state.objects.get(fire.target) if fire.target else None
            if obj is not None and obj.destroyed:
                continue
            cells = fire.cells
        fires[fire.id] = fire.size
        if not cells:
            continue
        arr = np.asarray(cells, dtype=np.intp)
        xs, ys = arr[:, 0], arr[:, 1]
        size[ys, xs] = np.maximum(size[ys, xs], fire.size)
        ftype[ys, xs] = FIRE_TYPE_CODES.get(fire.fire_type, 1)
    smoke = np.zeros(shape, dtype=bool)
    triggered = np.zeros(shape, dtype=bool)
    kinds: dict[str, np.ndarray] = {}
    for f in state.fields.values():
        if f.kind == "smoke":
            smoke |= f.mask
        if f.kind in kinds:
            kinds[f.kind] = kinds[f.kind] | f.mask
        else:
            kinds[f.kind] = f.mask.copy()
        for x, y in f.triggered:
            triggered[y, x] = True
    player = state.active_player if state.turn_order else ""
    return HazardFrame(state.round, player, size, ftype, smoke, triggered, kinds, fires)


@dataclass
class HazardHistory:
    frames: list[HazardFrame] = field(default_factory=list)

    def record(self, state: GameState) -> HazardFrame:
        frame = hazard_frame(state)
        self.frames.append(frame)
        return frame

    def fire_sizes(self) -> np.ndarray:
        """(turns, height, width) stack of Fire Sizes, for the GUI timeline and forecasts."""
        if not self.frames:
            return np.zeros((0, 0, 0), dtype=np.int16)
        return np.stack([f.fire_size for f in self.frames])


def _unit_letters(state: GameState) -> dict[str, str]:
    """Each team's letter: the first letter of its id not taken by the legend, lower-case for the
    second team onwards if it clashes (A, B, ... as a fallback)."""
    taken = set("#~S.x123456789")
    out: dict[str, str] = {}
    for n, pid in enumerate(state.turn_order):
        options = [pid[:1].upper(), pid[:1].lower(), *[chr(ord("A") + k) for k in range(26)]]
        letter = next((c for c in options if c and c not in taken), str(n))
        taken.add(letter)
        out[pid] = letter
    return out


def plural(n: int, noun: str) -> str:
    """`1 fire`, `2 fires`."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def render_hazard_map(state: GameState, *, legend: bool = True) -> str:
    """One character per cell: unit letters over fire sizes over triggered spots over smoke over
    obstacles/water over open ground."""
    frame = hazard_frame(state)
    grid = state.grid
    chars = np.full((state.height, state.width), ".", dtype="<U1")
    passable = getattr(grid, "passable", None)
    if passable is not None:
        chars[~passable] = "#"
    water = getattr(grid, "water", None)
    if water is not None:
        chars[water] = "~"
    for obj in state.objects.values():
        if obj.destroyed or not obj.blocks_movement:
            continue
        for x, y in obj.cells:
            chars[y, x] = "#"
    chars[frame.smoke] = "S"
    chars[frame.triggered] = "x"
    burning = frame.fire_size > 0
    if burning.any():
        digits = np.clip(frame.fire_size, 1, 9).astype(str)
        chars[burning] = digits[burning]
    letters = _unit_letters(state)
    for unit in state.units.values():
        if unit.alive:
            x, y = unit.pos
            chars[y, x] = letters.get(unit.team, "?")
    lines = [
        f"round {frame.round}, {frame.player}: {plural(len(frame.fires), 'fire')}, "
        f"{plural(frame.burning_cells, 'burning cell')}"
    ]
    lines += ["".join(row) for row in chars]
    if legend:
        teams = ", ".join(f"{v} {k}" for k, v in letters.items())
        lines.append(f"legend: {LEGEND} ({teams})")
    return "\n".join(lines)

"""Battlefield layers as numpy arrays and single images (never one graphics item per cell).

Terrain is held as two `(height, width)` arrays, `kind` (index into `TERRAIN_KINDS`) and `elevation`
(bricks). Scenario regions apply in file order, later regions overriding earlier ones. Editing
converts the arrays back into compact `TerrainRegion` rectangles.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from PySide6.QtGui import QColor, QImage

from brikwars_gui.scenario.models import (
    Area,
    HazardKind,
    Scenario,
    StructureObject,
    TerrainKind,
    TerrainRegion,
)
from brikwars_gui.ui.overlay_palette import HALF_SPEED_ALPHA, HALF_SPEED_COLOR, REACH_ALPHA, REACH_COLOR

TERRAIN_KINDS: tuple[TerrainKind, ...] = (
    TerrainKind.OPEN,
    TerrainKind.OBSTACLE,
    TerrainKind.WATER,
    TerrainKind.MUD,
    TerrainKind.ROUGH,
    TerrainKind.ELEVATED,
)
KIND_INDEX = {kind: i for i, kind in enumerate(TERRAIN_KINDS)}

TERRAIN_COLORS: dict[TerrainKind, str] = {
    TerrainKind.OPEN: "#e4ecd2",
    TerrainKind.OBSTACLE: "#56524d",
    TerrainKind.WATER: "#74a9d8",
    TerrainKind.MUD: "#9a7754",
    TerrainKind.ROUGH: "#8fae62",
    TerrainKind.ELEVATED: "#d4bc84",
}

HAZARD_COLORS: dict[HazardKind, str] = {
    HazardKind.SMOKE: "#8a8f96",
    HazardKind.EXPOSURE: "#e53935",
    HazardKind.SLOW: "#8d5a2b",
    HazardKind.CURRENT: "#1565c0",
    HazardKind.SLIPPERY: "#00acc1",
    HazardKind.SPIKED: "#5d4037",
    HazardKind.CONCEALED: "#8e24aa",
    HazardKind.SHIELD: "#00bfa5",
}

FIRE_TYPE_COLORS = {"acid": "#9ccc3c", "ion": "#40c4ff", "poison": "#ab47bc"}


def fire_color(size: int, fire_type: str = "fire") -> QColor:
    """Fire colour by Fire Size: yellow (small) through orange to deep red (large)."""
    if fire_type in FIRE_TYPE_COLORS:
        return QColor(FIRE_TYPE_COLORS[fire_type])
    if size <= 1:
        return QColor("#ffca28")
    if size <= 3:
        return QColor("#ff8f00")
    return QColor("#d32f2f")


def _rgba(color: str | QColor, alpha: int = 255) -> np.ndarray:
    c = QColor(color)
    return np.array([c.red(), c.green(), c.blue(), alpha], dtype=np.uint8)


def area_mask(area: Area, width: int, height: int) -> np.ndarray:
    """Boolean `(height, width)` mask of an area's cells, clipped to the battlefield."""
    mask = np.zeros((height, width), dtype=bool)
    for x, y, w, h in area.rects:
        mask[y : y + h, x : x + w] = True
    for x, y in area.cells:
        if x < width and y < height:
            mask[y, x] = True
    return mask


def cells_mask(cells: Iterable[tuple[int, int]], width: int, height: int) -> np.ndarray:
    mask = np.zeros((height, width), dtype=bool)
    for x, y in cells:
        if 0 <= x < width and 0 <= y < height:
            mask[y, x] = True
    return mask


def _runs(row: np.ndarray) -> list[tuple[int, int, int]]:
    """(start, end, value) runs of equal values in a 1-D array."""
    change = np.flatnonzero(np.diff(row)) + 1
    starts = [0, *change.tolist()]
    ends = [*change.tolist(), len(row)]
    return [(s, e, int(row[s])) for s, e in zip(starts, ends, strict=True)]


def compress(codes: np.ndarray, skip: int = 0) -> dict[int, list[tuple[int, int, int, int]]]:
    """Rectangles `[x, y, w, h]` covering every cell of each code (except `skip`), merged vertically."""
    out: dict[int, list[tuple[int, int, int, int]]] = {}
    active: dict[tuple[int, int, int], list[int]] = {}
    for y in range(codes.shape[0]):
        nxt: dict[tuple[int, int, int], list[int]] = {}
        for s, e, code in _runs(codes[y]):
            if code == skip:
                continue
            key = (s, e, code)
            rect = active.pop(key, None)
            if rect is None:
                rect = [s, y, e - s, 0]
            rect[3] += 1
            nxt[key] = rect
        for (_, _, code), rect in active.items():
            out.setdefault(code, []).append(tuple(rect))  # type: ignore[arg-type]
        active = nxt
    for (_, _, code), rect in active.items():
        out.setdefault(code, []).append(tuple(rect))  # type: ignore[arg-type]
    for rects in out.values():
        rects.sort(key=lambda r: (r[1], r[0]))
    return out


def split_rects(rects: list[tuple[int, int, int, int]]) -> tuple[list[tuple[int, int, int, int]], list]:
    """Separate 1x1 rectangles into plain cells (what a hand-written file would contain)."""
    big = [r for r in rects if r[2] * r[3] > 1]
    cells = [(r[0], r[1]) for r in rects if r[2] * r[3] == 1]
    return big, cells


def mask_to_area(mask: np.ndarray) -> dict:
    """`{"rects": [...], "cells": [...]}` describing exactly the True cells of a mask."""
    rects = compress(mask.astype(np.uint8)).get(1, [])
    big, cells = split_rects(rects)
    return {"rects": [list(r) for r in big], "cells": [list(c) for c in cells]}


class TerrainArrays:
    """Editable terrain arrays of a scenario."""

    def __init__(self, kind: np.ndarray, elevation: np.ndarray) -> None:
        self.kind = kind
        self.elevation = elevation

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> TerrainArrays:
        w, h = scenario.battlefield.width, scenario.battlefield.height
        kind = np.zeros((h, w), dtype=np.uint8)
        elev = np.zeros((h, w), dtype=np.int16)
        for region in scenario.terrain:
            mask = area_mask(region, w, h)
            kind[mask] = KIND_INDEX[region.kind]
            elev[mask] = region.elevation
        return cls(kind, elev)

    def copy(self) -> TerrainArrays:
        return TerrainArrays(self.kind.copy(), self.elevation.copy())

    def kind_at(self, x: int, y: int) -> TerrainKind:
        return TERRAIN_KINDS[int(self.kind[y, x])]

    def to_regions(self) -> list[TerrainRegion]:
        codes = self.kind.astype(np.int32) * 256 + self.elevation.astype(np.int32)
        regions = []
        for code, rects in sorted(compress(codes, skip=0).items()):
            big, cells = split_rects(rects)
            regions.append(
                TerrainRegion(
                    kind=TERRAIN_KINDS[code // 256],
                    elevation=code % 256,
                    rects=big,
                    cells=cells,
                )
            )
        return regions


def _image_from_rgba(rgba: np.ndarray) -> QImage:
    h, w = rgba.shape[:2]
    data = np.ascontiguousarray(rgba, dtype=np.uint8)
    return QImage(data.tobytes(), w, h, 4 * w, QImage.Format.Format_RGBA8888).copy()


def terrain_image(terrain: TerrainArrays) -> QImage:
    """One pixel per cell: ground colour, elevation shading, a faint checker for readability."""
    lut = np.stack([_rgba(TERRAIN_COLORS[k]) for k in TERRAIN_KINDS]).astype(np.float32)
    rgba = lut[terrain.kind]
    # Higher ground is drawn darker and warmer, 6% per inch (3 bricks), capped.
    shade = 1.0 - np.minimum(terrain.elevation.astype(np.float32) / 3.0, 8.0) * 0.06
    rgba[..., :3] *= shade[..., None]
    h, w = terrain.kind.shape
    checker = ((np.arange(h)[:, None] + np.arange(w)[None, :]) % 2).astype(np.float32)
    rgba[..., :3] *= (1.0 - 0.025 * checker)[..., None]
    return _image_from_rgba(np.clip(rgba, 0, 255))


def hazard_codes(scenario: Scenario, *, smoke: bool) -> np.ndarray:
    """Per-cell index+1 of the last hazard field covering it (smoke fields only, or all others)."""
    w, h = scenario.battlefield.width, scenario.battlefield.height
    codes = np.zeros((h, w), dtype=np.int32)
    for i, field in enumerate(scenario.hazards):
        if (field.kind == HazardKind.SMOKE) != smoke:
            continue
        codes[area_mask(field, w, h)] = i + 1
    return codes


def hazard_image(scenario: Scenario, *, smoke: bool = False, alpha: int = 105) -> QImage:
    codes = hazard_codes(scenario, smoke=smoke)
    lut = np.zeros((len(scenario.hazards) + 1, 4), dtype=np.uint8)
    for i, field in enumerate(scenario.hazards):
        lut[i + 1] = _rgba(HAZARD_COLORS[field.kind], 170 if smoke else alpha)
    return _image_from_rgba(lut[codes])


def object_cells(obj: StructureObject, width: int, height: int) -> np.ndarray:
    return area_mask(obj, width, height)


def fire_cells(scenario: Scenario) -> list[tuple[object, np.ndarray]]:
    """(fire, mask) for every fire: its cells, else the footprint of the burning object/unit."""
    w, h = scenario.battlefield.width, scenario.battlefield.height
    objects = {o.id: o for o in scenario.objects}
    units = {u.id: u for u in scenario.units}
    out = []
    for fire in scenario.fires:
        mask = cells_mask([tuple(c) for c in fire.cells], w, h)
        if not fire.cells and fire.object in objects:
            mask = area_mask(objects[fire.object], w, h)
        elif not fire.cells and fire.object in units:
            mask = cells_mask([tuple(units[fire.object].position)], w, h)
        out.append((fire, mask))
    return out


def fire_image(scenario: Scenario, alpha: int = 190) -> QImage:
    w, h = scenario.battlefield.width, scenario.battlefield.height
    rgba = np.zeros((h, w, 4), dtype=np.uint8)
    for fire, mask in fire_cells(scenario):
        rgba[mask] = _rgba(fire_color(fire.size, str(fire.fire_type)), alpha)
    return _image_from_rgba(rgba)


# -- Play mode: images from the engine's arrays --------------------------------------------------

FIRE_CODE_COLORS = {2: "#9ccc3c", 3: "#40c4ff", 4: "#ab47bc"}


def fire_image_from_arrays(fire_size: np.ndarray, fire_type: np.ndarray, alpha: int = 200) -> QImage:
    """Fire Size per cell (0: none) coloured yellow → orange → red; other fire types by type code."""
    lut = np.zeros((10, 4), dtype=np.uint8)
    for size in range(1, 10):
        lut[size] = _rgba(fire_color(size), alpha)
    rgba = lut[np.clip(fire_size, 0, 9).astype(np.intp)]
    for code, color in FIRE_CODE_COLORS.items():
        rgba[fire_type == code] = _rgba(color, alpha)
    return _image_from_rgba(rgba)


def mask_image(mask: np.ndarray, color: str, alpha: int = 150) -> QImage:
    rgba = np.zeros((*mask.shape, 4), dtype=np.uint8)
    rgba[mask] = _rgba(color, alpha)
    return _image_from_rgba(rgba)


def reach_image(
    costs: dict[tuple[int, int], int], width: int, height: int, half_speed: np.ndarray | None = None
) -> QImage:
    """Reachable cells shaded by Move cost (light → deep violet); Half Speed cells dark (overlay_palette)."""
    rgba = np.zeros((height, width, 4), dtype=np.uint8)
    if not costs:
        return _image_from_rgba(rgba)
    arr = np.asarray(list(costs), dtype=np.intp)
    xs, ys = arr[:, 0], arr[:, 1]
    values = np.asarray(list(costs.values()), dtype=np.float32)
    top = max(1.0, float(values.max()))
    t = values / top
    lo, hi = REACH_ALPHA
    alpha = lo + (hi - lo) * t
    normal = np.concatenate([np.tile(_rgba(REACH_COLOR)[:3], (len(t), 1)), alpha[:, None]], axis=1)
    slow = np.concatenate(
        [np.tile(_rgba(HALF_SPEED_COLOR)[:3], (len(t), 1)), np.full((len(t), 1), HALF_SPEED_ALPHA)], axis=1
    )
    colors = normal
    if half_speed is not None and half_speed.shape == (height, width):
        hs = half_speed[ys, xs]
        colors = np.where(hs[:, None], slow, normal)
    rgba[ys, xs] = np.clip(colors, 0, 255).astype(np.uint8)
    return _image_from_rgba(rgba)


HEAT_STOPS: tuple[tuple[float, str], ...] = (
    (0.0, "#ffffb2"),
    (0.25, "#fecc5c"),
    (0.5, "#fd8d3c"),
    (0.75, "#f03b20"),
    (1.0, "#bd0026"),
)
"""Heat map colours by frequency: ColorBrewer's YlOrRd, a sequential scale that stays ordered by
lightness for the common colour-vision deficiencies (and in greyscale)."""


def heat_rgba(prob: np.ndarray, max_alpha: int = 215) -> np.ndarray:
    """`(h, w)` frequencies 0..1 → RGBA: transparent at 0, YlOrRd by value, more opaque when likely."""
    p = np.clip(np.nan_to_num(prob.astype(np.float64)), 0.0, 1.0)
    xs = [s for s, _ in HEAT_STOPS]
    out = np.zeros((*p.shape, 4), dtype=np.uint8)
    for channel, getter in enumerate((QColor.red, QColor.green, QColor.blue)):
        ys = [getter(QColor(c)) for _, c in HEAT_STOPS]
        out[..., channel] = np.interp(p, xs, ys).round().astype(np.uint8)
    alpha = np.where(p > 0, 70 + (max_alpha - 70) * p, 0)
    out[..., 3] = alpha.round().astype(np.uint8)
    return out


def heat_image(prob: np.ndarray, max_alpha: int = 215) -> QImage:
    """The heat overlay image (one pixel per cell, like the other layers)."""
    return _image_from_rgba(heat_rgba(prob, max_alpha))

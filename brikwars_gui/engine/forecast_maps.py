"""Per-cell heat maps over forecast runs: where fire burned, where smoke lay, where a unit died.

A GM asks not only *who* wins but *where* the battle hurts. During each forecast game a
`CellRecorder` (fed the game's events) keeps three boolean `(height, width)` masks:

* `burned`: a fire burned on the cell at the end of some player turn (or at the start/end of the
  game). Sampling at turn ends catches every fire that survives until its controller's next
  Burning Roll (R-FIRE-8); a fire lit and put out inside one turn is not counted.
* `smoke`: a Smoke field (R-HAZ-7) covered the cell at one of those moments;
* `deaths`: a unit was killed on the cell (its cell when the `killed` event was emitted).

The masks travel back from worker processes packed (`np.packbits`, 1 bit per cell) inside the
`RunResult`; `HeatMaps.from_results` turns them into per-cell frequencies (share of the counted
runs, 0..1) in seed order, so they depend on the seeds only, never on `jobs` or the executor.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from brikwars_gui.engine.hazards.history import hazard_frame

__all__ = ["LAYERS", "CellRecorder", "HeatMaps", "pack_masks", "unpack_masks"]

LAYERS: tuple[str, ...] = ("burned", "smoke", "deaths")
"""Heat map layers, in the order they are packed."""

LAYER_TITLES = {
    "burned": "Fire burned here",
    "smoke": "Smoke covered it",
    "deaths": "A unit died here",
}


def pack_masks(masks: np.ndarray) -> bytes:
    """`(layers, height, width)` booleans → bytes (1 bit per cell)."""
    return np.packbits(masks.astype(bool), axis=None).tobytes()


def unpack_masks(data: bytes, shape: tuple[int, int]) -> np.ndarray:
    """Inverse of `pack_masks` for `len(LAYERS)` layers of `shape`."""
    count = len(LAYERS) * shape[0] * shape[1]
    bits = np.unpackbits(np.frombuffer(data, dtype=np.uint8), count=count)
    return bits.astype(bool).reshape((len(LAYERS), *shape))


class CellRecorder:
    """Collects one game's masks from its events (`observe`) and final state (`finish`)."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.masks = np.zeros((len(LAYERS), state.height, state.width), dtype=bool)
        self.sample()

    def sample(self) -> None:
        """OR the fires and smoke as they are now into the masks."""
        frame = hazard_frame(self.state)
        self.masks[0] |= frame.fire_size > 0
        self.masks[1] |= frame.smoke

    def observe(self, event: Any) -> None:
        kind = event.kind
        if kind == "turn_ended":
            self.sample()
        elif kind == "killed":
            unit = self.state.units.get(event.unit)
            if unit is not None:
                x, y = unit.pos
                self.masks[2, y, x] = True

    def finish(self) -> bytes:
        self.sample()
        return pack_masks(self.masks)


@dataclass(frozen=True, eq=False)
class HeatMaps:
    """Per-cell frequencies (0..1, shape `(height, width)`, `[y, x]`) over `runs` games."""

    runs: int
    burned: np.ndarray
    smoke: np.ndarray
    deaths: np.ndarray

    @classmethod
    def from_results(cls, results: Iterable[Any], shape: tuple[int, int]) -> HeatMaps:
        counts = np.zeros((len(LAYERS), *shape), dtype=np.int64)
        n = 0
        for r in results:
            if r.error is not None or not r.cell_maps:
                continue
            counts += unpack_masks(r.cell_maps, shape)
            n += 1
        freq = counts / n if n else counts.astype(float)
        return cls(n, *(freq[i] for i in range(len(LAYERS))))

    @property
    def shape(self) -> tuple[int, int]:
        return tuple(self.burned.shape)  # type: ignore[return-value]

    def layer(self, name: str) -> np.ndarray:
        if name not in LAYERS:
            raise KeyError(f"unknown heat map {name!r}; one of {', '.join(LAYERS)}")
        return getattr(self, name)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HeatMaps):
            return NotImplemented
        return self.runs == other.runs and all(np.array_equal(self.layer(k), other.layer(k)) for k in LAYERS)

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: rows of frequencies (6 decimals) per layer, plus the shape and run count."""
        out: dict[str, Any] = {"runs": self.runs, "height": self.shape[0], "width": self.shape[1]}
        for name in LAYERS:
            out[name] = np.round(self.layer(name), 6).tolist()
        return out

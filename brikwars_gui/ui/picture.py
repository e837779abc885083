"""Pictures of the battlefield for export: heat maps (PNG), battle and fire-spread timelines
(animated GIF and PNG frames).

Every picture is drawn by the battlefield itself: a `BattlefieldScene` on an `EditorDocument` of
the scenario (terrain, objects, fires, smoke, units and labels: the code the window uses), with
the heat overlay from `layers.heat_image`, rendered into a `QImage`. Works headless with Qt's
offscreen platform (`ensure_app()` starts one for the command line). GIFs are written with Pillow
(a regular dependency; a broken installation without it gets PILLOW_MISSING); PNGs need only Qt.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QApplication

from brikwars_gui.ui.battlefield import BattlefieldScene
from brikwars_gui.ui.document import EditorDocument
from brikwars_gui.ui.items import CELL
from brikwars_gui.ui.layers import HEAT_STOPS, heat_image
from brikwars_gui.ui.models import SelectionService

__all__ = [
    "PILLOW_MISSING",
    "battlefield_image",
    "ensure_app",
    "forecast_heatmap_image",
    "heat_legend_image",
    "panels",
    "save_frames",
    "save_gif",
    "save_png",
    "spread_images",
    "spread_round_image",
    "timeline_images",
]

PILLOW_MISSING = "writing a GIF needs Pillow, which this installation lacks: pip install Pillow"
MAX_SIDE = 960
"""Longest side of a rendered battlefield in pixels (cells shrink on large tables)."""
LEGEND_H = 46
TITLE_H = 26


def ensure_app() -> QApplication:
    """The running QApplication, or a new one on the offscreen platform (command line, CI)."""
    app = QApplication.instance()
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication([])
    return app  # type: ignore[return-value]


def _cell_px(width: int, height: int, max_side: int) -> float:
    return max(2.0, min(CELL, max_side / max(width, height)))


def battlefield_image(
    scenario: Any,
    *,
    heat: np.ndarray | None = None,
    front: np.ndarray | None = None,
    title: str = "",
    legend: str = "",
    max_side: int = MAX_SIDE,
    labels: bool | None = None,
) -> QImage:
    """The battlefield of `scenario` as the window draws it, with an optional heat overlay
    (frequencies 0..1 per cell), the most likely fire `front` outlined, a title line above and a
    colour scale titled `legend` below (when a heat map is given). `labels`: draw the name labels
    (default: only without a heat map, which they would hide)."""
    ensure_app()
    doc = EditorDocument(scenario)
    scene = BattlefieldScene(doc, SelectionService())
    scene.fire_timer.stop()
    scene.set_layer_visible("labels", heat is None if labels is None else labels)
    if heat is not None:
        scene.set_layer_visible("fire", False)  # the heat map shows where fire burns
        scene.fire_timer.stop()
        scene.set_heat_overlay(heat_image(heat))
    w, h = scenario.battlefield.width, scenario.battlefield.height
    px = _cell_px(w, h, max_side)
    board_w, board_h = round(w * px), round(h * px)
    top = TITLE_H if title else 0
    bottom = LEGEND_H if heat is not None else 0
    image = QImage(board_w, board_h + top + bottom, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    target = QRectF(0, top, board_w, board_h)
    scene.render(painter, target, QRectF(0, 0, w * CELL, h * CELL))
    if front is not None and front.any():
        pen = QPen(QColor("#1a237e"), max(1.0, px / 8))
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for y, x in np.argwhere(front):
            painter.drawRect(QRectF(x * px, top + y * px, px, px).adjusted(1, 1, -1, -1))
    if title:
        _text(painter, QRectF(6, 0, board_w - 12, TITLE_H), title, bold=True)
    if heat is not None:
        _legend(painter, QRectF(0, top + board_h, board_w, LEGEND_H), legend)
    painter.end()
    scene.clear()
    return image


def _text(painter: QPainter, rect: QRectF, text: str, *, bold: bool = False, size: float = 10) -> None:
    font = QFont()
    font.setPointSizeF(size)
    font.setBold(bold)
    painter.setFont(font)
    painter.setPen(QColor("#202020"))
    painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), text)


def _legend(painter: QPainter, rect: QRectF, title: str) -> None:
    """A 0–100% colour bar with ticks, and the title to its left (above it when narrow)."""
    if rect.width() < 500:
        _text(painter, QRectF(rect.left() + 4, rect.top(), rect.width() - 8, 16), title, size=8.5)
        bar = QRectF(rect.left() + 12, rect.top() + 17, rect.width() - 24, 10)
    else:
        label_w = min(rect.width() * 0.45, 260.0)
        _text(painter, QRectF(rect.left() + 6, rect.top() + 4, label_w - 8, 22), title, size=9)
        bar = QRectF(rect.left() + label_w, rect.top() + 8, rect.width() - label_w - 16, 12)
    gradient = QLinearGradient(bar.topLeft(), bar.topRight())
    for stop, color in HEAT_STOPS:
        gradient.setColorAt(stop, QColor(color))
    painter.fillRect(bar, gradient)
    painter.setPen(QColor("#606060"))
    painter.drawRect(bar)
    for i in range(5):
        x = bar.left() + bar.width() * i / 4
        painter.drawLine(QPointF(x, bar.bottom()), QPointF(x, bar.bottom() + 4))
        _text(painter, QRectF(x - 20, bar.bottom() + 3, 40, 15), f"{25 * i}%", size=7.5)


def heat_legend_image(title: str, width: int = 320) -> QImage:
    """Just the colour scale (the GUI's heat-map dock shows it)."""
    image = QImage(width, LEGEND_H, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    _legend(painter, QRectF(0, 0, width, LEGEND_H), title)
    painter.end()
    return image


def panels(images: Sequence[QImage], gap: int = 8) -> QImage:
    """Images side by side on white (the forecast's three heat maps in one PNG)."""
    width = sum(i.width() for i in images) + gap * (len(images) - 1)
    height = max(i.height() for i in images)
    out = QImage(width, height, QImage.Format.Format_ARGB32)
    out.fill(QColor("#ffffff"))
    painter = QPainter(out)
    x = 0
    for image in images:
        painter.drawImage(x, 0, image)
        x += image.width() + gap
    painter.end()
    return out


def save_png(image: QImage, path: str | os.PathLike[str]) -> Path:
    out = Path(path)
    if not image.save(str(out), "PNG"):
        raise OSError(f"{out}: cannot write the PNG")
    return out


def save_frames(
    images: Sequence[QImage], directory: str | os.PathLike[str], stem: str = "frame"
) -> list[Path]:
    """`stem-000.png`, `stem-001.png`, ... in `directory` (created)."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    return [save_png(image, folder / f"{stem}-{i:03d}.png") for i, image in enumerate(images)]


def _to_pil(image: QImage) -> Any:
    from PIL import Image

    rgba = image.convertToFormat(QImage.Format.Format_RGBA8888)
    data = bytes(rgba.constBits())[: rgba.bytesPerLine() * rgba.height()]
    return Image.frombuffer(
        "RGBA", (rgba.width(), rgba.height()), data, "raw", "RGBA", rgba.bytesPerLine(), 1
    )


def save_gif(
    images: Sequence[QImage], path: str | os.PathLike[str], *, frame_ms: int = 700, last_ms: int = 2000
) -> Path:
    """An animated GIF (looping) of `images`; the last frame stays a little longer."""
    try:
        import PIL  # noqa: F401
    except ImportError as exc:
        raise RuntimeError(PILLOW_MISSING) from exc
    if not images:
        raise ValueError("no frames to write")
    frames = [_to_pil(i).convert("RGB").quantize(colors=255, dither=0) for i in images]
    durations = [frame_ms] * (len(frames) - 1) + [last_ms]
    out = Path(path)
    frames[0].save(
        out, save_all=True, append_images=frames[1:], duration=durations, loop=0, optimize=False, disposal=1
    )
    return out


# ---------------------------------------------------------------------------------------------
# What the exports draw (duck-typed engine results: no engine import here)

HEAT_TITLES = {
    "burned": "Fire burned here",
    "smoke": "Smoke covered it",
    "deaths": "A unit died here",
}


def forecast_heatmap_image(
    scenario: Any, heatmaps: Any, layers: Sequence[str] = tuple(HEAT_TITLES)
) -> QImage:
    """The forecast's heat maps (`engine.forecast_maps.HeatMaps`) side by side, one per layer."""
    side = MAX_SIDE if len(layers) == 1 else max(320, MAX_SIDE * 2 // 3)
    images = [
        battlefield_image(
            scenario,
            heat=heatmaps.layer(name),
            title=f"{HEAT_TITLES[name]} — {heatmaps.runs} runs",
            legend="share of the runs",
            max_side=side,
        )
        for name in layers
    ]
    return panels(images)


def spread_round_image(scenario: Any, spread: Any, round_: int) -> QImage:
    """One round of a hazard spread (`engine.hazard_spread.HazardSpread`): burn odds and front."""
    return battlefield_image(
        scenario,
        heat=spread.burn[round_],
        front=spread.front(round_),
        title=f"{scenario.name}: round {round_} of {spread.rounds} — fire odds over {spread.runs} runs",
        legend="fire odds (outline: likely front)",
    )


def spread_images(scenario: Any, spread: Any) -> list[QImage]:
    return [spread_round_image(scenario, spread, r) for r in range(spread.rounds + 1)]


def timeline_images(frames: Sequence[Any]) -> list[QImage]:
    """One picture per timeline frame (`engine.timeline.Frame`: a scenario and a label)."""
    return [battlefield_image(f.scenario, title=f.label) for f in frames]

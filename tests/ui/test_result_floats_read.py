"""Result floats read on every shading of the map (s9 real-window check: purple SuperNatural floats
sank into the violet Move shading). Each float is drawn by `ResultFloats` over each shading a cell can
have under it (open ground, the light and deep Move shading, Half Speed, water, mud, an obstacle) and
measured in the rendered pixels: its text keeps WCAG AA contrast (4.5:1) with its own backdrop, and
keeps the same contrast whatever is under it (the backdrop no longer takes the shading's tint); an SN
float, white on purple, is ringed so that it stands off even the violet shading (3:1, WCAG 1.4.11)."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from brikwars_gui.scenario.models import TerrainKind
from brikwars_gui.ui.layers import TERRAIN_COLORS
from brikwars_gui.ui.map_feedback import RESULT_COLORS, ResultFloats
from brikwars_gui.ui.overlay_palette import HALF_SPEED_ALPHA, HALF_SPEED_COLOR, REACH_ALPHA, REACH_COLOR
from brikwars_gui.ui.session_controller.log_entries import MapResult


def over(color: str, alpha: int, under: str) -> QColor:
    a, b = QColor(color).getRgb()[:3], QColor(under).getRgb()[:3]
    return QColor(*(round(x * alpha / 255 + y * (1 - alpha / 255)) for x, y in zip(a, b, strict=True)))


OPEN = TERRAIN_COLORS[TerrainKind.OPEN]
SHADINGS = {
    "open ground": QColor(OPEN),
    "Move shading, cheap": over(REACH_COLOR, REACH_ALPHA[0], OPEN),
    "Move shading, last inches": over(REACH_COLOR, REACH_ALPHA[1], OPEN),
    "Half Speed": over(HALF_SPEED_COLOR, HALF_SPEED_ALPHA, OPEN),
    "water": QColor(TERRAIN_COLORS[TerrainKind.WATER]),
    "mud": QColor(TERRAIN_COLORS[TerrainKind.MUD]),
    "obstacle": QColor(TERRAIN_COLORS[TerrainKind.OBSTACLE]),
}


def luminance(c: QColor) -> float:
    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF())


def contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def rendered(kind: str, shading: QColor) -> tuple[QImage, QRectF]:
    """The float of `kind` drawn by ResultFloats over a patch of `shading`; its box in the image."""
    scene = QGraphicsScene()
    source = QRectF(-150, -80, 300, 160)
    scene.addRect(source, Qt.PenStyle.NoPen, shading)
    floats = ResultFloats(scene)
    floats.show(MapResult(kind, (0, 0), "Fireball d8: 5 → lands" if kind == "sn" else "Hit (6 vs 3)"))
    floats.timer.stop()  # as it appears, fully opaque
    label = next(item for item, _s, _a in floats.floats if item.data(0) == kind and hasattr(item, "box"))
    image = QImage(300, 160, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 300, 160), source)
    painter.end()
    box = label.box.translated(label.pos() - source.topLeft())
    return image, box


def pixels(image: QImage, rect: QRectF) -> list[QColor]:
    r = rect.toAlignedRect()
    xs, ys = range(r.left(), r.right() + 1), range(r.top(), r.bottom() + 1)
    return [image.pixelColor(x, y) for y in ys for x in xs]


def text_contrast(image: QImage, box: QRectF) -> float:
    inside = pixels(image, box.adjusted(3, 3, -3, -3))
    backdrop = QColor(Counter(c.rgb() for c in inside).most_common(1)[0][0])
    return max(contrast(c, backdrop) for c in inside)


@pytest.mark.parametrize("kind", sorted(RESULT_COLORS))
def test_every_result_float_reads_the_same_on_every_shading(qapp, kind: str) -> None:
    found = {name: text_contrast(*rendered(kind, shading)) for name, shading in SHADINGS.items()}
    assert min(found.values()) >= 4.5, found
    assert min(found.values()) >= 0.9 * max(found.values()), found  # the shading does not tint it


def test_an_sn_float_stands_off_every_shading(qapp) -> None:
    """Its white ring (on dark or violet shading) or its purple pill (on light ground) is 3:1 off it."""
    for name, shading in SHADINGS.items():
        image, box = rendered("sn", shading)
        ring = pixels(image, QRectF(box.left() + 6, box.top() - 1, box.width() - 12, 2))
        inside = pixels(image, box.adjusted(3, 3, -3, -3))
        backdrop = QColor(Counter(c.rgb() for c in inside).most_common(1)[0][0])
        edge = max(contrast(c, shading) for c in [*ring, backdrop])
        assert edge >= 3.0, (name, edge)


@pytest.mark.parametrize("kind", ["hit", "killed", "disrupted"])
def test_a_flash_ring_stands_off_every_shading(qapp, kind: str) -> None:
    """The ring flashed around a hit, kill or Disrupted unit: the Disrupted purple is the Move
    shading's violet itself, so a white rim runs under every ring (3:1 off the shading below it)."""
    from brikwars_gui.ui.items import CELL, cell_center

    for name, shading in SHADINGS.items():
        image, _box = rendered(kind, shading)
        centre = cell_center((0, 0)) - QRectF(-150, -80, 300, 160).topLeft()
        below = centre.y() + CELL * 0.7  # the ring's lowest point, away from the rising text
        ring = pixels(image, QRectF(centre.x() - 4, below - 5, 8, 10))
        assert max(contrast(c, shading) for c in ring) >= 3.0, (kind, name)


def test_floats_stacking_up_to_the_maps_top_edge_go_on_below_the_token(open_window) -> None:
    """Seen in the s10 real-window check at 1600x1000: seven results on a unit near the map's top
    edge stacked up under the inch ruler, the top one cut. The stack goes on below the token
    instead; no two floats overlap."""
    from brikwars_gui.ui.battlefield.view import RULER_BAND

    w = open_window(size=(1280, 720))
    w.view.verticalScrollBar().setValue(w.view.verticalScrollBar().minimum())  # row 0 near the top
    floats = w.result_floats
    for i in range(7):
        floats.show(MapResult("hit" if i % 2 else "sn", (5, 0), f"Result {i}: Hit (6 vs 3)"))
    floats.timer.stop()
    rects = [floats.screen_rect(item) for item, _s, _a in floats.floats if item.data(0) in ("hit", "sn")]
    assert len(rects) == 7
    assert all(r.top() >= RULER_BAND for r in rects), [r.top() for r in rects]
    assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1 :] if a.intersects(b)]

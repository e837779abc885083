"""Unit tokens at far zoom (issue 26: a 2,000-unit battle on a 400" table opens with every token a
pixel or two across): below `PLAIN_DISC_BELOW_PX` of radius on screen a token is a plain disc of its
side's colour; closer in it has its facing wedge, pip and status badges (GRID-6 facing)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene, QStyleOptionGraphicsItem

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.ui.items import PLAIN_DISC_BELOW_PX, UnitItem


class CountingPainter(QPainter):
    """A painter on an image that counts the paths (the facing wedge) and texts (badges) drawn."""

    def __init__(self, image: QImage) -> None:
        super().__init__(image)
        self.paths = self.texts = self.ellipses = 0

    def drawPath(self, *args) -> None:  # Qt's name
        self.paths += 1
        super().drawPath(*args)

    def drawText(self, *args) -> None:
        self.texts += 1
        super().drawText(*args)

    def drawEllipse(self, *args) -> None:
        self.ellipses += 1
        super().drawEllipse(*args)


def _painted(qapp, scale: float) -> tuple[CountingPainter, QImage, float]:
    unit = load_scenario(SCENARIOS / "skirmish.json").units[0]
    item = UnitItem(unit, "#c62828")
    item.badges = [("H", "#f9a825"), ("S", "#42a5f5")]
    scene = QGraphicsScene()
    scene.addItem(item)
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = CountingPainter(image)
    painter.translate(100, 100)
    painter.scale(scale, scale)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    return painter, image, item.radius * scale


@pytest.mark.parametrize("scale", [0.05, 0.2])
def test_a_token_a_few_pixels_across_is_a_plain_disc_of_its_sides_colour(qapp, scale: float) -> None:
    painter, image, on_screen = _painted(qapp, scale)
    assert on_screen < PLAIN_DISC_BELOW_PX
    assert (painter.paths, painter.texts, painter.ellipses) == (0, 0, 1)  # no wedge, pip or badges
    if on_screen >= 2:
        assert image.pixelColor(100, 100).name() == "#c62828"


def test_a_token_seen_closer_has_its_facing_wedge_pip_and_badges(qapp) -> None:
    painter, _image, on_screen = _painted(qapp, 1.0)
    assert on_screen >= PLAIN_DISC_BELOW_PX
    assert painter.paths == 1 and painter.texts == 2  # the facing wedge, one text per badge
    assert painter.ellipses == 1 + 1 + 2  # disc, pip, two badge discs

"""Label placement: each label shows only where it does not cover a more important one at the
current zoom (selected/hovered unit, fires, field hazards, other units, objects)."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF

from brikwars_gui.ui.items import LabelItem, UnitItem

Box = tuple[float, float, float, float]  # left, top, right, bottom in screen pixels
LABEL_PADDING = 4.0  # px either side of a name's text, 1 above and below (`LabelItem.set_text`)


class PlacedBoxes:
    """The screen boxes of the labels placed so far, bucketed by area: a new box is tested only
    against the boxes near it, so placing n labels costs about n, not n² (issue 9: 200 units)."""

    BUCKET = 64.0  # px: a few labels across

    def __init__(self) -> None:
        self._buckets: dict[tuple[int, int], list[Box]] = {}

    def _keys(self, box: Box) -> list[tuple[int, int]]:
        b = self.BUCKET
        xs = range(math.floor(box[0] / b), math.floor(box[2] / b) + 1)
        ys = range(math.floor(box[1] / b), math.floor(box[3] / b) + 1)
        return [(x, y) for x in xs for y in ys]

    def hits(self, box: Box, ignore: Box | None = None) -> bool:
        """Whether `box` overlaps a placed box (with some area, as QRectF.intersects) other than
        `ignore` (a name and its own token)."""
        left, top, right, bottom = box
        return any(
            left < r[2] and r[0] < right and top < r[3] and r[1] < bottom and r != ignore
            for key in self._keys(box)
            for r in self._buckets.get(key, ())
        )

    def add(self, box: Box) -> None:
        for key in self._keys(box):
            self._buckets.setdefault(key, []).append(box)


def _screen_box(rect: QRectF, x: float, y: float, scale: float) -> Box:
    """`rect` (a label's box in pixels around its anchor) with the anchor at scene point (x, y)."""
    left, top = rect.x() + x * scale - 1, rect.y() + y * scale - 1
    return left, top, left + rect.width() + 2, top + rect.height() + 2


def _token_box(unit: UnitItem, scale: float) -> Box:
    """A unit's round token in screen pixels, less its 1 px anti-aliased rim."""
    x, y, r = unit.pos().x() * scale, unit.pos().y() * scale, unit.radius * scale - 1
    return x - r, y - r, x + r, y + r


def _text_box(box: Box) -> Box:
    """The text inside a name's screen box (`_screen_box`: its padding and 1 px margin off): a
    name's padding may slip under another token's rim, never its text."""
    left, top, right, bottom = box
    dx, dy = LABEL_PADDING + 1, 2
    return left + dx, top + dy, right - dx, bottom - dy


class LabelsMixin:
    """Decluttering of the scene's labels."""

    # -- label placement ---------------------------------------------------------------------------
    def schedule_declutter(self, *_args) -> None:
        self.declutter_timer.start()

    def set_hovered_unit(self, unit_id: str) -> None:
        if unit_id != self.hovered_unit:
            self.hovered_unit = unit_id
            self.declutter_labels()

    def _labels_by_priority(self) -> list[tuple[int, str, LabelItem, UnitItem | None]]:
        """Labels the layers show, most important first: the selected/hovered unit, fires, field
        hazards, other units, objects."""
        v = self.visible_layers
        focus = {self.selection.unit_id, self.hovered_unit} - {"", None}
        out: list[tuple[int, str, LabelItem, UnitItem | None]] = []
        for uid, item in self.unit_items.items():
            if not item.dead:
                out.append((0 if uid in focus else 3, uid, item.label, item))
        if v["fire"]:
            out += [(1, f"fire{i}", label, None) for i, label in enumerate(self.fire_labels)]
        for i, outline in enumerate(self.hazard_items):
            if v[outline.data(0)]:
                out += [(2, f"hz{i}", c, None) for c in outline.childItems() if isinstance(c, LabelItem)]
        out += [(4, oid, item.label, None) for oid, item in self.object_items.items()]
        out.sort(key=lambda t: (t[0], t[1]))
        return out

    def declutter_labels(self) -> int:
        """Show each label only where it does not cover a more important one at the current zoom
        (a unit's name may move above its token first). Hidden names come back when the unit is
        selected or hovered, or when zoomed in. Returns the number of labels hidden."""
        if not self.visible_layers["labels"]:
            return 0
        views = self.views()
        scale = views[0].transform().m11() if views else 1.0
        scale = scale or 1.0
        placed = PlacedBoxes()
        tokens = PlacedBoxes()  # a name never covers another unit's token (review 2026-11-27 #16)
        token_of = {}
        for item in self.unit_items.values():
            if item.isVisible() and not item.dead:
                token_of[item] = _token_box(item, scale)
                tokens.add(token_of[item])
        hidden = 0
        for priority, _key, label, unit in self._labels_by_priority():
            rect = label.box
            if unit is None:
                p = label.scenePos()
                choices = [(None, _screen_box(rect, p.x(), p.y(), scale))]
            else:  # below the token first, then above it (UnitItem.place_label's positions)
                u, r = unit.pos(), unit.radius
                below = _screen_box(rect, u.x(), u.y() + r, scale)
                above = _screen_box(rect, u.x(), u.y() - r - rect.height() - 4, scale)
                choices = [(False, below), (True, above)]
            own = token_of.get(unit)
            free = [(w, b) for w, b in choices if not (placed.hits(b) or tokens.hits(_text_box(b), own))]
            chosen = free[0] if free else None
            where = chosen[0] if chosen is not None else choices[0][0]
            if unit is not None and unit.label_above != where:
                unit.place_label(where)
            show = chosen is not None or priority == 0
            label.setVisible(show)
            if show:
                placed.add(chosen[1] if chosen is not None else choices[0][1])
            else:
                hidden += 1
        return hidden

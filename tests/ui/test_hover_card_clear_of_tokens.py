"""Issue 10 polish (a click-through at 1280x720 in a real window): the hover card beside Spearman
Gill covered Rifleman Eel's token three cells above; it avoided only the attack card and the
selected unit. It now sits clear of the hovered token and of every other unit's token and name
when such a place exists (the skirmish has room everywhere at these sizes), else where it covers
least."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSize

from brikwars_gui.ui.unit_card import hover_place

SIZES = [(1600, 1000), (1280, 720), (1024, 700)]


@pytest.mark.parametrize("size", SIZES)
def test_the_hover_card_covers_no_token(open_window, app_style, settle, qtbot, size) -> None:
    w = open_window(size=size, animate=None)
    w.set_play_mode(True, seed=1)
    settle(w)
    port = w.view.viewport().geometry()
    for uid in ("blue-spear", *(u for u in w.scene.unit_items if u != "blue-spear")):
        w.show_hover_card(uid)
        card = w.hover_card.geometry()
        assert w.hover_card.isVisible() and port.contains(card), (uid, card, port)
        others = [u for u in w.scene.unit_items if w.scene.unit_items[u].isVisible()]
        for other, box in zip(others, w.token_boxes(*others), strict=True):
            if port.intersects(box):
                assert not card.intersects(box), f"{uid}'s card covers {other} at {size}: {card} {box}"


def _covered(r: QRect, boxes: list[QRect]) -> int:
    return sum(r.intersected(b).width() * r.intersected(b).height() for b in boxes if r.intersects(b))


def test_the_hover_card_takes_the_place_covering_least_when_none_is_clear() -> None:
    token, area, size = QRect(100, 100, 20, 30), QRect(0, 0, 400, 300), QSize(80, 40)
    assert hover_place(size, token, area, [token], [], 6) == QRect(69, 54, 80, 40)  # above, centred
    above = QRect(60, 40, 100, 50)
    assert hover_place(size, token, area, [token], [above], 6) == QRect(126, 94, 80, 40)  # right
    # a crowd all round (a band 30 px under every place): the least covering, never the token
    crowd = [QRect(0, y, 400, 10) for y in range(0, 300, 30) if not 90 <= y <= 130]
    place = hover_place(size, token, area, [token], crowd, 6)
    assert not place.intersects(token) and _covered(place, crowd) <= 80 * 10
    # a selected unit (`keep`) is left in sight before the other tokens
    selected = QRect(100, 40, 20, 50)
    place = hover_place(size, token, area, [token, selected], crowd, 6)
    assert not place.intersects(selected) and not place.intersects(token)

"""Issue 10, defect 8: overlays stay distinct from each other and from water, fire and smoke, for
normal vision and the common colour-vision deficiencies; a Legend explains them (pytest-qt)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from PySide6.QtCore import QSettings

from brikwars_gui.ui import overlay_palette as pal
from brikwars_gui.ui.layers import TERRAIN_COLORS, fire_color
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.session_controller import BADGE_COLORS

# Machado, Oliveira & Fernandes (2009), severity 1, applied to linear RGB
MACHADO = {
    "protanopia": [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ],
    "deuteranopia": [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ],
    "tritanopia": [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ],
}
MIN_DELTA_E = 9.0  # CIE76; ~2.3 is "just noticeable", 10 "clearly different at a glance"


def rgb(color: str) -> np.ndarray:
    color = color.lstrip("#")
    return np.array([int(color[i : i + 2], 16) for i in (0, 2, 4)], dtype=float)


def over(color: str, alpha: int, background: np.ndarray) -> np.ndarray:
    a = alpha / 255
    return rgb(color) * a + background * (1 - a)


def lab(srgb: np.ndarray, vision: str | None) -> np.ndarray:
    c = srgb / 255
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    if vision:
        lin = np.clip(np.array(MACHADO[vision]) @ lin, 0, 1)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = m @ lin / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def colours() -> tuple[dict[str, np.ndarray], set[str]]:
    """Every overlay as drawn over open ground, and what it must be told apart from."""
    ground = rgb(TERRAIN_COLORS[next(k for k in TERRAIN_COLORS if k.value == "open")])
    water = rgb(TERRAIN_COLORS[next(k for k in TERRAIN_COLORS if k.value == "water")])
    reach = {f"reach α{a}": over(pal.REACH_COLOR, a, ground) for a in pal.REACH_ALPHA}
    overlays = {
        **reach,
        "half speed": over(pal.HALF_SPEED_COLOR, pal.HALF_SPEED_ALPHA, ground),
        "sight": over(pal.SIGHT_COLOR, pal.SIGHT_ALPHA, ground),
    }
    overlays["sight over reach"] = over(
        pal.SIGHT_COLOR, pal.SIGHT_ALPHA, reach[f"reach α{pal.REACH_ALPHA[0]}"]
    )
    others = {
        "open ground": ground,
        "water": water,
        "smoke": over("#8a8f96", pal.SMOKE_ALPHA, ground),
        **{f"fire {s}": over(fire_color(s).name(), pal.FIRE_ALPHA, ground) for s in (1, 2, 4)},
    }
    return {**overlays, **others}, set(overlays)


@pytest.mark.parametrize("vision", [None, "protanopia", "deuteranopia", "tritanopia"])
def test_overlays_stay_distinct_for_every_colour_vision(vision) -> None:
    table, overlays = colours()
    close = []
    for a, b in itertools.combinations(table, 2):
        if a not in overlays and b not in overlays:
            continue  # terrain and hazards among themselves are not this palette's choice
        if (
            {a, b} == {"sight over reach", f"reach α{pal.REACH_ALPHA[0]}"}
            or (a.startswith("reach")
            and b.startswith("reach"))
        ):
            if np.linalg.norm(lab(table[a], vision) - lab(table[b], vision)) < 3:
                close.append((a, b))
            continue
        d = float(np.linalg.norm(lab(table[a], vision) - lab(table[b], vision)))
        if d < MIN_DELTA_E:
            close.append((a, b, round(d, 1)))
    assert not close, f"{vision or 'normal vision'}: too close {close}"


def test_the_old_blue_reach_was_confused_with_water_under_protanopia() -> None:
    """The check has teeth: the blue reach shading of issue 10 fails it."""
    ground, water = rgb("#e4ecd2"), rgb("#74a9d8")
    old = over("#5a6ad8", 130, ground)
    assert np.linalg.norm(lab(old, "protanopia") - lab(water, "protanopia")) < MIN_DELTA_E


def test_view_legend_lists_overlays_and_badges(qtbot, tmp_path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    w.show()
    assert w.act_legend.text() == "&Legend" and any(a is w.act_legend for _p, a in w.menu_actions())
    if w.act_legend.isChecked():
        w.act_legend.trigger()
    assert w.dock_legend.isHidden()
    w.act_legend.trigger()
    assert not w.dock_legend.isHidden() and w.act_legend.isChecked()
    rows = w.legend.rows
    assert any("Half Speed" in r for r in rows) and any("Smoke" in r for r in rows)
    assert sum(r.startswith("Badge:") for r in rows) == len(BADGE_COLORS)

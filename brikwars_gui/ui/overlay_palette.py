"""Colours of the Play-mode overlays, chosen to stay apart from each other and from water, fire and
smoke, also for protanopia, deuteranopia and tritanopia (tests/ui/test_overlay_palette.py checks
the distances with the Machado 2009 simulation), and the legend that explains them (issue 10)."""

from __future__ import annotations

REACH_COLOR = "#6a1b9a"  # violet: never the blue of water, whatever the colour vision
REACH_ALPHA = (120, 180)  # cheapest → most expensive cell
HALF_SPEED_COLOR = "#000000"  # reachable only at Half Speed: dark
HALF_SPEED_ALPHA = 140
SIGHT_COLOR = "#fdd835"
SIGHT_ALPHA = 90
SMOKE_ALPHA = 170
FIRE_ALPHA = 200

# (swatch colour, alpha, label) — what the Legend panel lists, in that order
LEGEND: tuple[tuple[str, int, str], ...] = (
    (REACH_COLOR, REACH_ALPHA[0], "Reachable this turn (light: cheap, deep: the last inches) (R-MOVE-1/2)"),
    (HALF_SPEED_COLOR, HALF_SPEED_ALPHA, "Reached at Half Speed: each inch costs 2 (R-MOVE-7)"),
    (SIGHT_COLOR, SIGHT_ALPHA + 60, "Seen by the selected unit: in sight and Cone of Vision (GRID-5/6)"),
    ("#0d47a1", 255, "Path of the move under the mouse, with its cost in inches"),
    ("#2e7d32", 255, "Line of sight to the enemy under the mouse: clear"),
    ("#d50000", 255, "Line of sight: blocked"),
    ("#00c853", 160, "A cell you may choose (Bail landing, Angry Inch step); ringed: the default"),
    ("#ff1744", 120, "Units and cells of the log line you clicked"),
    ("#6a1b9a", 200, "Triggered spot (Concealed hazard, trap)"),
    ("#74a9d8", 255, "Water (swimming, drowning checks)"),
    ("#ffca28", FIRE_ALPHA, "Fire Size 1 (R-FIRE-1); orange 2–3, red 4+"),
    ("#8a8f96", SMOKE_ALPHA, "Smoke: blocks line of sight (R-HAZ-7)"),
)

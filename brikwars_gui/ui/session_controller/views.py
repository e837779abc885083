"""What the views read of a battle: `UnitView`, `GameResult`, `HazardView`, the badges and stat
lines, built from live engine objects or timeline snapshot dicts alike."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, partial
from types import SimpleNamespace
from typing import Any

import numpy as np

from brikwars_gui.scenario.models import Scenario

log = logging.getLogger("brikwars_gui.play")


Cell = tuple[int, int]


BADGE_COLORS = {
    "disrupted": ("D", "#ef5350"),
    "half_speed": ("½", "#ffb74d"),
    "stopped": ("S", "#b0bec5"),
    "fire": ("F", "#ff7043"),
    "saved": ("A", "#81c784"),
    "hero": ("H", "#f9a825"),
    "done": ("✓", "#e0e0e0"),
    "flight": ("✈", "#81d4fa"),  # R-SN-30: it can fly
    "mind": ("M", "#ce93d8"),  # R-SN-40: an SN Mind still owes it an Action this turn
}


@dataclass(frozen=True)
class UnitView:
    id: str
    name: str
    team: str
    pos: Cell
    facing: str
    alive: bool
    badges: tuple[tuple[str, str], ...]
    status: str
    move_left: int
    move: int
    action: str  # "available" | "used" | "saved" | "—"
    disrupted: bool = False
    half_speed: bool = False
    stopped: bool = False
    fire_size: int = 0
    saved_action: bool = False
    done: bool = False
    weapons: tuple[tuple[str, str, int | None], ...] = ()  # (name, kind, range in inches or None)
    hidden: bool = False  # G-16: a Hidden enemy the viewing player may not see (not drawn)
    stats: tuple[tuple[str, str, str], ...] = ()  # the ruleset's stat lines: (label, value, tip)
    ai_note: str = ""  # the tactical AI's explanation of this unit's last decision (hover text)
    size: int = 1  # inches (G-1): the token's size on the map
    hero: bool = False
    vanished: bool = False  # a summoned unit (Diemon) no longer alive: gone, no body (R-SN-21)

    @property
    def stats_text(self) -> str:
        return stats_text(self.stats)


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended: winner (None: no winner), reason, rounds played, survivors and
    starting units per team, in turn order."""

    winner: str | None
    reason: str
    rounds: int
    turn_order: tuple[str, ...]
    survivors: dict[str, int]
    started: dict[str, int]


@dataclass
class HazardView:
    """What the battlefield draws of the hazards: the engine's `HazardFrame` arrays plus fire labels."""

    fire_size: np.ndarray  # int16 (height, width)
    fire_type: np.ndarray  # uint8 codes (engine/hazards/history.py FIRE_TYPE_CODES)
    smoke: np.ndarray  # bool
    triggered: np.ndarray  # bool
    labels: list[tuple[str, Cell, int]]  # (text, cell, Fire Size) per fire


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _cell(value: Any) -> Cell | None:
    if isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (int(value[0]), int(value[1]))
    return None


def stats_text(lines: Iterable[tuple[str, str, str]]) -> str:
    """Stat lines in one line for the unit table and the inspector (`Melee 3D · … · CP 2`)."""
    short = {"Character Points": "CP", "Fate Points": "FP"}
    return " · ".join(f"{short.get(label, label)} {value}" for label, value, _tip in lines)


@cache
def _rules() -> tuple[Callable[[Any], bool], Callable[[str], Any]]:
    """(`at_half_speed`, `find_ruleset`): imported on the first view, not as the app starts, and
    then kept (an import statement under PySide6 goes through its import hook: ~2 per view, 4,000
    as a resumed 2,000-unit battle is shown, issue 26)."""
    from brikwars_gui.engine.rules.common import at_half_speed
    from brikwars_gui.engine.rulesets import find_ruleset

    return at_half_speed, find_ruleset


def ruleset_stat_lines(ruleset: str, u: Any) -> tuple[tuple[str, str, str], ...]:
    """The ruleset's stat lines of a live unit or a snapshot dict (die codes, pools, wounds)."""
    unit = SimpleNamespace(**u) if isinstance(u, dict) else u
    return tuple((s.label, s.value, s.tip) for s in _rules()[1](ruleset).stat_lines(unit))


def scenario_stat_lines(scenario: Scenario, unit_id: str) -> tuple[tuple[str, str, str], ...]:
    """Edit mode: the stat lines a scenario unit would play with under the scenario's ruleset
    (its own block or the default conversion); () when the scenario cannot be built."""
    from brikwars_gui.engine.state import GameState

    try:
        state = GameState.from_scenario(scenario)
    except Exception:
        log.exception("stat lines of the scenario failed")
        return ()
    unit = state.units.get(unit_id)
    return ruleset_stat_lines(state.ruleset, unit) if unit is not None else ()


def _unit_view(u: Any, hero_default: bool = False, ruleset: str | None = None) -> UnitView:
    # a live unit's attributes or a snapshot's keys, read without a Python call per field: the
    # views of a resumed 2,000-unit battle are made at once (issue 26)
    get = u.get if isinstance(u, dict) else partial(getattr, u)
    alive = bool(get("alive", True))
    move = int(get("move", 0)) + int(get("bonus_move", 0) or 0)
    stopped = bool(get("stopped", False))
    move_left = 0 if stopped else max(0, move - int(get("move_spent", 0)))
    badges: list[tuple[str, str]] = []
    flags: list[str] = []
    # R-MOVE-6/17 by the engine's own rule; `u` is a live UnitState or a snapshot dict
    half = bool(_rules()[0](SimpleNamespace(**u) if isinstance(u, dict) else u))
    if not alive:
        status = "Dead"
    else:
        if get("disrupted"):
            badges.append(BADGE_COLORS["disrupted"])
            flags.append("Disrupted")
        if half:
            badges.append(BADGE_COLORS["half_speed"])
            flags.append("Half Speed")
        if stopped:
            badges.append(BADGE_COLORS["stopped"])
            flags.append("Stopped")
        if int(get("fire_size", 0) or 0) > 0:
            badges.append(BADGE_COLORS["fire"])
            flags.append(f'On Fire {get("fire_size")}"')
        if get("saved_action"):
            badges.append(BADGE_COLORS["saved"])
            flags.append("Saved Action")
        if get("hero", hero_default):
            badges.append(BADGE_COLORS["hero"])
        if get("flight"):
            badges.append(BADGE_COLORS["flight"])
        if int(get("minds_used", 0) or 0) < len(get("minds", ()) or ()):
            badges.append(BADGE_COLORS["mind"])
        if get("done") and not flags:
            flags.append("Done")
        elif get("action_used") and not flags:  # as the Turn panel says: not Ready any more
            flags.append("Action used")
        status = ", ".join(flags) or "Ready"
    if not alive:
        action = "—"
    elif get("saved_action"):
        action = "saved"
    elif get("action_used") or get("disrupted"):
        action = "used"
    else:
        action = "available"
    pos = _cell(list(get("pos", (0, 0)))) or (0, 0)
    fire_size = int(get("fire_size", 0) or 0)
    return UnitView(
        str(get("id")),
        str(get("name")),
        str(get("team")),
        pos,
        str(get("facing", "N")),
        alive,
        tuple(badges),
        status,
        move_left,
        move,
        action,
        disrupted=alive and bool(get("disrupted")),
        half_speed=alive and half,
        stopped=alive and stopped,
        fire_size=fire_size if alive else 0,
        saved_action=alive and bool(get("saved_action")),
        done=alive and bool(get("done")),
        weapons=_weapon_views(get("weapons", ()) or ()),
        stats=ruleset_stat_lines(ruleset, u) if ruleset else (),
        size=int(get("size", 1) or 1),
        hero=bool(get("hero", False)),
        vanished=not alive and bool(get("summoned_by")),
    )


def on_map(u: Any) -> bool:
    """Whether a unit (live or snapshot) has a token: a summoned unit that is no longer alive
    vanished with its Effect and leaves no body (R-SN-21); other dead units lie where they fell."""
    return bool(_get(u, "alive", True)) or not _get(u, "summoned_by")


def _weapon_views(weapons: Iterable[Any]) -> tuple[tuple[str, str, int | None], ...]:
    out = []
    for w in weapons:
        rng = _get(w, "range")
        out.append((str(_get(w, "name", "")), str(_get(w, "kind", "")), None if rng is None else int(rng)))
    return tuple(out)


def ranged_weapons(weapons: Iterable[tuple[str, str, int | None]]) -> list[tuple[str, int]]:
    """(name, range) of the ranged and thrown weapons (GRID-3: range in inches, centre to centre)."""
    return [
        (name, int(rng)) for name, kind, rng in weapons if kind != "close" and rng is not None and rng > 0
    ]


def scenario_weapons(scenario: Scenario, unit_id: str) -> tuple[tuple[str, str, int | None], ...]:
    """A scenario unit's weapons as (name, kind, range) (Edit mode's view of the same data)."""
    unit = next((u for u in scenario.units if u.id == unit_id), None)
    return _weapon_views(unit.weapons) if unit is not None else ()


def snapshot_state(snap: dict[str, Any], width: int, height: int) -> SimpleNamespace:
    """A read-only, GameState-like view of a `Game.snapshots` dict: just what `hazard_frame` and the
    fire labels read (fires, units' life and position, objects' destruction, field masks)."""

    def ns(d: dict[str, Any]) -> SimpleNamespace:
        return SimpleNamespace(**d)

    fields = {}
    for fid, f in snap.get("fields", {}).items():
        mask = np.zeros((height, width), dtype=bool)
        cells = np.asarray(f.get("cells") or [], dtype=np.intp).reshape(-1, 2)
        if len(cells):
            mask[cells[:, 1], cells[:, 0]] = True
        triggered = f.get("triggered") or []
        fields[fid] = SimpleNamespace(id=fid, kind=f.get("kind"), mask=mask, triggered=triggered)
    player = snap.get("active_player") or ""
    units, objects = snap.get("units", {}), snap.get("objects", {})
    return SimpleNamespace(
        width=width,
        height=height,
        round=snap.get("round", 0),
        active_player=player,
        turn_order=[player] if player else [],
        fires={k: ns(v) for k, v in snap.get("fires", {}).items()},
        units={k: SimpleNamespace(alive=u.get("alive", True), pos=tuple(u["pos"])) for k, u in units.items()},
        objects={k: SimpleNamespace(destroyed=o.get("destroyed", False)) for k, o in objects.items()},
        fields=fields,
    )


def hazard_view_of(state: Any) -> HazardView:
    """`engine.hazards.history.hazard_frame(state)` plus one label per burning fire (at its top cell)."""
    from brikwars_gui.engine.hazards.history import hazard_frame

    frame = hazard_frame(state)
    labels: list[tuple[str, Cell, int]] = []
    for fire_id, size in frame.fires.items():
        fire = state.fires[fire_id]
        unit = state.units.get(fire.target) if fire.target else None
        cells = [tuple(unit.pos)] if unit is not None else [tuple(c) for c in fire.cells]
        if not cells:
            continue
        kind = str(fire.fire_type or "fire")
        name = "Fire" if kind == "fire" else kind.title()
        labels.append((f'{name} {size}"', min(cells, key=lambda c: (c[1], c[0])), size))
    return HazardView(frame.fire_size, frame.fire_type, frame.smoke, frame.triggered, labels)

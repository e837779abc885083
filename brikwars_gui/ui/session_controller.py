"""The one seam between the UI and the turn engine (`engine/session.py`'s `Game`).

The window never computes rules: in Play mode it asks this controller and listens to its signals.

Starting and stopping
* `start(scenario, seed=None, script=None, max_rounds=None)`: a new `Game` (seed recorded; a
  random one when None). `script` (dice faces used first, then the seed) is the test hook for
  scripted dice. `start_saved(saved)` / `replay_saved(saved)` resume a `SavedGame` (replaying its
  orders); `stop()`.
Orders (human player on its turn; each returns True when the engine accepted it)
* `order_move(unit_id, cell)`, `order_action(unit_id, action)` (an action from `legal_actions`),
  `order_sprint(unit_id, toward)`, `order_face(unit_id, facing)`, `end_unit(unit_id)`, `end_turn()`,
  `undo_last_order()` (replays the game with one human order less from the same dice).
  An `IllegalOrder` is reported by `orderRejected(text)`; any other exception inside the engine is
  logged, reported by `engineError(text)`, the engine restores the pre-order state and the dice
  given to the failed order are given back (so saved games still replay exactly).
Queries
* `has_game`, `round`, `active_player`, `is_human_turn`, `can_end_turn`, `orders_enabled`,
  `reachable(unit_id)` (`{cell: cost}`), `half_speed_mask()`, `preview_path(unit_id, cell)`,
  `legal_actions(unit_id)`, `unit_view(unit_id)` (`UnitView`: position, facing, alive, badges, status
  text and flags (`disrupted`, `half_speed`, ...), Move left, Action state; from the live state or
  from the timeline snapshot shown), `unit_ids_of(player=None)` (a player's units; None: the player
  whose turn is shown), `unit_status`, `unit_badges`, `hazard_view()` (numpy arrays of Fire
  Size/type, Smoke, triggered spots), `game_result()` (`GameResult` once the game is over), `log`
  (`LogEntry` list), `saved_game()`, `sight_mask(unit_id)`, `has_line_of_sight(a, b)`,
  `unit_at(cell)` (of the live state or of the timeline snapshot shown: its positions, facings and
  Smoke), `moves_instant` (Skip or a fast AI: moves jump instead of sliding).
Engine helpers that need no game (module functions, also on the class)
* `measure(a, b)`: GRID-3 distance in inches (the ruler); `run_forecast(scenario, runs, ...)`: the
  engine's AI-vs-AI forecast (Game ▸ Forecast… runs it in a worker thread).
Timeline
* `snapshot_count`, `show_snapshot(i)` (read-only: orders disabled), `show_live()`, `view_index`.
AI
* players with `controller == "ai"` are played by the AI their `ai_level` names (engine/tactics
  `make_player`: `default` = engine/ai.py, easy/normal/hard = the tactical AI, passive) one unit
  activation per step of a QTimer (`ai_interval` ms; `skip_ai()` plays to the next human turn at
  once); their Responses use the default policy. The tactical AI's one-line explanation is the
  `note` of the log entry of the unit's first order and is kept in `ai_notes` /
  `UnitView.ai_note` for the unit's hover text. A human's Responses are asked through
  `ask_response(request) -> answer` (the window shows a dialog; tests replace it), unless "always
  do the default" was chosen.

Signals: `sessionStarted`, `sessionStopped`, `turnChanged(round, player)`, `unitUpdated(unit_id)`
(only units whose state changed), `objectUpdated(object_id)`, `hazardsChanged()`,
`eventAdded(LogEntry)`, `logReset()`, `eventLogged(text, detail)`, `canEndTurnChanged(bool)`,
`ordersEnabledChanged(bool)`, `aiRunningChanged(bool)`, `orderRejected(str)`, `engineError(str)`,
`turnCompleted()` (after each end of turn: autosave), `gameOver(str)`, `viewChanged()`,
`unitMoved(unit_id, path)` (each `unit_moved` event of an order or AI step, path with its start
cell; not while `moves_instant`), `aiSkipped()` (Skip pressed).
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal

from brikwars_gui.scenario.models import Scenario

if TYPE_CHECKING:
    from brikwars_gui.engine.forecast import ForecastReport

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


@dataclass(frozen=True)
class LogEntry:
    index: int
    round: int
    player: str
    kind: str
    text: str
    detail: str
    units: tuple[str, ...]
    cells: tuple[Cell, ...]
    note: str = ""  # the tactical AI's explanation of the order (docs/ai.md)


@dataclass(frozen=True)
class MapResult:
    """An outcome to show where it happened (issue 10): `kind` is hit, miss, damage, killed,
    disrupted, blast or bail; `radius` (inches) for a blast."""

    kind: str
    at: Cell
    text: str
    radius: int = 0


def map_result(event: Any, position: Callable[[str], Cell | None]) -> MapResult | None:
    """The on-map result of an engine event (None for events that have none), in words and
    numbers the engine computed; `position(unit_id)` gives a unit's (or object's) cell."""
    kind = event.kind
    if kind == "attacked":
        at = _cell(getattr(event, "at", None)) or position(event.target)
        roll = getattr(event, "roll", None) or {}
        total, needed = roll.get("total"), getattr(event, "needed", None)
        versus = f" ({total} vs {needed})" if total is not None and needed is not None else ""
        if getattr(event, "critical_failure", False):
            return MapResult("miss", at, "Critical Failure!" + versus, 0) if at else None
        if event.hit:
            damage = getattr(event, "damage", None)
            text = "Hit" + versus + (f": {damage} Damage" if damage is not None else "")
            return MapResult("hit", at, text) if at else None
        return MapResult("miss", at, "Miss" + versus) if at else None
    if kind == "armor_rolled":
        at = position(event.target)
        outcome = {"none": "no effect", "size_lost": '−1" Size'}.get(event.outcome, event.outcome)
        text = f"{event.damage} vs Armor {event.armor}: {outcome}"
        return MapResult("damage", at, text) if at else None
    if kind in ("killed", "disrupted"):
        at = position(event.unit)
        return MapResult(kind, at, "Killed!" if kind == "killed" else "Disrupted") if at else None
    if kind == "exploded":
        at = _cell(event.at)
        text = f'Blast {event.radius}": {event.damage} Damage'
        return MapResult("blast", at, text, int(event.radius)) if at else None
    if kind == "bailed":
        at = _cell(event.to)
        return MapResult("bail", at, f'Bails {event.inches}"') if at else None
    return None


@dataclass
class HazardView:
    """What the battlefield draws of the hazards: the engine's `HazardFrame` arrays plus fire labels."""

    fire_size: np.ndarray  # int16 (height, width)
    fire_type: np.ndarray  # uint8 codes (engine/hazards/history.py FIRE_TYPE_CODES)
    smoke: np.ndarray  # bool
    triggered: np.ndarray  # bool
    labels: list[tuple[str, Cell, int]]  # (text, cell, Fire Size) per fire


# ---------------------------------------------------------------------------------------------
# Dice with a rewind point (dice plumbing only: the faces come from the engine's own sources)


class SessionDice:
    """`script` faces first (tests, worked examples), then `SeededDice(seed)`. Rewindable
    (`snapshot()`/`restore()`), so `Game` gives back the dice drawn by an order that failed and the
    game stays replayable from its log."""

    def __init__(self, seed: int, script: Iterable[int] | None = None) -> None:
        from brikwars_gui.engine.dice.source import ScriptedDice, SeededDice

        self.seed = seed
        self.script = list(script or [])
        self._scripted = ScriptedDice(self.script)
        self._seeded = SeededDice(seed)

    def roll(self, sides: int, purpose: str = "") -> int:
        if self._scripted.remaining > 0:
            return self._scripted.roll(sides, purpose)
        return self._seeded.roll(sides, purpose)

    def snapshot(self) -> tuple[int, Any]:
        return self._scripted.snapshot(), self._seeded.snapshot()

    def restore(self, token: tuple[int, Any]) -> None:
        self._scripted.restore(token[0])
        self._seeded.restore(token[1])


def random_seed() -> int:
    return secrets.randbelow(2**31 - 1) + 1


# ---------------------------------------------------------------------------------------------
# Helpers over engine objects or snapshot dicts


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _cell(value: Any) -> Cell | None:
    if isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (int(value[0]), int(value[1]))
    return None


CELL_KEYS = ("at", "path", "cells", "toward", "to", "landing", "spot", "pos", "cell", "from_cell")
DICE_KEYS = ("roll", "damage_roll", "boost", "burning", "hazard_roll", "dice", "rolls")


def event_cells(data: dict[str, Any]) -> tuple[Cell, ...]:
    """Cells named by an event's fields (for highlighting on the map)."""
    out: list[Cell] = []
    for key in CELL_KEYS:
        value = data.get(key)
        cell = _cell(value)
        if cell is not None:
            out.append(cell)
        elif isinstance(value, list):
            out.extend(c for v in value if (c := _cell(v)) is not None)
    return tuple(dict.fromkeys(out))


def dice_detail(data: dict[str, Any]) -> str:
    """The dice behind an event: each roll's `.explain()` text (bonus chains, Overskill, Critical
    Failure), the Armor explanation, or the JSON of the event when it rolled nothing."""
    lines: list[str] = []

    def walk(value: Any, label: str) -> None:
        if isinstance(value, dict):
            text = value.get("text") if ("dice" in value or "total" in value) else None
            if isinstance(text, str) and text:
                lines.append(f"{label}: {text}" if label else text)
                return
            for k, v in value.items():
                if isinstance(v, dict | list):
                    walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, label)

    for key, value in data.items():
        if key == "explain" and isinstance(value, str):
            lines.append(f"Armor: {value}")
        elif isinstance(value, dict | list) and key not in ("path", "cells", "options", "args"):
            walk(value, key)
    if data.get("critical_failure") is True and not any("CRITICAL" in s.upper() for s in lines):
        lines.append("Critical Failure")
    if data.get("overskill"):
        lines.append(f"Overskill: {data['overskill']}")
    return "\n".join(lines)


def stats_text(lines: Iterable[tuple[str, str, str]]) -> str:
    """Stat lines in one line for the unit table and the inspector (`Melee 3D · … · CP 2`)."""
    short = {"Character Points": "CP", "Fate Points": "FP"}
    return " · ".join(f"{short.get(label, label)} {value}" for label, value, _tip in lines)


def ruleset_stat_lines(ruleset: str, u: Any) -> tuple[tuple[str, str, str], ...]:
    """The ruleset's stat lines of a live unit or a snapshot dict (die codes, pools, wounds)."""
    from brikwars_gui.engine.rulesets import find_ruleset

    unit = SimpleNamespace(**u) if isinstance(u, dict) else u
    return tuple((s.label, s.value, s.tip) for s in find_ruleset(ruleset).stat_lines(unit))


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
    alive = bool(_get(u, "alive", True))
    move = int(_get(u, "move", 0)) + int(_get(u, "bonus_move", 0) or 0)
    stopped = bool(_get(u, "stopped", False))
    move_left = 0 if stopped else max(0, move - int(_get(u, "move_spent", 0)))
    badges: list[tuple[str, str]] = []
    flags: list[str] = []
    from brikwars_gui.engine.rules.common import at_half_speed

    # R-MOVE-6/17 by the engine's own rule; `u` is a live UnitState or a snapshot dict
    half = bool(at_half_speed(SimpleNamespace(**u) if isinstance(u, dict) else u))
    if not alive:
        status = "Dead"
    else:
        if _get(u, "disrupted"):
            badges.append(BADGE_COLORS["disrupted"])
            flags.append("Disrupted")
        if half:
            badges.append(BADGE_COLORS["half_speed"])
            flags.append("Half Speed")
        if stopped:
            badges.append(BADGE_COLORS["stopped"])
            flags.append("Stopped")
        if int(_get(u, "fire_size", 0) or 0) > 0:
            badges.append(BADGE_COLORS["fire"])
            flags.append(f'On Fire {_get(u, "fire_size")}"')
        if _get(u, "saved_action"):
            badges.append(BADGE_COLORS["saved"])
            flags.append("Saved Action")
        if _get(u, "hero", hero_default):
            badges.append(BADGE_COLORS["hero"])
        if _get(u, "done") and not flags:
            flags.append("Done")
        status = ", ".join(flags) or "Ready"
    if not alive:
        action = "—"
    elif _get(u, "saved_action"):
        action = "saved"
    elif _get(u, "action_used") or _get(u, "disrupted"):
        action = "used"
    else:
        action = "available"
    pos = _cell(list(_get(u, "pos", (0, 0)))) or (0, 0)
    fire_size = int(_get(u, "fire_size", 0) or 0)
    return UnitView(
        str(_get(u, "id")),
        str(_get(u, "name")),
        str(_get(u, "team")),
        pos,
        str(_get(u, "facing", "N")),
        alive,
        tuple(badges),
        status,
        move_left,
        move,
        action,
        disrupted=alive and bool(_get(u, "disrupted")),
        half_speed=alive and half,
        stopped=alive and stopped,
        fire_size=fire_size if alive else 0,
        saved_action=alive and bool(_get(u, "saved_action")),
        done=alive and bool(_get(u, "done")),
        weapons=_weapon_views(_get(u, "weapons", ()) or ()),
        stats=ruleset_stat_lines(ruleset, u) if ruleset else (),
    )


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


def _scenario_smoke(scenario: Scenario) -> np.ndarray:
    from brikwars_gui.scenario.models import HazardKind

    bf = scenario.battlefield
    mask = np.zeros((bf.height, bf.width), dtype=bool)
    for field in scenario.hazards:
        if field.kind != HazardKind.SMOKE:
            continue
        for x, y, w, h in field.rects:
            mask[y : y + h, x : x + w] = True
        for x, y in field.cells:
            if 0 <= x < bf.width and 0 <= y < bf.height:
                mask[y, x] = True
    return mask


def scenario_sight_mask(scenario: Scenario, unit_id: str) -> np.ndarray | None:
    """Edit mode: the cells a scenario unit sees from where it stands, as it faces (R-RESP-3 Cone
    of Vision, GRID-5/6; the scenario's Smoke fields block, R-HAZ-7). None: no such unit."""
    from brikwars_gui.engine.grid import Grid, visible_cells

    unit = next((u for u in scenario.units if u.id == unit_id), None)
    if unit is None:
        return None
    grid = Grid.from_scenario(scenario)
    pos = (int(unit.position[0]), int(unit.position[1]))
    if not grid.in_bounds(pos):
        return None
    return visible_cells(grid, pos, str(unit.facing), smoke=_scenario_smoke(scenario))


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


def measure(a: Cell, b: Cell) -> float:
    """GRID-3: the engine's centre-to-centre distance between two cells, in inches (the ruler)."""
    from brikwars_gui.engine.grid import distance

    return float(distance((int(a[0]), int(a[1])), (int(b[0]), int(b[1]))))


def ruleset_choices() -> list[tuple[str, str]]:
    """(name, label) of every playable ruleset, for the Scenario panel's choice."""
    from brikwars_gui.engine.rulesets import RULESET_NAMES, find_ruleset

    return [(name, find_ruleset(name).label) for name in RULESET_NAMES]


def ruleset_label(name: str) -> str:
    """How the GUI names a ruleset (`Scenario.ruleset`); one not playable yet is shown by name."""
    from brikwars_gui.engine.rulesets import find_ruleset

    try:
        return find_ruleset(name).label
    except ValueError:
        return name


def run_forecast(
    scenario: Scenario,
    runs: int,
    *,
    seed: int = 0,
    max_rounds: int = 10,
    jobs: int | None = 1,
    progress: Callable[[int, int], Any] | None = None,
    should_stop: Callable[[], bool] | None = None,
    start: Any = None,
) -> ForecastReport:
    """`engine.forecast.forecast`: play `scenario` `runs` times AI against AI (blocking: call it from a
    worker thread). `progress(done, total)` is called as games finish; `should_stop()` cancels.
    `start`: a position (`SessionController.position()`) to forecast from instead of the start."""
    from brikwars_gui.engine.forecast import forecast

    return forecast(
        scenario,
        runs,
        seed=seed,
        max_rounds=max_rounds,
        jobs=jobs,
        progress=progress,
        should_stop=should_stop,
        start=start,
    )


def run_hazard_spread(
    scenario: Scenario,
    rounds: int,
    runs: int,
    *,
    seed: int = 0,
    start: Any = None,
    progress: Callable[[int, int], Any] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Any:
    """`engine.hazard_spread.hazard_spread`: the Field Hazards and fires alone, `rounds` rounds over
    `runs` seeds, from the scenario or a position (blocking: call it from a worker thread)."""
    from brikwars_gui.engine.hazard_spread import hazard_spread

    return hazard_spread(
        scenario, rounds, runs, seed=seed, start=start, progress=progress, should_stop=should_stop
    )


def simulated_frames(scenario: Scenario, seed: int, max_rounds: int) -> list[Any]:
    """`engine.timeline.simulate_frames`: an AI-vs-AI battle's timeline as scenarios (GIF export)."""
    from brikwars_gui.engine.timeline import simulate_frames

    return simulate_frames(scenario, seed, max_rounds)


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


def _replay_kinds(events: Iterable[Any]) -> list[dict[str, Any]]:
    out = []
    for e in events:
        d = e.to_dict() if hasattr(e, "to_dict") else dict(e)
        if d.get("kind") in ("order", "decided"):
            out.append(d)
    return out


# ---------------------------------------------------------------------------------------------


class _UIPolicy:
    """ResponsePolicy: AI players answer with the default; humans are asked through the controller."""

    def __init__(self, controller: SessionController) -> None:
        self.controller = controller

    def decide(self, game: Any, request: Any) -> str:
        return self.controller._decide(game, request)


class SessionController(QObject):
    sessionStarted = Signal()
    sessionStopped = Signal()
    turnChanged = Signal(int, str)
    unitUpdated = Signal(str)
    objectUpdated = Signal(str)
    hazardsChanged = Signal()
    eventAdded = Signal(object)
    logReset = Signal()
    eventLogged = Signal(str, str)
    canEndTurnChanged = Signal(bool)
    ordersEnabledChanged = Signal(bool)
    aiRunningChanged = Signal(bool)
    orderRejected = Signal(str)
    engineError = Signal(str)
    turnCompleted = Signal()
    gameOver = Signal(str)
    viewChanged = Signal()
    mapResult = Signal(object)  # a MapResult: dice and outcomes shown where they happen
    unitMoved = Signal(str, object)  # unit id, its path (start cell included), from a unit_moved event
    aiSkipped = Signal()  # Skip: the AI's orders are played at once (views stop animating)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scenario: Scenario | None = None
        self.game = None
        self.dice: SessionDice | None = None
        self.seed: int | None = None
        self.script: list[int] = []
        self.max_rounds: int | None = None
        self.log: list[LogEntry] = []
        self.view_index: int | None = None
        self.ask_response: Callable[[Any], str] = lambda request: request.default
        """Asks a human player a DecisionRequest; the window installs a dialog."""
        self.always_default: set[tuple[str | None, str]] = set()
        """(team, question) pairs a human chose to always answer with the default (this battle)."""
        self.ai_interval = 350
        self._ai_timer = QTimer(self)
        self._ai_timer.timeout.connect(self._ai_tick)
        self._ai_running = False
        self._ai_stall: tuple[int, int, str] | None = None
        """(game, round, player) of an AI turn whose end failed; see `ai_stalled`."""
        self._ai_turn: tuple[int, str] | None = None
        self._ai_queue: list[str] = []
        self._ai_players: dict[str, Any] = {}  # player id -> engine/tactics AI player (by ai_level)
        self._ai_note: tuple[str, str] | None = None  # (unit, explanation) of the AI order under way
        self.ai_notes: dict[str, str] = {}  # unit id -> the tactical AI's last explanation
        self._busy = False
        self._skipping = False
        self._units_sig: dict[str, tuple] = {}
        self._objects_sig: dict[str, tuple] = {}
        self._hazard_sig: tuple = ()
        self._turn_key: tuple[int, str] | None = None
        self._turn_completed = False
        self.last_step_events = 0
        self._log_turn: tuple[int, str] = (1, "")
        self._snapshot_hazards: dict[int, HazardView] = {}

    # -- availability -------------------------------------------------------------------------
    @staticmethod
    def engine_available() -> bool:
        try:
            from brikwars_gui.engine.session import Game  # noqa: F401
        except ImportError:
            return False
        return True

    @staticmethod
    def _ai_module():
        try:
            from brikwars_gui.engine import ai
        except ImportError:
            return None
        return ai

    measure = staticmethod(measure)
    run_forecast = staticmethod(run_forecast)

    # -- properties ---------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.scenario is not None

    @property
    def has_game(self) -> bool:
        """A battle is loaded in the engine (running or over)."""
        return self.game is not None

    @property
    def game_over(self) -> bool:
        return self.game is not None and bool(self.game.over)

    @property
    def round(self) -> int:
        return self.game.round if self.game is not None else (1 if self.scenario else 0)

    @property
    def active_player(self) -> str | None:
        if self.game is not None:
            return self.game.active_player
        if self.scenario is None:
            return None
        order = list(self.scenario.turn_order) or [p.id for p in self.scenario.players]
        return order[0] if order else None

    def is_ai(self, player_id: str | None) -> bool:
        if self.game is None or not player_id:
            return False
        try:
            return self.game.state.player(player_id).controller == "ai"
        except StopIteration:
            return False

    @property
    def is_human_turn(self) -> bool:
        return self.game is not None and not self.game.over and not self.is_ai(self.game.active_player)

    @property
    def orders_enabled(self) -> bool:
        return self.is_human_turn and self.view_index is None and not self._ai_running and not self._busy

    @property
    def can_end_turn(self) -> bool:
        """A human's turn with orders allowed, or a stalled AI turn (End Turn retries it)."""
        return self.orders_enabled or (self.ai_stalled and self.view_index is None and not self._busy)

    @property
    def ai_stalled(self) -> bool:
        """The AI's end of turn failed (an engine error): the battle waits until End Turn or Skip
        tries again, instead of greying both out for good."""
        game = self.game
        return (
            game is not None
            and not game.over
            and self._ai_stall == (id(game), game.round, game.active_player)
            and not self._ai_running
        )

    @property
    def ai_running(self) -> bool:
        return self._ai_running

    @property
    def order_count(self) -> int:
        return sum(1 for e in self.game.events if e.kind == "order") if self.game else 0

    # -- starting -----------------------------------------------------------------------------
    def _make_dice(self) -> SessionDice:
        return SessionDice(self.seed if self.seed is not None else 0, self.script)

    def start(
        self,
        scenario: Scenario,
        seed: int | None = None,
        *,
        script: Iterable[int] | None = None,
        max_rounds: int | None = None,
    ) -> None:
        """A new battle on `scenario` (seed recorded; random when None)."""
        self._stop_ai()
        self.always_default.clear()
        self.scenario = scenario
        self.seed = random_seed() if seed is None else int(seed)
        self.script = list(script or [])
        self.max_rounds = max_rounds
        self.view_index = None
        if not self.engine_available():  # pragma: no cover - the engine is part of the package
            self.game = None
            self.sessionStarted.emit()
            return
        from brikwars_gui.engine.session import Game

        self.dice = self._make_dice()
        self.log = []
        self._log_turn = (1, "")
        self._ai_turn = None
        self._ai_players, self.ai_notes, self._ai_note = {}, {}, None
        self.game = Game.from_scenario(
            scenario,
            dice=self.dice,
            policy=_UIPolicy(self),
            listener=self._on_event,
            max_rounds=max_rounds,
        )
        log.info("battle %r started, seed %s", scenario.name, self.seed)
        self._after_install()

    def replay_saved(self, saved: Any, progress: Callable[[int, int], bool] | None = None) -> Any:
        """Build (not install) the game of a SavedGame; raises when its orders do not replay.

        `progress(done, total)` is called before each order; returning False cancels the replay,
        and then None is returned."""
        from brikwars_gui.engine.session import Game, ReplayCancelled

        seed = saved.seed if saved.seed is not None else 0
        dice = SessionDice(seed, list(saved.dice_script or []))
        try:
            game = Game.from_events(
                saved.scenario,
                saved.events,
                dice,
                policy=_UIPolicy(self),
                max_rounds=saved.max_rounds,
                progress=progress,
            )
        except ReplayCancelled:
            return None
        game.policy = _UIPolicy(self)
        return game, dice

    def start_saved(self, saved: Any, built: tuple[Any, Any] | None = None) -> None:
        """Resume a saved game (replaying its orders); raises and keeps nothing changed on failure."""
        game, dice = built if built is not None else self.replay_saved(saved)
        self._stop_ai()
        self.always_default.clear()
        self.scenario = saved.scenario
        self.seed, self.script = saved.seed, list(saved.dice_script or [])
        self.max_rounds = saved.max_rounds
        self._install(game, dice)

    def _install(self, game: Any, dice: SessionDice) -> None:
        self.game, self.dice = game, dice
        self.view_index = None
        game.listener = self._on_event
        self._log_turn = (1, "")
        self._ai_turn = None
        self._ai_players, self.ai_notes, self._ai_note = {}, {}, None
        self.log = [self._entry(i, e) for i, e in enumerate(game.events)]
        self._after_install()

    def _after_install(self) -> None:
        self._snapshot_hazards.clear()
        self._units_sig.clear()
        self._objects_sig.clear()
        self._hazard_sig = ()
        self._turn_key = None
        self.sessionStarted.emit()
        self.logReset.emit()
        self._flush(force=True)
        self._after_order()

    def stop(self) -> None:
        self._stop_ai()
        self.scenario = None
        self.game = None
        self.view_index = None
        self.sessionStopped.emit()
        self.canEndTurnChanged.emit(False)
        self.ordersEnabledChanged.emit(False)

    # -- events -------------------------------------------------------------------------------
    def _entry(self, index: int, event: Any) -> LogEntry:
        data = event.to_dict()
        try:
            text = event.describe()
        except Exception:  # a describe() bug must not break the log
            text = f"{event.kind}: {data}"
        if event.kind == "turn_started":
            self._log_turn = (int(getattr(event, "round", 1)), str(getattr(event, "player", "")))
        note = ""
        pending = self._ai_note
        if pending is not None and event.kind == "order" and getattr(event, "unit", None) == pending[0]:
            note, self._ai_note = pending[1], None  # the tactical AI says why (docs/ai.md)
        return LogEntry(
            index,
            self._log_turn[0],
            self._log_turn[1],
            event.kind,
            text,
            dice_detail(data),
            tuple(getattr(event, "units", ()) or ()),
            event_cells(data),
            note,
        )

    def _on_event(self, event: Any) -> None:
        if event.kind == "turn_ended":
            self._turn_completed = True
        if not self._viewer_may_see(event):
            return  # G-16: what a Hidden enemy does is not logged for the human player
        entry = self._entry(len(self.log), event)
        self.log.append(entry)
        self.eventAdded.emit(entry)
        self.eventLogged.emit(entry.text, entry.detail)
        if self._busy and not self.moves_instant and self.view_index is None:
            result = map_result(event, self._position_of)
            if result is not None:
                self.mapResult.emit(result)
        if event.kind == "unit_moved" and self._busy and not self.moves_instant:
            path = [(int(c[0]), int(c[1])) for c in (getattr(event, "path", None) or ())]
            if path:
                self.unitMoved.emit(str(event.unit), path)

    # Below this AI step interval (ms) the AI's moves are shown without animation.
    FAST_AI_MS = 200

    @property
    def moves_instant(self) -> bool:
        """Whether moves now should jump rather than slide: Skip is playing the AI's orders, or an
        AI player moves at high speed (step interval under FAST_AI_MS)."""
        if self._skipping:
            return True
        game = self.game
        fast = self.ai_interval < self.FAST_AI_MS
        return bool(game is not None and fast and self.is_ai(game.active_player))

    def _position_of(self, item_id: str) -> Cell | None:
        state = self.game.state
        unit = state.units.get(item_id)
        if unit is not None:
            return (int(unit.pos[0]), int(unit.pos[1]))
        obj = state.objects.get(item_id)
        cells = list(obj.cells) if obj is not None else []
        return (int(cells[0][0]), int(cells[0][1])) if cells else None

    # -- diffing: tell the views only what changed ---------------------------------------------
    @staticmethod
    def _unit_sig(u: Any) -> tuple:
        return (
            u.pos,
            u.facing,
            u.alive,
            u.disrupted,
            u.recovering,
            u.stopped,
            u.move_spent,
            u.bonus_move,
            u.action_used,
            u.saved_action,
            u.done,
            u.fire_size,
            u.heavy_armor,
            u.carrying_heavy,
        )

    def _hazard_signature(self) -> tuple:
        st = self.game.state
        fires = tuple(
            (
                f.id,
                f.size,
                f.fire_type,
                tuple(f.cells),
                st.units[f.target].pos if f.target in st.units else None,
            )
            for f in st.fires.values()
        )
        fields = tuple((f.id, len(f.triggered), hash(f.mask.tobytes())) for f in st.fields.values())
        return fires, fields

    def _flush(self, *, force: bool = False) -> None:
        """After an order (or an AI step): emit updates for the units/objects/hazards that changed."""
        game = self.game
        if game is None:
            return
        self._flush_views(force=force)
        key = (game.round, game.active_player)
        if key != self._turn_key:
            self._turn_key = key
            self.turnChanged.emit(game.round, game.active_player)
        if self._turn_completed:
            self._turn_completed = False
            self.turnCompleted.emit()

    def _flush_views(self, *, force: bool = False) -> None:
        """Emit updates for the units/objects/hazards that changed; also mid-order, before a
        Response prompt, so the map shows the move that caused the question."""
        game = self.game
        for uid, u in game.state.units.items():
            sig = self._unit_sig(u)
            if force or self._units_sig.get(uid) != sig:
                self._units_sig[uid] = sig
                if self.view_index is None:
                    self.unitUpdated.emit(uid)
        for oid, o in game.state.objects.items():
            sig = (o.destroyed, o.effective_size)
            if force or self._objects_sig.get(oid) != sig:
                self._objects_sig[oid] = sig
                if self.view_index is None:
                    self.objectUpdated.emit(oid)
        hsig = self._hazard_signature()
        if force or hsig != self._hazard_sig:
            self._hazard_sig = hsig
            if self.view_index is None:
                self.hazardsChanged.emit()

    def _after_order(self) -> None:
        game = self.game
        if game is None:
            return
        if game.over:
            self._stop_ai()
            self.gameOver.emit(game.winner or "")
        elif self.is_ai(game.active_player) and self.view_index is None and not self.ai_stalled:
            self._start_ai()
        self._emit_enabled()

    def _emit_enabled(self) -> None:
        self.canEndTurnChanged.emit(self.can_end_turn)
        self.ordersEnabledChanged.emit(self.orders_enabled)

    # -- running engine calls ------------------------------------------------------------------
    def _run(self, fn: Callable[[], Any], what: str) -> bool:
        """Run engine calls; IllegalOrder → orderRejected; anything else → engineError."""
        from brikwars_gui.engine.rules.common import IllegalOrder

        game = self.game
        events_before = len(game.events)
        self._busy = True
        try:
            fn()
        except IllegalOrder as exc:
            self._recover_after_failure()
            self.orderRejected.emit(str(exc))
            return False
        except Exception as exc:
            log.exception("engine error during %s (seed %s, %d orders)", what, self.seed, self.order_count)
            self._recover_after_failure()
            self.engineError.emit(f"{what}: {type(exc).__name__}: {exc}")
            return False
        finally:
            self._busy = False
            self.last_step_events = len(game.events) - events_before
        return True

    def _recover_after_failure(self) -> None:
        """The engine has restored the pre-order state, events and dice; drop the log lines of the
        events it took back."""
        game = self.game
        n = len(game.events)
        if len(self.log) > n:
            del self.log[n:]
            self.logReset.emit()
        self._turn_completed = False
        self._flush()

    def _order(self, fn: Callable[[], Any], what: str) -> bool:
        if self.game is None:
            return False
        if not self.orders_enabled:
            self.orderRejected.emit(
                "viewing an earlier turn: go back to live first"
                if self.view_index is not None
                else "not your turn"
            )
            return False
        ok = self._run(fn, what)
        if ok:
            self._flush()
            self._after_order()
        return ok

    # -- orders -------------------------------------------------------------------------------
    def order_move(self, unit_id: str, cell: Cell, *, careful: bool = False) -> bool:
        """Move to `cell`; `careful` spends the Action so Spiked fields act as Slow (R-HAZ-15)."""
        target = (int(cell[0]), int(cell[1]))
        return self._order(lambda: self.game.move(unit_id, target, careful=careful), f"move {unit_id}")

    def careful_move_possible(self, unit_id: str, cell: Cell) -> bool:
        """R-HAZ-15: the unit may move to `cell`, its path crosses a Spiked field and its Action is
        still free to spend on picking its way through."""
        if not self.orders_enabled or self.game is None:
            return False
        unit = self.game.state.units.get(unit_id)
        path = self.game.preview_path(unit_id, (int(cell[0]), int(cell[1])))
        if unit is None or unit.action_used or path is None or len(path.cells) < 2:
            return False
        spiked = [f.mask for f in self.game.state.fields.values() if f.kind == "spiked"]
        return any(mask[y, x] for mask in spiked for x, y in path.cells)

    def place_possible(self, unit_id: str, cell: Cell) -> bool:
        """R-HAZ-20: the unit carries a heavy load it could set down carefully on `cell`."""
        from brikwars_gui.engine.rules.hazard_actions import Place, hazard_action_problem

        if not self.orders_enabled or self.game is None or not self.can_command(unit_id):
            return False
        unit = self.game.state.units.get(unit_id)
        place = Place((int(cell[0]), int(cell[1])))
        return unit is not None and hazard_action_problem(self.game.state, unit, place) is None

    def order_place(self, unit_id: str, cell: Cell) -> bool:
        from brikwars_gui.engine.rules.hazard_actions import Place

        return self.order_action(unit_id, Place((int(cell[0]), int(cell[1]))))

    # -- what the human player may see (G-16, R-SCOUT-4) ----------------------------------------
    def viewer_team(self) -> str | None:
        """The player whose knowledge the board shows: the only human player, else the human whose
        turn it is; None when no human plays (an AI-only battle shows everything)."""
        if self.game is None:
            return None
        humans = [p.id for p in self.game.state.players if p.controller == "human"]
        if len(humans) == 1:
            return humans[0]
        active = self.game.active_player
        return active if active in humans else None

    def hidden_from_viewer(self, unit_id: str) -> bool:
        """A Hidden enemy unit the viewing player may not know about (engine/visibility.py)."""
        from brikwars_gui.engine.visibility import unit_visible_to

        team = self.viewer_team()
        unit = self.game.state.units.get(unit_id) if self.game is not None else None
        return bool(team is not None and unit is not None and not unit_visible_to(team, unit))

    def _viewer_may_see(self, event: Any) -> bool:
        from brikwars_gui.engine.visibility import event_visible_to

        team = self.viewer_team()
        return team is None or event_visible_to(self.game.state, team, event)

    def order_action(self, unit_id: str, action: Any) -> bool:
        return self._order(lambda: self.game.act(unit_id, action), f"action of {unit_id}")

    def order_sprint(self, unit_id: str, toward: Cell) -> bool:
        """Sprint toward `toward` (the general "sprint" option of `legal_actions`)."""
        from brikwars_gui.engine.rules.actions import Sprint

        return self.order_action(unit_id, Sprint((int(toward[0]), int(toward[1]))))

    def order_face(self, unit_id: str, facing: str) -> bool:
        return self._order(lambda: self.game.face(unit_id, facing), f"facing of {unit_id}")

    def end_unit(self, unit_id: str) -> bool:
        return self._order(lambda: self.game.end_unit(unit_id), f"end unit {unit_id}")

    def end_turn(self) -> bool:
        if self.game is None:
            return False
        if self.ai_stalled:
            return self.retry_ai()
        return self._order(self.game.end_turn, "end turn")

    def retry_ai(self) -> bool:
        """Let a stalled AI turn go on (its end of turn is tried again)."""
        if not self.ai_stalled:
            return False
        self._ai_stall = None
        self._start_ai()
        self._emit_enabled()
        return True

    # -- undo (replay with fewer orders) --------------------------------------------------------
    def can_undo(self) -> bool:
        return self._undo_cut() is not None and self.view_index is None and not self._ai_running

    def _undo_cut(self) -> int | None:
        """Index (in events) of the last order given by a human player, or None."""
        if self.game is None:
            return None
        events = self.game.events
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if e.kind == "order" and not self.is_ai(getattr(e, "player", None)):
                return i
        return None

    def undo_last_order(self) -> bool:
        """Replay the game without its last human order (fresh dice of the same seed)."""
        from brikwars_gui.engine.session import Game

        cut = self._undo_cut()
        if cut is None or self.view_index is not None or self._busy:
            return False
        self._stop_ai()
        kept = self.game.events[:cut]
        dice = self._make_dice()
        try:
            game = Game.from_events(self.scenario, _replay_kinds(kept), dice, max_rounds=self.max_rounds)
        except Exception as exc:
            log.exception("undo replay failed")
            self.engineError.emit(f"undo: the replay failed: {exc}")
            return False
        expected = [e.to_dict() for e in kept]
        actual = [e.to_dict() for e in game.events]
        if actual != expected:
            log.error("undo replay diverged after %d of %d events", len(actual), len(expected))
            self.engineError.emit("undo: the replay did not reproduce the game; nothing was undone")
            return False
        game.policy = _UIPolicy(self)
        self._install(game, dice)
        return True

    # -- queries ------------------------------------------------------------------------------
    def _live_unit(self, unit_id: str):
        return self.game.state.units.get(unit_id) if self.game is not None else None

    def can_command(self, unit_id: str) -> bool:
        u = self._live_unit(unit_id)
        return bool(u is not None and u.alive and self.orders_enabled and u.team == self.game.active_player)

    def reachable(self, unit_id: str) -> dict[Cell, int]:
        if not self.can_command(unit_id):
            return {}
        try:
            return dict(self.game.legal_moves(unit_id))
        except Exception:
            log.exception("legal_moves failed")
            return {}

    def half_speed_mask(self) -> np.ndarray | None:
        grid = self.game.state.grid if self.game is not None else None
        return getattr(grid, "half_speed", None)

    def preview_path(self, unit_id: str, cell: Cell):
        if not self.can_command(unit_id):
            return None
        try:
            return self.game.preview_path(unit_id, (int(cell[0]), int(cell[1])))
        except Exception:
            return None

    def legal_actions(self, unit_id: str) -> list[Any]:
        if not self.can_command(unit_id):
            return []
        try:
            return list(self.game.legal_actions(unit_id))
        except Exception:
            log.exception("legal_actions failed")
            return []

    def attack_forecast(self, unit_id: str, target_id: str) -> tuple[list[Any], list[Any]]:
        """Exact odds (engine `AttackOdds`) of each attack `unit_id` can make on `target_id` now, and
        of the target's answer with each of its weapons when it holds a saved Action (R-RESP-1/5)."""
        from brikwars_gui.engine.rules.common import IllegalOrder
        from brikwars_gui.engine.rulesets import ruleset_of

        game = self.game
        if game is None or self.view_index is not None:
            return [], []
        attack_odds = ruleset_of(game.state).attack_odds  # None: no forecast under this ruleset
        options = self.legal_actions(unit_id)
        weapons = [o.weapon for o in options if o.kind == "attack" and o.target == target_id]
        attacks, answers = [], []
        for weapon in dict.fromkeys(weapons):
            try:
                odds = attack_odds(game.state, unit_id, weapon, target_id)
            except Exception:
                log.exception("attack forecast failed")
                continue
            if odds is not None:
                attacks.append(odds)
        target = game.state.units.get(target_id)
        if attacks and target is not None and target.alive and target.saved_action and not target.disrupted:
            for weapon in target.weapons:
                try:
                    odds = attack_odds(game.state, target_id, weapon.name, unit_id)
                except IllegalOrder:  # out of reach, no line of sight, spent
                    continue
                if odds is not None:
                    answers.append(odds)
        return attacks, answers

    def _shown_sight(self) -> tuple[Any, dict[str, tuple[Cell, str, bool]], np.ndarray] | None:
        """What line of sight is computed on for the picture shown: (grid, {unit id: (pos, facing,
        alive)}, smoke mask): the live state, or the timeline snapshot shown (its units' positions
        and facings, its Smoke fields; the battlefield's terrain is the live one)."""
        game = self.game
        if game is None:
            return None
        st = game.state
        if self.view_index is None:
            units = {uid: (tuple(u.pos), str(u.facing), bool(u.alive)) for uid, u in st.units.items()}
            return st.grid, units, st.smoke_mask()
        snap = game.snapshots[self.view_index]
        units = {
            uid: (tuple(u["pos"]), str(u.get("facing") or "N"), bool(u.get("alive", True)))
            for uid, u in snap.get("units", {}).items()
        }
        light = snapshot_state(snap, st.width, st.height)
        smoke = np.zeros((st.height, st.width), dtype=bool)
        for f in light.fields.values():
            if f.kind == "smoke":
                smoke |= f.mask
        return st.grid, units, smoke

    def sight_mask(self, unit_id: str) -> np.ndarray | None:
        """Play mode: the cells `unit_id` sees (bool (height, width)): line of sight (GRID-5)
        inside its 90° Cone of Vision (R-RESP-3, GRID-6), blocked by Smoke (R-HAZ-7), in the live
        state or the timeline snapshot shown. None when there is no game, or the unit is dead or
        gone."""
        from brikwars_gui.engine.grid import visible_cells

        shown = self._shown_sight()
        if shown is None or unit_id not in shown[1]:
            return None
        grid, units, smoke = shown
        pos, facing, alive = units[unit_id]
        if not alive:
            return None
        try:
            return visible_cells(grid, pos, facing, smoke=smoke)
        except Exception:
            log.exception("visible_cells failed")
            return None

    def has_line_of_sight(self, a: str, b: str) -> bool | None:
        """GRID-5 / R-HAZ-7: whether unit `a` has a clear line of sight to unit `b` (Smoke blocks;
        the Cone of Vision is not checked), in the live state or the timeline snapshot shown. None
        when either unit is missing."""
        from brikwars_gui.engine.grid import has_line_of_sight

        shown = self._shown_sight()
        if shown is None or a not in shown[1] or b not in shown[1]:
            return None
        grid, units, smoke = shown
        return bool(has_line_of_sight(grid, units[a][0], units[b][0], smoke=smoke))

    def unit_at(self, cell: Cell) -> str | None:
        """The living unit standing on `cell` in the live state or the timeline snapshot shown."""
        if self.game is None:
            return None
        cell = (int(cell[0]), int(cell[1]))
        if self.view_index is None:
            u = self.game.state.unit_at(cell)
            return str(u.id) if u is not None and not self.hidden_from_viewer(u.id) else None
        units = self.game.snapshots[self.view_index].get("units", {})
        return next(
            (str(uid) for uid, u in units.items() if u.get("alive", True) and tuple(u["pos"]) == cell), None
        )

    def unit_view(self, unit_id: str) -> UnitView | None:
        if self.game is None:
            return None
        if self.view_index is not None:
            units = self.game.snapshots[self.view_index]["units"]
            u = units.get(unit_id)
        else:
            u = self.game.state.units.get(unit_id)
        if u is None:
            return None
        view = _unit_view(u, ruleset=self.game.state.ruleset)
        if self.hidden_from_viewer(unit_id):
            return dataclasses.replace(view, hidden=True)
        note = self.ai_notes.get(unit_id, "")
        return dataclasses.replace(view, ai_note=note) if note and self.view_index is None else view

    def shown_player(self) -> str | None:
        """The player whose turn is shown: the live active player, or that of the timeline snapshot."""
        player = self.active_player
        if self.game is not None and self.view_index is not None:
            player = self.game.snapshots[self.view_index].get("active_player", player)
        return player

    def unit_ids_of(self, player: str | None = None) -> list[str]:
        """Sorted ids of `player`'s units, dead ones included (None: the player whose turn is shown)."""
        if self.game is None:
            return []
        if player is None:
            player = self.shown_player()
        if self.view_index is not None:
            units = self.game.snapshots[self.view_index]["units"].values()
        else:
            units = self.game.state.units.values()
        return sorted(str(_get(u, "id")) for u in units if _get(u, "team") == player)

    def unit_position(self, unit_id: str) -> Cell | None:
        """Where the unit stands (None for a Hidden enemy of the viewing player, G-16)."""
        view = self.unit_view(unit_id)
        if view is not None:
            return None if view.hidden else view.pos
        unit = next((u for u in self.scenario.units if u.id == unit_id), None) if self.scenario else None
        return tuple(unit.position) if unit else None

    def unit_badges(self, unit_id: str) -> list[tuple[str, str]] | None:
        view = self.unit_view(unit_id)
        return list(view.badges) if view is not None else None

    def unit_status(self, unit_id: str) -> str | None:
        view = self.unit_view(unit_id)
        if view is not None and view.hidden:
            return "Hidden (G-16)"  # the player knows the unit exists (muster) but not where
        return view.status if view is not None else None

    def object_destroyed(self, object_id: str) -> bool:
        if self.game is None:
            return False
        if self.view_index is not None:
            o = self.game.snapshots[self.view_index]["objects"].get(object_id)
        else:
            o = self.game.state.objects.get(object_id)
        return bool(o is not None and _get(o, "destroyed", False))

    def hazard_view(self) -> HazardView | None:
        """The hazards of the live state, or of the timeline snapshot shown (cached per snapshot)."""
        game = self.game
        if game is None:
            return None
        if self.view_index is None:
            return hazard_view_of(game.state)
        view = self._snapshot_hazards.get(self.view_index)
        if view is None:
            st = game.state
            snap = game.snapshots[self.view_index]
            view = hazard_view_of(snapshot_state(snap, st.width, st.height))
            self._snapshot_hazards[self.view_index] = view
        return view

    def game_result(self) -> GameResult | None:
        """The outcome of the finished game (None while no game has ended)."""
        game = self.game
        if game is None or not game.over:
            return None
        state = game.state
        event = next((e for e in reversed(game.events) if e.kind == "game_over"), None)
        survivors = dict(getattr(event, "survivors", None) or game.survivors())
        winner = getattr(event, "winner", None) if event is not None else state.winner
        started: dict[str, int] = {}
        for u in state.units.values():
            started[u.team] = started.get(u.team, 0) + 1
        return GameResult(
            winner,
            str(getattr(event, "reason", "") or ""),
            int(game.round),
            tuple(state.turn_order),
            {k: int(v) for k, v in survivors.items()},
            started,
        )

    def player_controller(self, player_id: str) -> str:
        try:
            return self.game.state.player(player_id).controller
        except Exception:
            return "human"

    # -- responses ----------------------------------------------------------------------------
    def _decide(self, game: Any, request: Any) -> str:
        if self.is_ai(request.team) or (request.team, request.question) in self.always_default:
            return request.default
        self._flush_views()  # the map first: the move or attack that asks the question (issue 10)
        try:
            answer = self.ask_response(request)
        except Exception:
            log.exception("response prompt failed")
            answer = request.default
        return answer if answer in request.options else request.default

    # -- timeline -----------------------------------------------------------------------------
    @property
    def snapshot_count(self) -> int:
        return len(self.game.snapshots) if self.game is not None else 0

    def snapshot_turn(self, index: int) -> tuple[int, str]:
        """(round, active player) of a timeline snapshot."""
        snap = self.game.snapshots[index]
        return int(snap.get("round") or 1), str(snap.get("active_player") or "")

    def snapshot_label(self, index: int) -> str:
        snap = self.game.snapshots[index]
        return f"Round {snap.get('round')}: {snap.get('active_player')}"

    def show_snapshot(self, index: int | None) -> None:
        if self.game is None or self._busy:  # not while an order waits for a Response
            return
        if index is not None:
            index = max(0, min(int(index), self.snapshot_count - 1))
        if index == self.view_index:
            return
        self.view_index = index
        if index is not None:
            self._ai_timer.stop()
        self.viewChanged.emit()
        self._emit_enabled()
        if index is None:
            self._after_order()

    def show_live(self) -> None:
        self.show_snapshot(None)

    # -- AI -----------------------------------------------------------------------------------
    def _start_ai(self) -> None:
        if self._ai_module() is None:
            log.warning("engine/ai.py is missing: AI players end their turns at once")
        if not self._ai_running:
            self._ai_running = True
            self.aiRunningChanged.emit(True)
        self._ai_timer.start(max(0, int(self.ai_interval)))

    def _stop_ai(self) -> None:
        self._ai_timer.stop()
        if self._ai_running:
            self._ai_running = False
            self.aiRunningChanged.emit(False)

    def set_ai_interval(self, ms: int) -> None:
        self.ai_interval = max(0, int(ms))
        if self._ai_timer.isActive():
            self._ai_timer.setInterval(self.ai_interval)

    def _ai_tick(self) -> None:
        if self._busy or self.view_index is not None:
            return
        if not self.ai_step():
            self._stop_ai()
            self._emit_enabled()

    def ai_step(self) -> bool:
        """One AI step: one unit's activation, or the end of the AI's turn. False when no AI is due."""
        game = self.game
        if game is None or game.over or not self.is_ai(game.active_player) or self.view_index is not None:
            return False
        ai = self._ai_module()
        key = (game.round, game.active_player)
        player = self._ai_player(key[1])
        if self._ai_turn != key:
            self._ai_turn = key
            order = getattr(player, "order", None)
            self._ai_queue = (
                list(order(game))
                if order is not None
                else sorted(u.id for u in game.state.units.values() if u.team == key[1] and u.alive)
            )
        if self._ai_queue and ai is not None:
            pick = getattr(player, "next_unit", None)
            uid = pick(game, self._ai_queue) if pick is not None else self._ai_queue.pop(0)
            if hasattr(player, "decide"):
                self._run(lambda: self._tactical_unit(player, game, uid), f"AI turn of {uid}")
                self._ai_note = None
            else:
                self._run(lambda: ai.play_unit(game, uid), f"AI turn of {uid}")
        else:
            if not self._run(game.end_turn, f"end of {key[1]}'s AI turn"):
                self._ai_stall = (id(game), game.round, game.active_player)
                self._flush()
                self._stop_ai()
                self._emit_enabled()
                return False
        self._flush()
        if game.over:
            self._after_order()
            return False
        return self.is_ai(self.game.active_player)

    def _ai_player(self, player_id: str) -> Any:
        """The AI that plays `player_id`, from its `ai_level` (docs/ai.md): engine/ai.py for
        "default", the tactical AI's presets for easy/normal/hard, nothing for "passive"."""
        if player_id not in self._ai_players:
            from brikwars_gui.engine.tactics import make_player

            self._ai_players[player_id] = make_player(self.ai_level(player_id), self.seed or 0)
        return self._ai_players[player_id]

    def _tactical_unit(self, player: Any, game: Any, unit_id: str) -> None:
        """One tactical-AI activation: decide, remember the explanation (the log line of its
        first order carries it, the unit's hover shows it), then give the orders."""
        plan = player.decide(game, unit_id)
        if plan is None:
            return
        from brikwars_gui.engine.tactics.explain import explain

        text = explain(game.state, game.unit(unit_id), plan)
        self._ai_note = (unit_id, text)
        self.ai_notes[unit_id] = text
        player.carry_out(game, unit_id, plan)

    def ai_level(self, player_id: str) -> str:
        """The `ai_level` of a player of the game ("default" when unknown)."""
        if self.game is None:
            return "default"
        try:
            return str(self.game.state.player(player_id).ai_level)
        except StopIteration:
            return "default"

    def skip_ai(self, max_steps: int = 100_000) -> None:
        """Play the AI players' orders at once, up to the next human turn (or the end)."""
        self._ai_stall = None  # Skip on a stalled AI turn tries its end again
        self._skipping = True
        try:
            self.aiSkipped.emit()
            for _ in range(max_steps):
                if self._busy or not self.ai_step():
                    break
        finally:
            self._skipping = False
        self._stop_ai()
        self._after_order()

    # -- saved games --------------------------------------------------------------------------
    @property
    def can_forecast_here(self) -> bool:
        return self.game is not None and not self.game.over

    def position_scenario(self) -> Scenario | None:
        """The battle as it stands as a scenario (`engine.export.scenario_from_state`), for pictures."""
        if self.game is None or self.scenario is None:
            return None
        from brikwars_gui.engine.export import scenario_from_state

        return scenario_from_state(self.game.state, self.scenario)

    def position(self) -> Any:
        """A copy of the live battle's state to forecast from (None: no battle, or it is over)."""
        if self.game is None or self.game.over:
            return None
        return self.game.state.copy()

    def battle_frames(self) -> list[Any]:
        """The battle so far as timeline frames (`engine.timeline.replay_frames`, replayed from the
        orders with the game's seed): one per player turn, plus the position now."""
        from brikwars_gui.engine.timeline import replay_frames

        return replay_frames(self.saved_game())

    def saved_game(self):
        from brikwars_gui import __version__
        from brikwars_gui.scenario.savegame import SavedGame

        if self.game is None or self.scenario is None:
            raise ValueError("no game is running")
        return SavedGame(
            engine_version=__version__,
            scenario=self.scenario,
            seed=self.seed,
            dice_script=list(self.script) or None,
            max_rounds=self.max_rounds,
            events=_replay_kinds(self.game.events),
            round=self.game.round,
            active_player=self.game.active_player,
        )

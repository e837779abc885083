"""The one seam between the UI and the turn engine (`engine/session.py`'s `Game`).

The window never computes rules: in Play mode it asks this controller and listens to its signals.

Starting and stopping
* `start(scenario, seed=None, script=None, max_rounds=None)`: a new `Game` (seed recorded; a
  random one when None). `script` (dice faces used first, then the seed) is the test hook for
  scripted dice. `start_saved(saved)` / `replay_saved(saved)` resume a `SavedGame` (replaying its
  orders); `stop()`.
Orders (human player on its turn; each returns True when the engine accepted it)
* `order_move(unit_id, cell)`, `order_action(unit_id, action)` (an action from `legal_actions`),
  `order_sprint(unit_id, toward)`, `order_group_sprint(unit_id, toward, members)`,
  `order_face(unit_id, facing)`, `end_unit(unit_id)`, `end_turn()`,
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
* `measure(a, b)`: GRID-3 distance in inches (the ruler); `cells_between(a, b)`: the straight line
  of cells (a brush's fast drag); `run_forecast(scenario, runs, ...)`: the
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
(only units whose state changed), `unitsReset()` (every unit may have changed: a game installed,
an order undone; sent instead of one `unitUpdated` per unit), `objectUpdated(object_id)`, `hazardsChanged()`,
`eventAdded(LogEntry)`, `logReset()`, `eventLogged(text, detail)`, `canEndTurnChanged(bool)`,
`ordersEnabledChanged(bool)`, `aiRunningChanged(bool)`, `orderRejected(str)`, `engineError(str)`,
`turnCompleted()` (after each end of turn: autosave), `ordersCommitted()` (after each engine call:
the write-ahead journal appends `replay_events_from(n)`), `answerGiven(decided)` (a human's
answer, before the order goes on: journaled at once), `gameOver(str)`, `viewChanged()`,
`unitMoved(unit_id, path)` (each `unit_moved` event of an order or AI step, path with its start
cell; not while `moves_instant`), `aiSkipped()` (Skip pressed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brikwars_gui.engine.dice.source import SessionDice
from brikwars_gui.ui.session_controller.cards import UnitCard, WeaponLine
from brikwars_gui.ui.session_controller.controller import SessionController
from brikwars_gui.ui.session_controller.engine_helpers import (
    cells_between,
    measure,
    random_seed,
    ruleset_choices,
    ruleset_label,
    run_forecast,
    run_hazard_spread,
    scenario_sight_mask,
    simulated_frames,
)
from brikwars_gui.ui.session_controller.log_entries import (
    CELL_KEYS,
    DICE_KEYS,
    LogEntry,
    MapResult,
    dice_detail,
    event_cells,
    map_result,
)
from brikwars_gui.ui.session_controller.views import (
    BADGE_COLORS,
    Cell,
    GameResult,
    HazardView,
    UnitView,
    hazard_view_of,
    ranged_weapons,
    ruleset_stat_lines,
    scenario_stat_lines,
    scenario_weapons,
    snapshot_state,
    stats_text,
)

if TYPE_CHECKING:
    from brikwars_gui.engine.forecast import ForecastReport

__all__ = [
    "BADGE_COLORS",
    "CELL_KEYS",
    "DICE_KEYS",
    "Cell",
    "ForecastReport",
    "GameResult",
    "HazardView",
    "LogEntry",
    "MapResult",
    "SessionController",
    "SessionDice",
    "UnitCard",
    "UnitView",
    "WeaponLine",
    "cells_between",
    "dice_detail",
    "event_cells",
    "hazard_view_of",
    "map_result",
    "measure",
    "random_seed",
    "ranged_weapons",
    "ruleset_choices",
    "ruleset_label",
    "ruleset_stat_lines",
    "run_forecast",
    "run_hazard_spread",
    "scenario_sight_mask",
    "scenario_stat_lines",
    "scenario_weapons",
    "simulated_frames",
    "snapshot_state",
    "stats_text",
]

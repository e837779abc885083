"""SN Minds (R-SN-40, EX-12): an Action die spent as a new Mind gives a unit one more Action a
turn, rolled with that Mind's die; its stats and physical capacity stay as they were, so each
weapon still fires at most once a turn.

The unit acts first with its own Action die. When an order on its own turn uses up its Action,
`next_mind` gives the Action back with the next unused Mind's die as its Action die (`skill`, the
stat every Action roll, the attack card and the AI read); `start_of_turn` puts its own die back.
Nothing here runs in a battle without SN units: the hooks test `unit.minds` / `ledger.fired`.
"""

from __future__ import annotations

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.state import GameState, UnitState
from brikwars_gui.engine.supernatural.events import MindActs


def _turn(state: GameState) -> str:
    return f"{state.round}:{state.active_player}"


def next_mind(ctx: RulesContext, unit: UnitState) -> None:
    """R-SN-40: the unit's Action is used up on its own turn and a Mind is left: the Action comes
    back, rolled with that Mind's die."""
    state = ctx.state
    if not unit.action_used or not unit.alive or unit.minds_used >= len(unit.minds):
        return
    if unit.team != state.active_player or unit.full_round:
        return  # a Full-Round Action takes the whole turn (R-ACT-7)
    state.sn.base_skills.setdefault(unit.id, unit.skill)
    sides = unit.minds[unit.minds_used]
    unit.minds_used += 1
    unit.skill = sides
    unit.action_used = False
    ctx.emit(MindActs(unit.id, sides, len(unit.minds) - unit.minds_used))


def lost_mind(ctx: RulesContext, unit: UnitState) -> None:
    """A Mind left the unit (its Effect ended): an Action a Mind gave back and not yet taken goes
    with it; once no Mind is left its own Action die is back."""
    if unit.minds_used > len(unit.minds):
        unit.minds_used = len(unit.minds)
        if unit.team == ctx.state.active_player:
            unit.action_used = True
    if not unit.minds:
        _own_die(ctx, unit)


def start_of_turn(ctx: RulesContext, player: str) -> None:
    """Every Mind of the player's units is fresh again, and each acts first with its own die."""
    for unit in ctx.state.units.values():
        if unit.team == player and (unit.minds_used or unit.id in ctx.state.sn.base_skills):
            unit.minds_used = 0
            _own_die(ctx, unit)


def _own_die(ctx: RulesContext, unit: UnitState) -> None:
    own = ctx.state.sn.base_skills.pop(unit.id, None)
    if own is not None:
        unit.skill = own


def note_fired(state: GameState, unit: UnitState, weapon: str) -> None:
    """Record that `weapon` fired this turn (only in battles with SN units)."""
    state.sn.fired[f"{unit.id}:{weapon}"] = _turn(state)


def fired_problem(state: GameState, unit: UnitState, weapon: str) -> str | None:
    """R-SN-40 (EX-12): extra Minds add no capacity: a weapon fires at most once a turn."""
    if state.sn.fired.get(f"{unit.id}:{weapon}") == _turn(state):
        return f"{unit.name}'s {weapon} has fired this turn: Minds or not, it fires once a turn (R-SN-40)"
    return None

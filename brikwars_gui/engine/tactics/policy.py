"""The tactical AI's Response policy (R-RESP-1..6, R-MOVE-5): which Responses its units take and
with which weapon; the teams it does not play keep the rules' defaults.

* A shot is chosen by its expected value under the battle's ruleset (`odds.attack_odds`: kill,
  wound and Disrupt chances), not by the chance to hit alone.
* A mover entering reach (or coming one Angry Inch short of it, R-RESP-2) is shot at only with
  at least `MIN_ENTRY_HIT` to hit: a poor shot spends the saved Action that would answer the
  attack the mover is coming to make (R-RESP-1).
* Answers to being attacked and to an ally being attacked stay the rules' defaults otherwise
  (shoot back: the Response is simultaneous, R-RESP-5, so it costs nothing to take) — except
  that a unit which cannot answer the attack Bails (R-RESP-6) when the leap is likely to land
  it out of the attacker's reach or sight and the attack likely to kill it (`bail_worth`: the
  spearman a pistol shoots at from 5" leaps 2" back; issue 25, seventh session).
* The ruleset's own questions (`Ruleset.ai_answer`): under D6 Fate and Character Points on
  resistance, Damage and attack rolls by the expected harm saved or dealt (`rulesets/d6/choices`,
  R-D6-6..8).
"""

from __future__ import annotations

from collections.abc import Iterable

from brikwars_gui.engine.rules.bail import bail_default, bail_half_speed, leap_cells, reaches
from brikwars_gui.engine.rules.common import DecisionRequest, parse_cell, weapon_named
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.session import DefaultPolicy, Game, ResponsePolicy
from brikwars_gui.engine.state import GameState, UnitState
from brikwars_gui.engine.tactics.odds import attack_odds

#: Least chance to hit for which a unit spends its saved Action on a mover entering its reach.
MIN_ENTRY_HIT = 0.25
#: Least (chance the Bail lands out of the attacker's reach) x (its kill chance) for which a unit
#: that cannot answer an attack Bails: the leap ends Disrupted (R-RESP-6; hit at +1 for the rest
#: of the enemy's turn and at Half Speed on its own, R-MOVE-16/17) and spends the saved Action.
#: Measured on the skirmish against the greedy baseline: 0.15 and 0.3 alike, 0.15 kept.
BAIL_WORTH = 0.15


class TacticalPolicy:
    """Answers Response questions for `teams`; everything else goes to `fallback`."""

    def __init__(self, teams: Iterable[str], fallback: ResponsePolicy | None = None) -> None:
        self.teams = frozenset(teams)
        self.fallback = fallback or DefaultPolicy()

    def decide(self, game: Game, request: DecisionRequest) -> str:
        if request.team in self.teams and request.question == "shoot":
            return self._shoot(game, request)
        if (
            request.team in self.teams
            and request.question == "attack_response"
            and request.default == "decline"  # nothing to answer with (R-RESP-1/2)
            and "bail" in request.options
            and _bail_pays(game.state, request)
        ):
            return "bail"
        if request.team in self.teams and request.question == "bail_to":
            return _bail_landing(game.state, request)
        if request.team in self.teams:  # the ruleset's own questions (D6's Fate and Character Points)
            answer = ruleset_of(game.state).ai_answer(game.state, request)
            if answer in request.options:
                return answer
        if request.team in self.teams and request.question == "sn_window":
            advised = (request.detail or {}).get("advised")  # R-SN-15: supernatural/window.advised
            return advised if advised in request.options else request.default
        if request.team in self.teams and request.question == "angry_inch" and "decline" in request.options:
            chances = (request.detail or {}).get("chances") or {}
            if chances and max(chances.values()) < MIN_ENTRY_HIT:
                return "decline"  # a step to take a poor shot at a mover (R-RESP-2)
        return self.fallback.decide(game, request)

    def _shoot(self, game: Game, request: DecisionRequest) -> str:
        state = game.state
        unit = state.units.get(request.unit)
        target = state.units.get(request.about or "")
        attacks = [o for o in request.options if o.startswith("attack:")]
        if unit is None or target is None or not attacks:
            return request.default
        origin = request.detail.get("from") if request.detail else None
        cell = parse_cell(origin) if isinstance(origin, str) else None
        scored = []
        for option in attacks:
            weapon = next((w for w in unit.weapons if w.name == option.split(":", 1)[1]), None)
            odds = None if weapon is None else attack_odds(state, unit, weapon, target, cell)
            if odds is not None:
                scored.append((odds.value(), odds.hit, option))
        if not scored:
            return request.default
        _value, hit, best = max(scored, key=lambda t: (t[0], t[1], t[2]))
        detail = request.detail or {}
        if "reason" in detail:
            return request.default  # a bystander's shot: the rules keep friends out of blasts
        if "decline" in request.options and hit < MIN_ENTRY_HIT:
            return "decline"  # a mover entering reach (R-MOVE-5): keep the Action for its attack
        return best


def _bail_pays(state: GameState, request: DecisionRequest) -> bool:
    unit = state.units.get(request.unit)
    attacker = state.units.get(request.about or "")
    weapon_name = (request.detail or {}).get("weapon")
    if unit is None or attacker is None or not isinstance(weapon_name, str):
        return False
    odds = attack_odds(state, attacker, weapon_named(attacker, weapon_name), unit)
    return odds is not None and bail_escape(state, unit, attacker) * odds.kill >= BAIL_WORTH


def _bail_landing(state: GameState, request: DecisionRequest) -> str:
    """The rules' default landing (out of the attacker's reach, in the fewest enemies' reach), but
    as far from the attacker as the leap allows rather than as near as can be (R-ACT-6: each inch
    beyond its Range takes a die's worth off the shot that still comes)."""
    unit = state.units.get(request.unit)
    cells = [parse_cell(o) for o in request.options]
    if unit is None or not cells:
        return request.default
    landing = bail_default(state, unit, cells, state.units.get(request.about or ""), far=True)
    return f"{landing[0]},{landing[1]}"


def bail_escape(state: GameState, unit: UnitState, attacker: UnitState) -> float:
    """The chance a Bail lands `unit` out of `attacker`'s reach or sight (R-RESP-6): over the faces
    of its Skill die, the inches leapt (a natural 1 falls on the spot, R-RESP-8; Half Speed halves
    them, R-RESP-7; the top face's Overskill keeps it on its feet rather than adding inches, the
    rules' default) and whether a cell that far is out of reach."""
    sides = int(unit.skill)
    half = bail_half_speed(state, unit)
    escapes: dict[int, bool] = {}
    chance = 0.0
    for face in range(2, sides + 1):
        inches = face // 2 if half else face
        if inches not in escapes:
            escapes[inches] = any(
                not reaches(state, attacker, c, unit.size) for c in leap_cells(state, unit, inches)[1:]
            )
        chance += escapes[inches] / sides
    return chance


def with_tactical_responses(game: Game, teams: Iterable[str]) -> None:
    """Let the tactical AI answer the Response questions of `teams` in `game` (idempotent)."""
    teams = frozenset(teams)
    if not teams:
        return
    current = game.policy
    if isinstance(current, TacticalPolicy):
        current.teams = current.teams | teams
        return
    game.policy = TacticalPolicy(teams, current)

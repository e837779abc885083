"""The tactical AI's Response policy (R-RESP-1..6, R-MOVE-5): which Responses its units take and
with which weapon; the teams it does not play keep the rules' defaults.

* A shot is chosen by its expected value under the battle's ruleset (`odds.attack_odds`: kill,
  wound and Disrupt chances), not by the chance to hit alone.
* A mover entering reach (or coming one Angry Inch short of it, R-RESP-2) is shot at only with
  at least `MIN_ENTRY_HIT` to hit: a poor shot spends the saved Action that would answer the
  attack the mover is coming to make (R-RESP-1).
* Answers to being attacked and to an ally being attacked stay the rules' defaults otherwise
  (shoot back: the Response is simultaneous, R-RESP-5, so it costs nothing to take).
* The ruleset's own questions (`Ruleset.ai_answer`): under D6 Fate and Character Points on
  resistance, Damage and attack rolls by the expected harm saved or dealt (`rulesets/d6/choices`,
  R-D6-6..8).
"""

from __future__ import annotations

from collections.abc import Iterable

from brikwars_gui.engine.rules.common import DecisionRequest, parse_cell
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.session import DefaultPolicy, Game, ResponsePolicy
from brikwars_gui.engine.tactics.odds import attack_odds

#: Least chance to hit for which a unit spends its saved Action on a mover entering its reach.
MIN_ENTRY_HIT = 0.25


class TacticalPolicy:
    """Answers Response questions for `teams`; everything else goes to `fallback`."""

    def __init__(self, teams: Iterable[str], fallback: ResponsePolicy | None = None) -> None:
        self.teams = frozenset(teams)
        self.fallback = fallback or DefaultPolicy()

    def decide(self, game: Game, request: DecisionRequest) -> str:
        if request.team in self.teams and request.question == "shoot":
            return self._shoot(game, request)
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

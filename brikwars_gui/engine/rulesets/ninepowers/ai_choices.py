"""The tactical AI's answers to Nine Powers' own questions (`NinePowersRuleset.ai_answer`), by the
exact odds rather than the engine's default answers (`tactics.choose_difficulty`, `should_veto`),
which every other player gets:

* **The difficulty of an attack** (`np_difficulty`, R-NP-2, L597-609): each choice's value is
  `attack_value` over the attacks that get rolled — the target's side's default veto (R-NP-11) or
  its Perception avoidance (L1123) cancels some choices before their dice, which the default
  answer ignores — plus, when this blow settles who goes first next round, the chance it wins
  that (R-NP-9, L802: the side that dealt more damage in the round goes first; the engine's
  `resolve.side_order`) times `INITIATIVE_WORTH`.
* **A veto** (`np_veto`, R-NP-11): spent on this attack only when it is among the `vetoes` most
  valuable attacks the attacker's side can still make on the target this turn (each other foe
  that has its Action and can reach the target, at the difficulty it would pick), so a veto
  is kept for the blow that matters; with more vetoes than attacks to come, any attack that can
  hit. The default counts one attack to come whatever the board holds.
* **A Wrestle turn** (L932-936): the difficulty with the most successes expected and "used as a
  shield" for each (`ai_turns.answer`; issue 25).

docs/rules-decisions.md "The tactical AI's Nine Powers answers".
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from brikwars_gui.engine.geometry import distance, within_reach
from brikwars_gui.engine.rulesets.ninepowers import ai_turns, attacks, forecast, unitstate
from brikwars_gui.engine.rulesets.ninepowers.odds import AttackForecast
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty
from brikwars_gui.engine.rulesets.ninepowers.resolve import side_order
from brikwars_gui.engine.rulesets.ninepowers.tactics import attack_value, choose_difficulty

#: What going first next round is worth, in `attack_value` points (Stamina): the last side of a
#: round that wins the order plays two turns in a row, every unit of it striking before the foe
#: answers (R-NP-9); about one good blow more than the foe's.
INITIATIVE_WORTH = Fraction(2)


def answer(state: Any, request: Any) -> str | None:
    """The AI's answer to `request`, or None to leave it to the default."""
    detail = request.detail or {}
    if request.question == "np_difficulty" and "weapon" in detail:
        return attack_difficulty(state, request)
    if request.question == "np_veto" and "weapon" in detail:
        return veto(state, request)
    return ai_turns.answer(state, request)  # a Wrestle turn's difficulty and effect


def _weapon(unit: Any, name: str) -> Any:
    return next((w for w in unit.weapons if w.name == name), None)


def attack_difficulty(state: Any, request: Any) -> str | None:
    """The difficulty with the best value over the attacks that get rolled, and the next round's
    order where this blow settles it (see the module docstring)."""
    attacker, target = state.units.get(request.unit), state.units.get(request.about or "")
    if attacker is None or target is None:
        return None
    weapon = _weapon(attacker, str(request.detail["weapon"]))
    if weapon is None:
        return None
    rating = request.detail.get("rating")
    sf = forecast.strike_forecasts(state, attacker, weapon, target, rating=rating)
    race = _settles_order(state, attacker)
    best, best_key = None, None
    for line, rolled in zip(sf.lines, sf.rolled, strict=True):
        landed = Fraction(rolled).limit_denominator(10**6) * line.success
        value = Fraction(rolled).limit_denominator(10**6) * attack_value(line)
        if race:
            value += INITIATIVE_WORTH * _first_next_round(state, attacker, target, line, landed)
        key = (value, landed, -line.difficulty.damage)
        if best_key is None or key > best_key:
            best, best_key = line.difficulty, key
    return None if best is None else best.label


def _settles_order(state: Any, attacker: Any) -> bool:
    """Whether this attack is the last blow its side can strike before the next round's order is
    fixed: two sides, its side the last of the round, it on its own turn, and no other unit of
    its side with an Action left (R-NP-9, L802)."""
    order = list(state.turn_order)
    if len(order) != 2 or state.active_index != len(order) - 1 or order[-1] != attacker.team:
        return False
    return not any(
        u.alive and u.team == attacker.team and u.id != attacker.id and not u.action_used and not u.done
        for u in state.units.values()
    )


def _first_next_round(
    state: Any, attacker: Any, target: Any, line: AttackForecast, landed: Fraction
) -> Fraction:
    """The chance the attacker's side goes first next round if it strikes with `line`, a success
    dealing its mean points (R-NP-9: more damage dealt this round, then more Stamina left)."""
    sides = list(state.turn_order)
    dealt, stamina = unitstate.round_tally(state)

    def first(points: Fraction, lost: Fraction) -> bool:
        d = {s: Fraction(v) + (points if s == attacker.team else 0) for s, v in dealt.items()}
        st = {s: Fraction(v) - (lost if s == target.team else 0) for s, v in stamina.items()}
        return side_order(state.round + 1, sides, None, d, st)[0] == attacker.team  # type: ignore[arg-type]

    if not line.success:
        return Fraction(int(first(Fraction(0), Fraction(0))))
    points = (line.expected_stamina + line.expected_armor) / line.success
    lost = line.expected_stamina / line.success
    hit, miss = first(points, lost), first(Fraction(0), Fraction(0))
    return landed * int(hit) + (1 - landed) * int(miss)


def veto(state: Any, request: Any) -> str | None:
    """Veto the declared attack when it is among the `vetoes` most valuable the attacker's side
    can still make on the target this turn (the module docstring)."""
    detail = request.detail
    attacker, target = state.units.get(request.about or ""), state.units.get(str(detail.get("target", "")))
    guard = state.units.get(request.unit)
    if attacker is None or target is None or guard is None:
        return None
    weapon = _weapon(attacker, str(detail["weapon"]))
    difficulty = Difficulty.parse(str(detail.get("difficulty", "medium")))
    if weapon is None:
        return None
    vetoes = attacks.vetoes_of(guard, target)
    if vetoes <= 0:
        return "no"
    lines = attacks.forecasts(state, attacker, weapon, target, rating=detail.get("rating"))
    now = next(f for f in lines if f.difficulty is difficulty)
    if not now.success:
        return "no"
    later = sorted(_attacks_to_come(state, attacker, target), reverse=True)
    if vetoes > len(later):
        return "veto"
    return "veto" if attack_value(now) >= later[vetoes - 1] else "no"


def _attacks_to_come(state: Any, attacker: Any, target: Any) -> list[Fraction]:
    """The value of the best attack each other unit of the attacker's side with its Action left
    can make on `target` this turn: a close fighter within a move of reach, struck from the cell
    beside the target toward it; a shooter from where it stands (its turn, R-NP-10)."""
    out: list[Fraction] = []
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if not u.alive or u.team != attacker.team or u.id == attacker.id or u.action_used or u.done:
            continue
        best = Fraction(0)
        for w in u.weapons:
            if getattr(w, "spent", False) or w.damage_type == "explosive":
                continue
            if w.is_close:
                if distance(u.pos, target.pos) > u.move - u.move_spent + 1.5:
                    continue
                origin = None if within_reach(u.pos, target.pos) else _beside(target.pos, u.pos)
            else:
                origin = None
            best = max(best, attack_value(choose_difficulty(attacks.forecasts(state, u, w, target, origin))))
        if best > 0:
            out.append(best)
    return out


def _beside(target: tuple[int, int], toward: tuple[int, int]) -> tuple[int, int]:
    """The cell beside `target` in the direction of `toward`."""
    dx = (toward[0] > target[0]) - (toward[0] < target[0])
    dy = (toward[1] > target[1]) - (toward[1] < target[1])
    return (target[0] + dx, target[1] + dy)

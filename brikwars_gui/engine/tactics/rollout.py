"""Hard's lookahead (issue 25): before it acts, Hard plays its choices out on copies of the game.

Dials decide how the planner trades risk for harm, and no one setting wins every position (issue
25's second session: tuned on average, none moved the result beyond the noise). So Hard looks at
what its choices lead to, on copies of the game (`Game.from_state`), each played on to the moment
its side plays again — every enemy player replying as the caller's model plays (`Reply`: Hard's
is Normal's planner, `Behaviour.planner_replies`; without one the default AI, `engine/ai.py`: its
best shot, else straight at the nearest foe, which walks into saved Actions a planning enemy
keeps out of) — and scored by `worth` (own units standing minus enemy units standing, each as the
ruleset counts it: `Ruleset.standing_worth`), averaged over a few dice draws:

* the whole turn (`choose`, `turn_rollouts` draws): its own dials, holding back and pressing on
  (`variants`); the turn is planned with the way that ends best;
* each unit's activation (`pick`, `rollouts` draws): the planner's choice and the next best
  exactly checked plans that do something else (`candidates`), each followed by the rest of the
  side's turn as the planner plays it; the one that ends best is carried out.

The copies roll their own dice (`KeyedDice` from the game seed, the round, the player, the unit
and the draw): the game's own dice are never touched, so a game still replays from its seed. The
same draws serve every choice, and a `KeyedDice` face is keyed by what is rolled ("red-rifle-1
attack with Rifle", its n-th time; its Damage and the target's resistance by that shot), not by
the rolls before it: when one unit holds in one copy and shoots in another, every other unit's
attacks still come out the same in both, so the choices are compared on the same luck (common
random numbers; with a sequential stream one extra roll shifted every later face). The lookahead
plays only when the side knows everything the copy would show it (no fog of war, no hidden unit, no concealed
field and no Trap), never against a sitting side (`standoff`: the model would walk in where it
sits), and only while the battle is small enough (`MAX_UNITS`) for a turn to stay near a second.
"""

from __future__ import annotations

from collections.abc import Callable

from brikwars_gui.engine import ai as default_ai
from brikwars_gui.engine.dice import KeyedDice
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.session import DefaultPolicy, Game
from brikwars_gui.engine.state import GameState
from brikwars_gui.engine.tactics.plan import Plan
from brikwars_gui.engine.tactics.policy import TacticalPolicy
from brikwars_gui.engine.tactics.presets import Behaviour

#: How the enemy's turn is played on a copy (the default AI's `play_turn`, or a planner's).
Reply = Callable[[Game], None]

#: Units standing on the field above which the lookahead is skipped (its cost grows with the
#: units of every side: the large battle's turns stay the planner's alone).
MAX_UNITS = 16
#: A variant other than the first must beat it by this much (units, on average) to be chosen:
#: the draws are few, so small differences are luck.
MARGIN = 0.15


def variants(base: Behaviour) -> list[Behaviour]:
    """The ways of playing the turn that are tried: the dials as they are, holding back (twice the
    caution, the enemy's next turn counted in full, a saved Action worth more: let it walk into
    the Responses) and pressing on (half the caution, the next turn a third as feared)."""
    hold = base.with_(
        caution=base.caution * 2.0,
        next_turn=max(1.0, base.next_turn),
        hold_value=base.hold_value * 2.0,
    )
    press = base.with_(caution=base.caution * 0.5, next_turn=base.next_turn / 3.0)
    return [base, hold, press]


def worth(state: GameState, team: str) -> float:
    """Own units standing minus enemy units standing, each as much as the ruleset says it still
    counts (`Ruleset.standing_worth`: a Disrupted one half; D6's wounds, Nine Powers' Stamina)."""
    rules = ruleset_of(state)
    return sum(
        rules.standing_worth(state, u) * (1.0 if u.team == team else -1.0) for u in state.units.values()
    )


def applies(game: Game, team: str, standoff: float) -> bool:
    """Whether the copy shows the side nothing it does not know, and the battle is small enough."""
    state = game.state
    if state.fog_of_war or state.traps or standoff > 0:
        return False
    if any(f.kind == "concealed" for f in state.fields.values()):
        return False
    standing = [u for u in state.units.values() if u.alive]
    if len(standing) > MAX_UNITS:
        return False
    return not any(u.hidden and u.team != team for u in standing)


def _draw_seed(seed: int, round_: int, player: str, draw: int) -> int:
    """The copy's dice seed: fixed by the game seed, the turn and the draw (never the game's dice)."""
    salt = sum((i + 1) * ord(ch) for i, ch in enumerate(player))
    return (seed * 1_000_003 + round_ * 7_919 + salt * 101 + draw) & 0x7FFFFFFF


def outcome(
    game: Game,
    behaviour: Behaviour,
    draw_seed: int,
    play_own: Callable[[Game, Behaviour], None],
    enemy: Reply | None = None,
) -> float:
    """`worth` for the active side after it plays its turn with `behaviour` (`play_own`) and every
    other player replies as `enemy` plays (the default AI unless given), on a copy with its own dice."""
    me = game.active_player
    sim = copy_of(game, draw_seed)
    play_own(sim, behaviour)
    return replies(sim, me, enemy)


def choose(
    game: Game,
    base: Behaviour,
    seed: int,
    play_own: Callable[[Game, Behaviour], None],
    enemies: Callable[[int], Reply] | None = None,
) -> Behaviour:
    """The variant of `base` whose played-out turn ends best on average over `base.turn_rollouts` draws
    (the first, `base` itself, unless another beats it by `MARGIN`)."""
    tried = variants(base)
    me = game.active_player
    seeds = [_draw_seed(seed, game.round, me, k) for k in range(base.turn_rollouts)]
    models = [enemies(k) if enemies else None for k in range(len(seeds))]
    means = [
        sum(outcome(game, b, s, play_own, m) for s, m in zip(seeds, models, strict=True)) / len(seeds)
        for b in tried
    ]
    best = max(range(len(tried)), key=lambda i: (means[i] - (MARGIN if i else 0.0), -i))
    return tried[best]


#: Plans of one unit tried against each other (the planner's best and the next different ones).
CANDIDATES = 3


def candidates(checked: list[Plan], chosen: Plan) -> list[Plan]:
    """The planner's choice first, then the best exactly checked plans that differ from it and
    from each other in what they do (kind, end cell, target): at most `CANDIDATES`."""
    out = [chosen]
    seen = {(chosen.kind, chosen.dest, chosen.target)}
    for plan in checked:
        key = (plan.kind, plan.dest, plan.target)
        if key in seen or plan.free:
            continue
        seen.add(key)
        out.append(plan)
        if len(out) >= CANDIDATES:
            break
    return out


def copy_of(game: Game, draw_seed: int) -> Game:
    """The game as it stands, on its own dice, every side's questions answered by the rules'
    defaults or the tactical answers (never by a person)."""
    return Game.from_state(
        game.state,
        KeyedDice(draw_seed, game.state.units),
        policy=TacticalPolicy(list(game.state.turn_order), DefaultPolicy()),
        options=game.ctx.options,
        max_rounds=game.max_rounds,
        timeline=False,
    )


def replies(sim: Game, me: str, enemy: Reply | None = None) -> float:
    """Every other player's turn as `enemy` plays it (the default AI unless given) until `me`
    plays again; then `worth`. An order the rules refuse to the model (the default AI moves a
    Diemon and then has it act, which R-SN-2 forbids) ends that player's turn on the copy: the
    model's slip never stops the game."""
    while not sim.over and sim.active_player != me:
        player = sim.active_player
        try:
            (enemy or default_ai.play_turn)(sim)
        except IllegalOrder:
            if not sim.over and sim.active_player == player:
                sim.end_turn()
    return worth(sim.state, me)


def pick(
    game: Game,
    unit_id: str,
    plans: list[Plan],
    draws: int,
    seed: int,
    finish: Callable[[Game, str, Plan], None],
    enemies: Callable[[int], Reply] | None = None,
) -> Plan:
    """The plan whose played-out turn (`finish`: this plan, then the side's other units) and the
    enemy's reply end best on average over `draws` draws; the first unless another beats it by
    `MARGIN`."""
    me = game.active_player
    seeds = [_draw_seed(seed, game.round, me + unit_id, k) for k in range(draws)]
    models = [enemies(k) if enemies else None for k in range(draws)]
    means = []
    for plan in plans:
        total = 0.0
        for s, model in zip(seeds, models, strict=True):
            sim = copy_of(game, s)
            finish(sim, unit_id, plan)
            total += replies(sim, me, model)
        means.append(total / draws)
    best = max(range(len(plans)), key=lambda i: (means[i] - (MARGIN if i else 0.0), -i))
    return plans[best]

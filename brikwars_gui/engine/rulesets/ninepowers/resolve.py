"""Nine Powers turns in a contest: attacks, Acrobatics/Protect, Perception, Wrestle, Escape.

Pure functions over `Fighter`s (stats + Vitals + CombatState) and a `DiceSource`; the battlefield
(ranges, flanking, higher ground, who is in reach) is measured by the caller and handed in as
dice modifiers. Each result carries the dice-log line (`Melee 3: d4 2, d6 5, d8 1 → lowest 1:
Tough success, 3 damage, 1 past Armor`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from brikwars_gui.engine.dice.source import DiceSource
from brikwars_gui.engine.rulesets.ninepowers.conditions import (
    CombatState,
    Condition,
    WrestlingEffect,
    wrestling_modifier,
)
from brikwars_gui.engine.rulesets.ninepowers.damage import (
    DamageResult,
    Hit,
    Vitals,
    apply_damage,
    may_escape,
    venom_tick,
)
from brikwars_gui.engine.rulesets.ninepowers.pools import (
    Difficulty,
    PoolRoll,
    pool_sides,
    pool_size,
    roll_pool,
)
from brikwars_gui.engine.rulesets.ninepowers.stats import SOCIAL_CHECKS, NinePowersStats

WEAPON_SKILLS = ("Melee", "Shoot", "Throw")  # a magic weapon's dice join these (L2279)


@dataclass
class Fighter:
    """One combatant: its stat block, running Vitals and contest bookkeeping."""

    id: str
    team: str
    stats: NinePowersStats
    vitals: Vitals
    state: CombatState = field(default_factory=CombatState)

    @classmethod
    def fresh(cls, id: str, team: str, stats: NinePowersStats) -> Fighter:
        return cls(id, team, stats, stats.fresh_vitals())

    def pool(
        self, skill: str, *, situational: int = 0, wrestling: int = 0, rating: int | None = None
    ) -> tuple[int, ...]:
        """The dice this fighter rolls for `skill` now (R-NP-1, R-NP-3, R-NP-4)."""
        size = pool_size(
            self.stats.rating(skill) if rating is None else rating,
            situational=situational + self.stats.situational,
            wrestling=wrestling,
            stamina=self.vitals.stamina,
            stamina_limited=self.stats.stamina_limited,
        )
        return pool_sides(size)


@dataclass(frozen=True)
class TurnResult:
    """A resolved turn: its roll (None when vetoed or not allowed), the damage done, the text."""

    roll: PoolRoll | None
    damage: DamageResult | None
    text: str
    vetoed_by: str | None = None
    effects: tuple[WrestlingEffect, ...] = ()
    vetoes_gained: int = 0


def attack_modifier(attacker: Fighter, target: Fighter) -> int:
    return wrestling_modifier(attacker.id, attacker.state, target.id, target.state)


def resolve_attack(
    dice: DiceSource,
    attacker: Fighter,
    target: Fighter,
    skill: str,
    difficulty: Difficulty,
    round_no: int,
    *,
    situational: int = 0,
    unaware: bool = False,
    rating: int | None = None,
    veto_by: Fighter | None = None,
    on_hit: Callable[[], int] | None = None,
) -> TurnResult:
    """One attack turn (R-NP-5/6/8, R-NP-15/16). `veto_by` spends a veto of the target (Acrobatics
    or Protect) or of an ally protecting it (R-NP-11): the attack is cancelled before any die is
    rolled. `unaware` makes it a sneak attack (+Stealth talent damage, L1128); `rating` overrides
    the skill rating (the Melee talent's free attack, L1113); `on_hit` is asked for extra points
    once the roll succeeds (a burning attacker's fire, R-FIRE-6), after the pool's dice."""
    if veto_by is not None:
        pool = veto_by.state.dodge if veto_by is target and veto_by.state.dodge.count else veto_by.state.guard
        pool.use()
        who = "" if veto_by is target else f" protecting {target.id}"
        return TurnResult(None, None, f"{skill}: vetoed by {veto_by.id}{who}", vetoed_by=veto_by.id)
    wrestling = attack_modifier(attacker, target)
    sides = attacker.pool(skill, situational=situational, wrestling=wrestling, rating=rating)
    magic = attacker.stats.magic_dice if skill in WEAPON_SKILLS else ()
    roll = roll_pool(
        dice,
        sides,
        difficulty,
        label=skill,
        rating=attacker.stats.rating(skill) if rating is None else rating,
        special=magic,
        bypass_faces=attacker.state.bypass_faces(target.id, round_no),
    )
    if not roll.success:
        return TurnResult(roll, None, roll.explain())
    points = difficulty.damage
    if roll.special_success:
        points += 1
    if unaware:
        points += attacker.stats.talent("stealth")
    if on_hit is not None:
        points += on_hit()
    extra = attacker.stats.extra_damage
    social = skill in SOCIAL_CHECKS  # words wear down Stamina only (L571, EX-NP-2)
    hit = Hit(
        points=points,
        bypass=roll.bypassing_dice,
        extra=extra,
        ignore_armor=points + extra if social else attacker.state.ignore_armor,
        venomous=attacker.stats.venomous,
    )
    attacker.state.ignore_armor = 0
    result = apply_damage(target.vitals, hit, round_no)
    attacker.state.dealt_this_round += result.to_stamina + result.to_armor + result.to_buffer
    return TurnResult(roll, result, f"{roll.explain()}, {result.explain()}")


def resolve_veto_turn(dice: DiceSource, actor: Fighter, skill: str, difficulty: Difficulty) -> TurnResult:
    """An Acrobatics or Protect turn: each successful die is one veto (R-NP-11, L922, L927)."""
    if skill not in ("Acrobatics", "Protect"):
        raise ValueError(f"{skill} does not grant vetoes")
    sides = actor.pool(skill)
    roll = roll_pool(dice, sides, difficulty, label=skill, rating=actor.stats.rating(skill))
    gained = roll.successful_dice if roll.success else 0
    (actor.state.dodge if skill == "Acrobatics" else actor.state.guard).fresh += gained
    text = f"{roll.explain()}, {gained} veto{'es' if gained != 1 else ''}" if gained else roll.explain()
    return TurnResult(roll, None, text, vetoes_gained=gained)


def start_turn(actor: Fighter) -> None:
    """The owner's turn begins: unused vetoes lapse except up to the talent's rating (L1108)."""
    actor.state.dodge.owner_turn_starts(actor.stats.talent("acrobatics"))
    actor.state.guard.owner_turn_starts(actor.stats.talent("melee"))
    actor.state.moved_this_turn = False


def end_turn(actor: Fighter) -> str | None:
    """The owner's turn ends: venom bites (R-NP-15, L1198). Returns the log line, if any."""
    lost = venom_tick(actor.vitals)
    if not lost:
        return None
    tail = ", defeated" if actor.vitals.defeated else ""
    return f"Venom: {actor.id} loses {lost} Stamina ({actor.vitals.stamina} left){tail}"


def resolve_perception(
    dice: DiceSource, actor: Fighter, target: Fighter, difficulty: Difficulty, round_no: int
) -> TurnResult:
    """A Perception turn against one opponent: for the next 1/2/3 rounds its 2s also pass that
    opponent's Armor (L951; EX-NP-3 round 1 -> rounds 2 and 3)."""
    sides = actor.pool("Perception")
    roll = roll_pool(dice, sides, difficulty, label="Perception", rating=actor.stats.rating("Perception"))
    if not roll.success:
        return TurnResult(roll, None, roll.explain())
    last = round_no + difficulty.damage
    actor.state.marks[target.id] = max(actor.state.marks.get(target.id, 0), last)
    return TurnResult(roll, None, f"{roll.explain()}, 2s pass {target.id}'s Armor through round {last}")


def resolve_wrestle(
    dice: DiceSource,
    actor: Fighter,
    target: Fighter,
    difficulty: Difficulty,
    round_no: int,
    choices: Iterable[WrestlingEffect],
    *,
    situational: int = 0,
) -> TurnResult:
    """A Wrestle/Disarm turn: no damage; each successful die buys one effect from `choices` (in
    order, repeats allowed) lasting the next 1/2/3 rounds (L932-936). A success also arms the Wrestle
    talent's armor skip for the actor's next attack (L1118)."""
    wrestling = attack_modifier(actor, target)
    sides = actor.pool("Wrestle", situational=situational, wrestling=wrestling)
    roll = roll_pool(
        dice,
        sides,
        difficulty,
        label="Wrestle",
        rating=actor.stats.rating("Wrestle"),
        bypass_faces=frozenset(),
    )
    if not roll.success:
        return TurnResult(roll, None, roll.explain())
    wanted = list(choices) or [WrestlingEffect.HINDER]
    chosen = tuple(wanted[i % len(wanted)] for i in range(roll.successful_dice))
    last = round_no + difficulty.damage  # the next 1/2/3 rounds, so the victim's next turn feels it
    for effect in chosen:
        if effect is WrestlingEffect.SHIELD:
            actor.state.guard.fresh += 1
        else:
            target.state.conditions.append(Condition(effect, actor.id, last))
    actor.state.ignore_armor = actor.stats.talent("wrestle")
    names = ", ".join(e.key for e in chosen)
    return TurnResult(
        roll, None, f"{roll.explain()}, {names} on {target.id} through round {last}", effects=chosen
    )


def resolve_escape(dice: DiceSource, actor: Fighter, difficulty: Difficulty, round_no: int) -> TurnResult:
    """Fleeing the fight (R-NP-13, L959): only undamaged this round and the last; an Escape
    check of the chosen difficulty then decides it."""
    if not may_escape(actor.vitals, round_no):
        return TurnResult(None, None, f"Escape: not allowed, {actor.id} took damage this round or the last")
    sides = actor.pool("Escape")
    roll = roll_pool(dice, sides, difficulty, label="Escape", rating=actor.stats.rating("Escape"))
    return TurnResult(roll, None, roll.explain() + (", escaped" if roll.success else ""))


def start_round(fighters: Iterable[Fighter], round_no: int) -> None:
    """Monster buffers refill (R-NP-8), expired conditions and marks drop."""
    for fighter in fighters:
        fighter.vitals.refill_buffer()
        fighter.state.start_of_round(round_no)


def side_order(
    round_no: int,
    sides: Sequence[str],
    initiator: str | None,
    dealt_last_round: Mapping[str, int],
    stamina: Mapping[str, int],
) -> list[str]:
    """Which side takes its turns first this round (R-NP-9; the priorities of L497 are lost):
    round 1 the side that started the fight (L495); later rounds the side that dealt more damage
    last round (L802), then the side with more Stamina left, then the listed order."""
    if round_no == 1 and initiator in sides:
        return [initiator, *[s for s in sides if s != initiator]]
    return sorted(sides, key=lambda s: (-dealt_last_round.get(s, 0), -stamina.get(s, 0), sides.index(s)))

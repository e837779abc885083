"""Shared pieces of the Player Turn rules: the play context, decisions, options, unit helpers.

A `PlayContext` is a `RulesContext` (state, dice, events, listener) plus the two things the turn
rules need besides: `decide(request) -> answer` for every choice a player makes outside an order
(Responses, Counters, Overskill spending, Bail landing spot), and the `RuleOptions`.
Every decision is logged as a `decided` event, so a log replays with the same answers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import facing_towards
from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState


class IllegalOrder(ValueError):
    """An order the rules forbid; the message says why. The state is left unchanged."""


@dataclass(frozen=True)
class DecisionRequest:
    """A question for the player controlling `unit` (or its team).

    `question` is one of: "close_attack" (R-MOVE-5), "angry_inch" (R-RESP-2: weapon options for a
    close-combat strike, cell options "x,y" for a step into Range and sight), "shoot" (a mover
    enters range; the weapon after a ranged Angry Inch), "counter" (R-MOVE-5), "attack_response"
    (R-RESP-1/5), "bail_to" (R-RESP-6),
    "overskill" (R-DICE-8). `options` are the legal answers (strings), `default` is what the rules'
    defaults / the default AI answer. `detail` carries extra context for a human (labels, odds).
    """

    question: str
    unit: str
    team: str
    about: str | None
    options: tuple[str, ...]
    default: str
    detail: dict[str, Any] = field(default_factory=dict)


def default_decide(request: DecisionRequest) -> str:
    return request.default


@register_event
class Decided(Event):
    """A player's answer to a DecisionRequest (logged so replays give the same answers)."""

    kind = "decided"
    unit: str
    question: str
    about: str | None
    options: list[str]
    answer: str

    def describe(self) -> str:
        about = f" ({self.about})" if self.about else ""
        words = QUESTION_WORDS.get(self.question, self.question.replace("_", " "))
        return f"{self.unit} decides on {words}{about}: {self.answer.replace('_', ' ')}"


# The log's words for each question a player answers (the names stay in the saved events).
QUESTION_WORDS = {
    "close_attack": "a close-combat strike (R-MOVE-5)",
    "angry_inch": "the Angry Inch (R-RESP-2)",
    "shoot": "a shot with the saved Action (R-RESP-1)",
    "counter": "a Counter (R-MOVE-5)",
    "attack_response": "a Response (R-RESP-1/5)",
    "bail_to": "where to Bail (R-RESP-6)",
    "fire_patch": "where the fire spreads or dies down (R-FIRE-12)",
    "operate_response": "pulling a trigger with the saved Action (R-RESP-2)",
    "overskill": "the Overskill Benny (R-DICE-8)",
    "fate_point": "a Fate Point (R-D6-8)",
    "character_points": "Character Points (R-D6-7)",
    "damage_points": "Character Points on its Damage (R-D6-7)",
    "np_difficulty": "the difficulty (R-NP-2)",
    "np_veto": "a veto (R-NP-11)",
    "np_sticky": "the Melee talent's free attack (R-NP-12)",
    "np_wrestle_effect": "a wrestling effect",
    "np_avoid": "avoiding a second foe (Perception talent)",
    "sn_next_die": "the next SN die (R-SN-14)",
    "sn_fumble_to": "who gets the Fumble Die (R-SN-18)",
    "sn_fumble_use": "a Fumble Die (R-SN-18)",
    "sn_lasting": "a Lasting Effect (R-SN-12)",
    "sn_spread": "the 4pion's fire (R-SN-3)",
    "sn_detonate": "blowing up the 10amyte (R-SN-5)",
    "sn_include_self": "standing in its own Effect (R-SN-28)",
    "sn_window": "SN dice on a roll before it is judged (R-SN-15)",
    "sn_arc": "a d8's Firing Arc (R-SN-27)",
}


@dataclass
class RuleOptions:
    """Switches for the readings in docs/rules-decisions.md, "Player Turn"."""

    simultaneous_responses: bool = True  # R-RESP-5: attack vs attack resolves simultaneously
    firearm_mishaps: bool = False  # G-9 optional: a ranged Critical Failure hits the shooter
    angry_inch: bool = True  # R-RESP-2: the 1" step for close-combat and ranged Responses
    shoot_entering_range: bool = True  # default Responses to movers entering weapon range


@dataclass
class PlayContext(RulesContext):
    decide: Callable[[DecisionRequest], str] = default_decide
    options: RuleOptions = field(default_factory=RuleOptions)

    def ask(self, request: DecisionRequest) -> str:
        """Ask the policy, check the answer is one of the options, log it."""
        if len(request.options) == 1:
            answer = request.options[0]
        else:
            answer = self.decide(request)
            if answer not in request.options:
                raise IllegalOrder(
                    f"answer {answer!r} to {request.question} for {request.unit} is not one of "
                    + ", ".join(request.options)
                )
        self.emit(Decided(request.unit, request.question, request.about, list(request.options), answer))
        return answer


# ---------------------------------------------------------------------------------------------
# Unit helpers


def target_size_modifier(size: int) -> int:
    """G-5 Target Size, as a bonus to the roll against the target: Size 0 → −2; 1" → 0;
    ≥ 2" → +floor(Size/2) (EX-6: 8" cow → +4). Attacks add its negation to the needed number
    (`combat.target_size_penalty`); Exposure adds it to the Damage, concealed rolls subtract it."""
    if size <= 0:
        return -2
    if size == 1:
        return 0
    return size // 2


def burdened(unit: UnitState) -> bool:
    """Carrying a heavy item or in Armor: swimming is impossible (R-MOVE-10 → Stopped)."""
    return unit.carrying_heavy or unit.heavy_armor or unit.body_armor


def at_half_speed(unit: UnitState) -> bool:
    """R-MOVE-6/17: Heavy Armor, a heavy item carried, recovering from Disruption, or crawling or
    hopping (for the move it crawls or hops, `UnitState.gait`)."""
    return unit.heavy_armor or unit.carrying_heavy or unit.recovering or bool(unit.gait)


#: R-MOVE-11: a heavy object is the size of a minifig (1") or a 2x4 brick (4 studs = 1¼", read 1").
HEAVY_OBJECT_SIZE = 1


def is_heavy_object(size: float) -> bool:
    """R-MOVE-11: carrying or dragging an object this big (a minifig corpse, a 2x4 brick, a crate)
    is a heavy item: the carrier's `carrying_heavy` flag, Half Speed (R-MOVE-6), Stopped in water
    (R-MOVE-10). Smaller things (weapons, a 2x2 brick) cost nothing to carry."""
    return size >= HEAVY_OBJECT_SIZE


#: R-MOVE-9 / GRID-9: at Half Speed a step may rise at most one brick (a stair, a plate edge);
#: higher rises (2-3 bricks) are jumps, which Half Speed forbids.
HALF_SPEED_MAX_RISE = 1


def max_rise(unit: UnitState) -> int:
    """Bricks one step of this unit may rise: its climb (3, GRID-9; Nine Powers' Climb rating may
    raise it, L916), 1 at Half Speed (R-MOVE-9: no jumping)."""
    return HALF_SPEED_MAX_RISE if at_half_speed(unit) else unit.climb


def swimming(state: GameState, unit: UnitState, cell: Cell | None = None) -> bool:
    """R-MOVE-4: a unit in a water cell is swimming, two-armed movement: no arms free for Attacks
    or manual Actions while it stays in the water (`cell` overrides its position)."""
    x, y = unit.pos if cell is None else cell
    return bool(state.grid.water[y, x]) and not unit.flight  # R-SN-30: a flyer is over the water


def two_armed_problem(state: GameState, unit: UnitState, cell: Cell | None = None) -> str | None:
    """Why a manual Action (attack, Shove, Mark, Full-Round) is impossible now (R-MOVE-4), or None."""
    if unit.gait == "crawl":
        return f"{unit.name} is crawling: both arms are on the ground, none free for Attacks (R-MOVE-4)"
    if swimming(state, unit, cell):
        return (
            f"{unit.name} is swimming: two-armed movement leaves no arms for Attacks or manual "
            "Actions (R-MOVE-4)"
        )
    return None


# ---------------------------------------------------------------------------------------------
# Who may take orders at all


def unable_problem(unit: UnitState) -> str | None:
    """Why the unit can neither move nor act now (dead, Disrupted, busy, finished), or None."""
    if not unit.alive:
        return f"{unit.name} is dead"
    if unit.disrupted:
        return f"{unit.name} is Disrupted and helpless until its next turn (R-MOVE-16)"
    if unit.full_round:
        return f"{unit.name} is busy with {unit.activity or 'a Full-Round Action'} (R-ACT-7)"
    if unit.done:
        return f"{unit.name} has finished for this turn"
    return None


# ---------------------------------------------------------------------------------------------
# Use ratings (R-ACT-2..4)

#: R-ACT-3: difficulty → Use (None = trivial, no Skill Roll, R-ACT-2).
USE_RATINGS: dict[str, int | None] = {
    "trivial": None,
    "easy": 2,
    "normal": 3,
    "tricky": 4,
    "difficult": 5,
    "very difficult": 6,
    "heroic": 8,
    "legendary": 10,
    "godlike": 12,
}

#: R-ACT-4: tasks that are not equipment default to Use 3 unless the players agree otherwise.
DEFAULT_USE = 3


def use_rating(difficulty: str | None) -> int | None:
    """The Use of a task (R-ACT-3): None for trivial ones (no roll); `None` → Use 3 (R-ACT-4)."""
    if difficulty is None:
        return DEFAULT_USE
    key = difficulty.strip().lower().replace("_", " ").replace("-", " ")
    if key not in USE_RATINGS:
        raise IllegalOrder(f"unknown difficulty {difficulty!r}: one of {', '.join(USE_RATINGS)} (R-ACT-3)")
    return USE_RATINGS[key]


def usable_weapons(unit: UnitState) -> list[WeaponState]:
    """The weapons the unit can attack with: not spent, and with Damage (a Wand or Staff, Damage 0,
    is a tool that only carries SuperNatural Effects, R-SN-11; its `Cast` delivery uses it)."""
    return [w for w in unit.weapons if not w.spent and w.damage != "0"]


def close_weapons(unit: UnitState) -> list[WeaponState]:
    return [w for w in usable_weapons(unit) if w.is_close]


def ranged_weapons(unit: UnitState) -> list[WeaponState]:
    return [w for w in usable_weapons(unit) if not w.is_close]


def weapon_named(unit: UnitState, name: str) -> WeaponState:
    for w in unit.weapons:
        if w.name == name:
            return w
    raise IllegalOrder(f"{unit.name} has no weapon {name!r}")


def can_respond(unit: UnitState) -> bool:
    """R-RESP-1, R-MOVE-16: a saved Action, alive and not Disrupted."""
    return unit.alive and not unit.disrupted and unit.saved_action


def enemies_of(state: GameState, unit: UnitState) -> list[UnitState]:
    return [u for u in state.units.values() if u.alive and u.team != unit.team]


def cell_text(cell: Cell | None) -> str:
    return "-" if cell is None else f"({cell[0]}, {cell[1]})"


def parse_cell(text: str) -> Cell:
    x, y = text.split(",")
    return (int(x), int(y))


@register_event
class FacingChanged(Event):
    """GRID-6: a unit now faces another of the 8 directions (last move step, an attack, an order)."""

    kind = "facing_changed"
    unit: str
    facing: str

    def describe(self) -> str:
        return f"{self.unit} turns to face {self.facing}"


def turn_to(ctx: RulesContext, unit: UnitState, cell: Cell) -> None:
    """Face `cell` (GRID-6); emits facing_changed when the facing changes."""
    if cell == unit.pos:
        return
    facing = str(facing_towards(unit.pos, cell))
    if facing != unit.facing:
        unit.facing = facing
        ctx.emit(FacingChanged(unit.id, facing))


def find_actor(state: GameState, unit_id: str) -> UnitState:
    unit = state.units.get(unit_id)
    if unit is None:
        raise IllegalOrder(f"no unit {unit_id!r}")
    return unit

"""The `Ruleset` interface: everything the dice systems differ in, behind one object.

Modelled on python-chess, whose `Board` carries the standard rules and whose variant subclasses
(`AtomicBoard`, `SuicideBoard`, ...) override a handful of hooks and are found by name
(`chess.variant.find_variant`). Here the shared engine (movement, sight, Responses, Field
Hazards, fire spread, turn order) calls these hooks wherever a rule rolls an Action, rolls or
resists Damage, or needs exact odds, so every hazard and fire rule works under every ruleset.
A ruleset object is stateless: per-unit resources live in `UnitState.pools`, per-ruleset stat
blocks in `UnitState.stats`, so saving, copying and rewinding a game need nothing extra.

No code outside `engine/rulesets/` (and the scenario migration) may branch on a ruleset's name
(`tests/engine/rulesets/test_no_ruleset_branches.py`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    from brikwars_gui.engine.context import RulesContext
    from brikwars_gui.engine.dice.expression import DiceExpression
    from brikwars_gui.engine.rules.attack_odds import AttackOdds
    from brikwars_gui.engine.rules.combat import AttackPlan
    from brikwars_gui.engine.rules.common import DecisionRequest
    from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState
    from brikwars_gui.scenario.models import Scenario


class ActionRoll(Protocol):
    """What the shared rules read from an Action roll, whatever dice made it."""

    @property
    def total(self) -> int: ...

    @property
    def needed(self) -> int | None: ...

    @property
    def success(self) -> bool | None: ...

    @property
    def critical_failure(self) -> bool: ...

    @property
    def overskill(self) -> bool: ...

    def explain(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


class DamageRoll(Protocol):
    """What the shared rules read from a Damage roll: the total, the dice, a log text."""

    @property
    def total(self) -> int: ...

    @property
    def dice(self) -> tuple[Any, ...]: ...

    def explain(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class StatLine:
    """One line of a unit's stat block as the inspector and the unit table show it."""

    label: str
    value: str
    tip: str = ""


@dataclass(frozen=True)
class WeaponTerms:
    """A weapon as its wielder's ruleset rolls it, for the unit cards: `roll`, what is rolled to hit
    (`Use 3`, `Ranged 4D`, `Shoot 4 dice`); `damage`, what a hit rolls or deals (`1d6+1`, `3D+1`,
    `1-3 by difficulty`)."""

    roll: str
    damage: str


@dataclass(frozen=True)
class SkillTurnOption:
    """One of a ruleset's own Actions for the action list: `chance` of success, and `advised`
    when the computer player should take it before attacking."""

    label: str
    skill: str
    target: str | None = None
    chance: float | None = None
    advised: bool = False


@dataclass(frozen=True)
class SkillTurnWorth:
    """What the tactical AI weighs of one of a ruleset's own Actions (`Ruleset.skill_turn_worth`),
    in the planner's units (`StrikeOdds.value`); the planner's threat map supplies the attacks
    it would cancel or weaken (tactics/skill_plans.py).

    * `vetoes`: the chance of at least 1, 2, ... vetoes, each cancelling one foe's attack before
      the unit's next turn (Nine Powers' Acrobatics, Protect and Wrestle's shields, R-NP-11); with
      `allies`, also an attack on a friend within reach of the unit;
    * `gain`: the lasting harm it adds to the unit's own attacks over its next turns (Perception)."""

    vetoes: tuple[float, ...] = ()
    allies: bool = False
    gain: float = 0.0


@dataclass(frozen=True)
class RollAsked:
    """An action's roll as the shared rules computed it, in BrikWars numbers (`use`, `needed` =
    Use + penalties or None for an automatic success, `per_die_modifier`, R-ACT-5/6) with its
    exact `chance` under the ruleset: what `Ruleset.describe_roll` names (converting like
    `action_chance`). An attack names its `weapon` and `target`, for a ruleset whose chance
    depends on the situation (Nine Powers' range, moving and flanking)."""

    kind: str
    use: int | None
    needed: int | None
    chance: float
    per_die_modifier: int = 0
    weapon: str | None = None
    target: str | None = None


@dataclass(frozen=True)
class StrikeOdds:
    """What a computer player weighs for one attack, exactly under the battle's ruleset:
    `hit`; `wound`, the chance the target loses a lasting step (an inch of Size, a wound,
    Stamina; a kill included); `kill`, the chance it is taken out of the battle; `disrupt`, the
    chance it is only Disrupted or stunned (G-3, R-MOVE-16)."""

    hit: float
    kill: float
    wound: float
    disrupt: float = 0.0
    harm_weight: float = 0.5  # a lasting wound's worth as a share of a kill (the ruleset's)

    def value(self, disrupt_value: float = 0.25) -> float:
        """Expected progress in "units": a kill is 1, a lasting wound `harm_weight` (half under
        BrikWars and D6; under Nine Powers `wound` is Stamina lost over Stamina left and counts in
        full: every point is a step to defeat and a die less in the foe's pools, R-NP-4), a
        Disruption a quarter."""
        return self.kill + (self.wound - self.kill) * self.harm_weight + self.disrupt * disrupt_value


#: A Disrupted unit's worth as a share of a standing one when a play-out is scored
#: (`Ruleset.standing_worth`).
DISRUPTED_WORTH = 0.5

#: Action kinds the rules roll for; a ruleset with skills maps each to one of its skills.
ACTION_KINDS = ("melee", "ranged", "thrown", "shove", "task", "swim", "trap", "concealed", "initiative")


class Ruleset(ABC):
    """How one dice system resolves Actions and Damage. Subclasses override the hooks."""

    #: Scenario-file name (`"ruleset": "d6"`); aliases are accepted when reading.
    name: ClassVar[str]
    label: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    #: Whether this ruleset plays SuperNatural powers (Chapter D, engine/supernatural): SN dice are
    #: BrikWars dice written into BrikWars stats; a ruleset that converts stats once at setup would
    #: silently lose them, so a scenario with SN units is refused under it (GameState.from_scenario).
    supernatural: ClassVar[bool] = False

    def setup(self, state: GameState, scenario: Scenario) -> None:
        """Fill `UnitState.stats`/`pools` and `state.ruleset_options` from the scenario (its stat
        blocks, or the default conversion) when a battle is built. BrikWars needs no options."""
        state.ruleset_options = {}

    def unit_joined(self, state: GameState, unit: UnitState) -> None:
        """A unit joined the battle mid-game (`rules/roster.add_unit`): give it this ruleset's own
        stats and resources, as `setup` gives a scenario unit without a stat block. BrikWars
        plays the shared stats as they are."""
        return None

    def begin_turn(self, ctx: RulesContext, player: str) -> None:
        """A player's turn begins (after the shared start-of-turn resets): per-turn resources."""
        return None

    def end_turn(self, ctx: RulesContext, player: str) -> None:
        """A player's turn ends (before the next begins); may reorder `state.turn_order` for the
        next round when the last player's turn ends."""
        return None

    def battle_over(self, ctx: RulesContext) -> None:
        """The battle has ended (before `game_over` is logged): end-of-game bookkeeping of the
        ruleset's own resources (D6: R-D6-10's moral-code reckoning of Fate Points)."""
        return None

    def resolve_attack(
        self,
        ctx: RulesContext,
        attacker: UnitState,
        weapon: WeaponState,
        target_id: str,
        plan: Any,
        *,
        response: bool = False,
    ) -> Any:
        """A ruleset whose attack is not an Action roll followed by a Damage roll against a
        resistance (Nine Powers: one pool's lowest die and the chosen difficulty decide both)
        resolves the whole attack here and returns its `Attacked` event; None (the default)
        lets the shared rules roll it through the hooks below."""
        return None

    # -- Responses a ruleset adds to movement (shared machinery: rules/response.py) -----------

    def leaving_responses(
        self, state: GameState, mover: UnitState, prev: Cell, cell: Cell
    ) -> list[tuple[str, str]]:
        """Responses a step `prev` → `cell` draws *before* it is taken, as (kind, responder id) in
        the order they are played; the walk asks before every step (a Hidden mover draws none).
        None by default: BrikWars answers units entering reach, not leaving it (Nine Powers'
        Melee talent strikes a foe moving away, R-NP-12). A ruleset that draws any says so in
        `draws_leaving_responses`."""
        return []

    def draws_leaving_responses(self, state: GameState) -> bool:
        """Whether `leaving_responses` may find any in this battle: False lets a walk carry a
        mover past the steps no enemy can respond to without asking before each (issue 26)."""
        return False

    def resolve_leaving_response(
        self, ctx: RulesContext, kind: str, responder: UnitState, mover: UnitState
    ) -> bool:
        """Play one `leaving_responses` entry (asking the responder's player); False when the mover
        may not take the step: its Movement ends where it stands."""
        return True

    # -- a ruleset's own turns (Nine Powers: Acrobatics, Protect, Perception, Wrestle...) ---------

    def skill_turns(self, state: GameState, unit: UnitState) -> list[SkillTurnOption]:
        """Extra Actions this ruleset offers the unit now (`SkillTurn` orders); none by default."""
        return []

    def skill_turn_problem(self, state: GameState, unit: UnitState, skill: str, target: str | None) -> str:
        """Why `SkillTurn(skill, target)` is not allowed now ("" when it is)."""
        return f"no {skill} turns under the {self.label} ruleset"

    def skill_turn(self, ctx: RulesContext, unit: UnitState, skill: str, target: str | None) -> None:
        """Carry out a checked `SkillTurn` (the Action is already used)."""
        raise NotImplementedError(f"{self.name} offers no skill turns")

    def skill_turn_worth(
        self, state: GameState, unit: UnitState, skill: str, target: str | None
    ) -> SkillTurnWorth | None:
        """What the tactical AI weighs of `SkillTurn(skill, target)` now; None: never worth an
        Action to it (the default: a ruleset without such turns)."""
        return None

    # -- Actions --------------------------------------------------------------------------

    @abstractmethod
    def action_roll(
        self,
        ctx: RulesContext,
        unit: UnitState | None,
        *,
        sides: int,
        kind: str,
        use: int | None = None,
        penalty: int = 0,
        per_die_modifier: int = 0,
        purpose: str = "",
        weapon: WeaponState | None = None,
    ) -> ActionRoll:
        """Roll an Action against `use + penalty` (BrikWars numbers; a ruleset converts them).
        `sides` is the BrikWars Skill die (a trap has no unit); `kind` names the action
        (`ACTION_KINDS`) so a ruleset with skills can pick one; `weapon`: the one the Action uses
        (an attack), for rules tied to it (R-DICE-12)."""

    @abstractmethod
    def action_chance(
        self,
        state: GameState,
        unit: UnitState,
        needed: int,
        *,
        kind: str,
        per_die_modifier: int = 0,
        weapon: WeaponState | None = None,
    ) -> float:
        """Exact chance that `unit`'s Action roll of `kind` reaches BrikWars `needed` now.
        Contract: it never grows with `needed` nor with a lower `per_die_modifier` (the AI skips
        planning attacks on enemies too far out of Range on this; a test checks every ruleset)."""

    def attack_chance(
        self,
        state: GameState,
        attacker: UnitState,
        weapon: WeaponState,
        plan: AttackPlan,
        *,
        step: Cell | None = None,
    ) -> float:
        """Exact chance that the planned attack (`plan_attack`) hits, as the forecast card's `hit`
        gives it: what a Response prompt shows and ranks its answers by. `step`: the cell the
        attacker first takes an Angry Inch to (R-RESP-2; `plan` was made from there). By default
        the plan's own roll (`action_chance`); a ruleset whose attack roll depends on the target
        (Nine Powers' difficulty, chosen when it is made) gives that roll's."""
        return plan.chance

    def describe_roll(self, state: GameState, unit: UnitState, roll: RollAsked) -> str:
        """The roll behind an action in this ruleset's own words, for the action menu and the log
        (BrikWars `Use 4, 50%`, D6 `Melee 3D+1 vs 15, 42%`, Nine Powers `Melee 3, Medium, 67%`)."""
        return "automatic" if roll.needed is None else f"{roll.chance:.0%}"

    def attack_odds(
        self, state: GameState, attacker_id: str, weapon: str, target_id: str
    ) -> AttackOdds | None:
        """Exact odds of an attack for the forecast card (to hit, to kill, to Disrupt, expected
        damage), or None when this ruleset has no such forecast yet: the card is then not shown,
        rather than showing another ruleset's numbers (the action menu keeps `action_chance`)."""
        return None

    def ai_answer(self, state: GameState, request: DecisionRequest) -> str | None:
        """The tactical AI's answer to one of this ruleset's own questions (D6's Fate and
        Character Points, R-D6-7/8), weighed by the expected harm; None leaves it to the
        question's default (the answer of every other player). By default every question."""
        return None

    def ai_dials(self, dials: dict[str, float]) -> dict[str, float]:
        """The tactical AI's dials (`tactics.presets.Behaviour`: caution, next_turn, formation,
        lookahead...) this ruleset's game asks for, from the preset's `dials` (every dial as a
        number, bools as 0/1, and "level": the preset's name); only the changed ones need be
        returned. By default none change."""
        return {}

    def standing_worth(self, state: GameState, unit: UnitState) -> float:
        """What one unit still counts for its side, 0..1, when Hard scores a played-out turn
        (`tactics/rollout.worth`): 1 standing, `DISRUPTED_WORTH` Disrupted (it loses its turn and
        is hit automatically up close, R-MOVE-16), 0 out. A ruleset whose harm is mostly lasting
        steps short of a kill (D6's wounds, Nine Powers' Stamina) counts them, or a play-out of one
        turn sees no difference between its choices."""
        if not unit.alive:
            return 0.0
        return DISRUPTED_WORTH if unit.disrupted else 1.0

    def flanked_strike_odds(
        self, state: GameState, attacker: UnitState, weapon: WeaponState, target: UnitState, origin: Cell
    ) -> StrikeOdds | None:
        """`strike_odds` of a close attack from `origin` when another of the attacker's side also
        stands within reach of `target`, for a planner weighing several foes closing on one cell
        (Nine Powers' flanking, R-NP-14); None (the default) where the rules give no such bonus."""
        return None

    def higher_ground_bricks(self) -> int | None:
        """How many bricks above its target an attacker must stand for the rules' higher-ground
        bonus (Nine Powers: one inch, R-NP-14), for a planner weighing where to stand; None (the
        default) where height gives an attack nothing."""
        return None

    def above_strike_odds(
        self,
        state: GameState,
        attacker: UnitState,
        weapon: WeaponState,
        target: UnitState,
        origin: Cell,
        *,
        flanked: bool = False,
    ) -> StrikeOdds | None:
        """`strike_odds` from `origin` (and `flanked`, as `flanked_strike_odds`) when the attacker
        stands `higher_ground_bricks` above the target: what a foe on a ledge over a cell would
        strike there with; None (the default) where the rules give no such bonus."""
        return None

    def shot_range(self, state: GameState, unit: UnitState, weapon: WeaponState) -> float:
        """How far a planner should weigh a shot with `weapon` as worth making: by default its
        Range (beyond it R-ACT-6's penalty on every die makes a shot poor). A ruleset whose own
        range bands reach further (Nine Powers, R-NP-10) says so; `strike_odds` still prices
        each cell's shot exactly (`strike_key`)."""
        return float(weapon.range or 0)

    def strike_key(
        self,
        state: GameState,
        attacker: UnitState,
        weapon: WeaponState,
        target: UnitState,
        origin: tuple[int, int],
    ) -> Hashable | None:
        """For a planner weighing one attack from many cells: a key equal for two `origin`s
        whose `strike_odds` are equal (range bands, having moved, flanking, higher ground...), so
        the odds are computed once per key. None (the default): the odds a planner needs do not
        depend on where the attacker stands beyond what it checks itself (reach, range)."""
        return None

    @abstractmethod
    def strike_odds(
        self,
        state: GameState,
        attacker: UnitState,
        weapon: WeaponState,
        target: UnitState,
        *,
        needed: int | None,
        per_die_modifier: int = 0,
        origin: tuple[int, int] | None = None,
    ) -> StrikeOdds:
        """Exact odds of `attacker` striking `target` with `weapon` from `origin` (default: where
        it stands) when the rules ask for BrikWars `needed` (None: an automatic hit) with
        `per_die_modifier` (R-ACT-6). The tactical AI's hot path: cheap (cached distributions),
        and it assumes the attack is legal (the caller checks sight and reach)."""

    # -- odds of rolls no unit makes (computer players: Traps, hazards, blasts) ----------------

    def trap_chance(self, state: GameState, sides: int, needed: int, *, per_die_modifier: int = 0) -> float:
        """Exact chance that a Trap's Action die of `sides` (R-TRAP-5: no unit rolls it) reaches
        BrikWars `needed` with `per_die_modifier` (R-ACT-6), as `action_roll(ctx, None, kind="trap")`
        rolls it. By default `action_chance` of a stand-in with that die and nothing else."""
        return self.action_chance(
            state, _stand_in(sides), needed, kind="trap", per_die_modifier=per_die_modifier
        )

    def hazard_strike_odds(
        self,
        state: GameState,
        damage: str,
        victim: UnitState,
        *,
        damage_type: str = "normal",
        per_die_modifier: int = 0,
    ) -> StrikeOdds:
        """Exact odds of Damage from outside an attack — a hazard's or a Trap's dice, a blast —
        landing on `victim` (`damage_roll`, then its resistance and `damage_outcome`). By default
        `strike_odds` of an automatic hit with a weapon of that Damage by a stand-in."""
        from brikwars_gui.engine.state import WeaponState  # the state module imports the rulesets

        weapon = WeaponState("hazard", "ranged", 0, None, damage, damage_type)
        return self.strike_odds(
            state, _stand_in(4), weapon, victim, needed=None, per_die_modifier=per_die_modifier
        )

    def initiative_roll(self, ctx: RulesContext, unit: UnitState, *, purpose: str) -> ActionRoll:
        """An unopposed roll whose total decides who acts first (R-RESP-5)."""
        return self.action_roll(ctx, unit, sides=unit.skill, kind="initiative", purpose=purpose)

    # -- Damage -----------------------------------------------------------------------------

    @abstractmethod
    def damage_roll(
        self,
        ctx: RulesContext,
        expr: str | DiceExpression,
        *,
        per_die_modifier: int = 0,
        purpose: str = "",
        weapon: WeaponState | None = None,
        attacker: UnitState | None = None,
        target: str | None = None,
    ) -> DamageRoll:
        """Roll Damage given as its BrikWars expression (`weapon`: the weapon it is the Damage
        of, whose own stats for this ruleset may replace the expression; `attacker`: the unit
        rolling it, for a ruleset whose player may spend points on it, D6 R-D6-7; `target`: the
        unit or object it is rolled against, which that player weighs)."""

    def extra_damage_roll(self, ctx: RulesContext, expr: str, *, purpose: str) -> tuple[int, list[int], str]:
        """Extra BrikWars Damage dice added to a hit (R-FIRE-6: +1d4 Fire from a burning attacker)
        on this ruleset's scale: (points, the d4-scale ignition dice they bring, how the ruleset
        names what it rolled). By default `damage_roll` converts them like any Damage."""
        roll = self.damage_roll(ctx, expr, purpose=purpose)
        return roll.total, self.ignition_dice(roll), expr

    @abstractmethod
    def explosion_radius(self, roll: DamageRoll) -> int:
        """G-12: blast radius in inches of an explosive Damage roll."""

    @abstractmethod
    def ignition_dice(self, roll: DamageRoll, *, sides: int | None = 4) -> list[int]:
        """R-FIRE-3: the d4-scale ignition dice a fire-like Damage roll brings."""

    @abstractmethod
    def armor_roll(self, ctx: RulesContext, target_id: str, *, damage: int | None = None) -> tuple[int, str]:
        """The target's resistance total now (and its log text); `damage`: the points it resists,
        when known, for a ruleset whose player may spend points on the roll (D6, R-D6-7/8)."""

    @abstractmethod
    def damage_outcome(self, state: GameState, target_id: str, damage: int, armor: int) -> str:
        """What `damage` against a resistance of `armor` does, before it is done:
        "none", "disrupted", "size_lost", "killed", "destroyed" or a ruleset's own (e.g. "wounded")."""

    @abstractmethod
    def suffer(self, ctx: RulesContext, target_id: str, outcome: str, cause: str) -> None:
        """Carry out `outcome` (from `damage_outcome`) on the target, emitting its events."""

    # -- Display ----------------------------------------------------------------------------

    def stat_blocks(self, unit: UnitState) -> dict[str, Any]:
        """Scenario-file stat blocks of the unit as it stands (`Unit.d6`...), for exports."""
        return {}

    def stat_lines(self, unit: UnitState) -> list[StatLine]:
        """The unit's ruleset-specific stats for the inspector and the unit table."""
        return []

    def weapon_terms(self, state: GameState, unit: UnitState, weapon: WeaponState) -> WeaponTerms:
        """What `unit` rolls with `weapon` under this ruleset (BrikWars: its Use rating, R-ACT-3,
        and its Damage dice, R-DICE-1). `unit` and `weapon` may be a timeline snapshot's."""
        return WeaponTerms(f"Use {weapon.use}", str(weapon.damage))


@lru_cache(maxsize=16)
def _stand_in(sides: int) -> UnitState:
    """A unit-shaped stand-in for a roll no unit makes: the die, no stats, fire or Blessings
    (built once per die: a UnitState is slow to make, and the stand-in is only read)."""
    from brikwars_gui.engine.state import UnitState  # the state module imports the rulesets

    return UnitState(id="~stand-in", name="stand-in", team="", pos=(0, 0), skill=sides)

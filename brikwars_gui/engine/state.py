"""Mutable runtime state of a battle, built once from a validated `Scenario`.

Plain dataclasses and numpy arrays (no pydantic in hot paths). `GameState.snapshot()` gives a
JSON-ready dict per turn for the GUI timeline; `copy()` gives an independent deep copy.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from brikwars_gui.engine import visibility
from brikwars_gui.engine.dice.expression import parse_single_die
from brikwars_gui.engine.geometry import FACING_VECTORS, in_range
from brikwars_gui.engine.grid import MAX_CLIMB_BRICKS, Grid
from brikwars_gui.engine.journal import Journaled
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.spatial import RosterMark, UnitIndex
from brikwars_gui.engine.supernatural.setup import build_ledger
from brikwars_gui.engine.supernatural.state import SNLedger

if TYPE_CHECKING:
    from brikwars_gui.scenario.models import Scenario

Cell = tuple[int, int]

#: GRID-9: 3 bricks = 1 inch of elevation.
BRICKS_PER_INCH = 3
#: R-HAZ-7: a minifig's eyes are 1" above its feet (G-1 Size 1"): lower smoke is seen over.
EYE_HEIGHT = 1


@dataclass
class WeaponState(Journaled):
    name: str
    kind: str  # "close" | "ranged" | "thrown"
    use: int
    range: int | None
    damage: str
    damage_type: str = "normal"
    burning: bool = False
    spent: bool = False  # single-use items such as a thrown grenade
    d6_damage: str | None = None  # the D6 ruleset's damage code, None: converted from `damage`
    power_cost: int = 0  # weapon inches of Power one shot draws (hazards/power.py); 0: none
    action_dice: bool = False  # Damage in the wielder's Action dice: Shield d6s block it (R-HAZ-22)

    @property
    def is_close(self) -> bool:
        return self.kind == "close" or self.range is None


_SIGHT_FIELDS = frozenset({"facing", "size", "hidden", "marked"})
"""Unit fields (besides pos, alive, team) that change what a side sees (engine/visibility.py)."""


@dataclass
class UnitState(Journaled):
    """A unit's stats plus everything the turn rules track about it."""

    id: str
    name: str
    team: str
    pos: Cell
    facing: str = "N"
    move: int = 5
    climb: int = MAX_CLIMB_BRICKS  # bricks one step may rise (GRID-9); a ruleset may change it (L916)
    skill: int = 6  # sides of the Skill/Action die (R-DICE-4)
    armor: str = "4"
    size: int = 1
    weight: float = 0.5
    hero: bool = False
    living: bool = True
    heavy_armor: bool = False
    body_armor: bool = False
    carrying_heavy: bool = False
    can_swim: bool = True
    power: int | None = None
    specialties: list[str] = field(default_factory=list)
    weapons: list[WeaponState] = field(default_factory=list)
    scouting_tool: bool = True  # R-SCOUT-1: binoculars, telescope
    apparatus: int = 0  # R-FIRE-11: inches of firefighting apparatus (bucket 1, hose its Size)
    blessings: tuple[int, ...] = ()  # R-DICE-10: sides of SN dice Blessing the Action die
    curses: tuple[int, ...] = ()  # R-DICE-10: sides of SN dice Cursing it
    blessed_part: str | None = None  # R-DICE-12: the weapon whose Actions alone they affect
    # the battle's ruleset's own stats (die codes...) and resources (points, wounds), engine/rulesets
    stats: dict[str, str] = field(default_factory=dict)
    pools: dict[str, int] = field(default_factory=dict)
    # turn bookkeeping
    alive: bool = True
    disrupted: bool = False  # R-MOVE-16: helpless until its next turn
    recovering: bool = False  # R-MOVE-17: Half Speed this turn after Disruption
    stopped: bool = False  # R-MOVE-12: Movement over for this turn
    move_spent: int = 0
    has_moved: bool = False
    action_used: bool = False
    saved_action: bool = False  # R-RESP-1: Action left unspent last own turn
    sprinting: bool = False
    gait: str = ""  # R-MOVE-4/6: "crawl" / "hop" while such a move is carried out (rules/gait_actions)
    full_round: bool = False  # R-ACT-7
    diagonal_parity: int = 0  # GRID-2 alternating diagonal cost within one move
    fire_size: int = 0  # inches of Fire on the unit (R-FIRE-4)
    grinding: int = 0
    marked: bool = False  # R-SCOUT-5
    hidden: bool = False  # G-16
    # Player Turn bookkeeping (rules/movement, rules/actions, session.Game)
    done: bool = False  # its player ended this unit's activation for the turn
    extended_left: int = 0  # R-ACT-8: further own turns an Extended Action still takes
    activity: str = ""  # label of the Full-Round / Extended Action under way
    bonus_move: int = 0  # R-MOVE-18: Sprint inches added to this turn's Move
    armor_shed: str = ""  # R-MOVE-6: "heavy" / "body" Armor it took off (DonArmor puts it back on)
    armor_shed_at: Cell | None = None  # where that Armor lies
    deflection: tuple[int, ...] = ()  # R-SN-38: SN Deflection levels (die sizes), each one die a hit
    sn_roll_bonus: int = 0  # R-SN-39: an SN Action die's ± to its next Action roll, then used up
    diemon: str = ""  # R-SN-2: the Diemon kind ("4pion", ...) of a unit born of an SN die
    summoned_by: str | None = None  # R-SN-20: the caster whose Effect sustains it
    minds: tuple[int, ...] = ()  # R-SN-40: SN Minds (Action die sizes), one more Action each a turn
    minds_used: int = 0  # R-SN-40: Minds that have given their Action back this turn
    flight: int = 0  # R-SN-30: inches of Flight Move (0: it cannot fly)

    def __setattr__(self, name: str, value: Any) -> None:
        # keep the state's unit index right (engine/spatial.py); a rollback comes through here too
        if name == "pos" or name == "alive" or name == "team":
            index = self.__dict__.get("_index")
            if index is not None:
                old_pos, was_alive, old_team = self.pos, self.alive, self.team
                Journaled.__setattr__(self, name, value)
                index.update(self, old_pos, was_alive, old_team)
                return
        elif name == "saved_action" or name == "disrupted":
            index = self.__dict__.get("_index")
            if index is not None:  # who could respond (R-RESP-1), kept per team by the index
                was = bool(self.alive and self.saved_action and not self.disrupted)
                Journaled.__setattr__(self, name, value)
                index.set_responding(self, was)
                return
        elif name in _SIGHT_FIELDS:
            index = self.__dict__.get("_index")
            if index is not None:
                index.touch()
                if name == "hidden" or name == "size":
                    Journaled.__setattr__(self, name, value)
                    (index.set_hidden if name == "hidden" else index.set_size)(self)
                    return
        Journaled.__setattr__(self, name, value)

    @property
    def move_left(self) -> int:
        return 0 if self.stopped else max(0, self.move + self.bonus_move - self.move_spent)

    @property
    def active(self) -> bool:
        """Able to move or act at all this turn."""
        return self.alive and not self.disrupted


@dataclass
class ObjectState(Journaled):
    """A structure: building, tree, wall... with Fire and Grinding Damage (R-FIRE, G-4)."""

    id: str
    name: str
    kind: str
    cells: list[Cell]
    size: int
    weight: float
    armor: str | None = None
    flammable: bool = True
    blocks_movement: bool = True
    blocks_sight: bool = True
    height: int = 9
    owner: str | None = None
    effective_size: int = 0
    grinding: int = 0
    destroyed: bool = False

    @property
    def armor_expression(self) -> str:
        """G-3: Creation Armor = (Weight)d10 unless the scenario says otherwise."""
        if self.armor:
            return self.armor
        return f"{max(1, int(self.weight))}d10"


@dataclass
class FireState(Journaled):
    """A fire on an object or unit (`target`), or a permanent fire field (R-FIRE-2)."""

    id: str
    target: str | None
    cells: list[Cell]
    size: int
    fire_type: str = "fire"
    permanent: str | None = None
    owner: str | None = None
    burnt: list[Cell] = field(default_factory=list)  # R-FIRE-12: cells burnt out (regrow last)


@dataclass
class FieldState(Journaled):
    """A Field Hazard (R-HAZ-1..3): its cells as a bool mask plus the hazard's parameters."""

    id: str
    name: str
    kind: str
    mask: np.ndarray
    dice: str | None = None
    damage_type: str = "normal"
    payload: str = "damage"
    powered: bool = False
    powered_by: str | None = None  # the Creation whose Power its dice draw (hazards/power.py)
    owner: str | None = None
    direction: str | None = None
    height: int | None = 5
    living_only: bool = False
    affects: list[str] = field(default_factory=list)
    triggered: list[Cell] = field(default_factory=list)  # R-HAZ-16: spent concealed spots
    dice_used_this_turn: int = 0  # R-HAZ-5 powered fields

    def cells(self) -> list[Cell]:
        ys, xs = np.nonzero(self.mask)
        return [(int(x), int(y)) for x, y in zip(xs, ys, strict=True)]


@dataclass
class TrapState(Journaled):
    """A Trap (R-TRAP-1..5): a weapon fired when its Trigger (an object or a concealed field) trips."""

    id: str
    name: str
    trigger: str  # id of the trigger object or of a concealed field (R-TRAP-2/4)
    weapon: WeaponState | None = None
    at: Cell | None = None  # where the weapon sits; None = aimed at the trip spot (R-TRAP-4)
    action: int = 4  # Action die: inanimate d4 (R-TRAP-5); Smart Weapon d6 (G-24)
    smart: bool = False  # Programmed Half-Minded: reusable once per turn (R-TRAP-5)
    armed: bool = True
    hidden: bool = False  # secret Trigger (R-TRAP-3), revealed by a Scout (R-SCOUT-4)
    interaction: str | None = None  # required interaction ("code 1234"); None = any (R-TRAP-2)
    owner: str | None = None
    last_fired_turn: int = -1
    area: tuple[Cell, ...] = ()  # R-TRAP-1: cells it fires into; () and no direction = at the tripper
    direction: Cell | None = None  # R-TRAP-1: unit step it fires along from `at`


@dataclass
class HazardLedger(Journaled):
    """Per-turn bookkeeping of the hazard rules (engine/hazards); `turn` counts player turns."""

    turn: int = 0
    exposed: dict[str, set[str]] = field(default_factory=dict)  # G-18: target -> sources this turn
    breath: dict[str, int] = field(default_factory=dict)  # R-HAZ-10: unit -> turn it held its breath
    overload: dict[str, int] = field(default_factory=dict)  # R-HAZ-11: Power inches lost this turn
    power_spent: dict[str, int] = field(default_factory=dict)  # weapons, powered fields, shields
    shield_used: dict[str, dict[int, int]] = field(default_factory=dict)  # R-HAZ-21: field -> sides -> n
    momentum: dict[str, Cell] = field(default_factory=dict)  # R-HAZ-14: unit -> last step direction
    moved: set[str] = field(default_factory=set)  # units that moved during their current turn
    marks: dict[str, list[str]] = field(default_factory=dict)  # R-SCOUT-5: target -> marking scouts
    revealed: dict[str, set[str]] = field(default_factory=dict)  # R-SCOUT-4: team -> revealed ids
    trails: dict[str, set[Cell]] = field(default_factory=dict)  # R-SCOUT-3: team -> safe cells
    fire_seq: int = 0


@dataclass
class PlayerState(Journaled):
    id: str
    name: str
    color: str
    controller: str  # "human" | "ai"
    ai_level: str = "default"  # engine/tactics LEVELS: which AI plays an "ai" player
    defeated: bool = False


@dataclass
class GameState(Journaled):
    """Everything about a battle at one moment."""

    name: str
    width: int
    height: int
    ruleset: str  # name of the engine.rulesets ruleset the battle is played under
    grid: Grid
    players: list[PlayerState]
    turn_order: list[str]
    units: dict[str, UnitState] = field(default_factory=dict)
    objects: dict[str, ObjectState] = field(default_factory=dict)
    fields: dict[str, FieldState] = field(default_factory=dict)
    fires: dict[str, FireState] = field(default_factory=dict)
    traps: dict[str, TrapState] = field(default_factory=dict)
    hazard: HazardLedger = field(default_factory=HazardLedger)
    round: int = 1
    active_index: int = 0
    winner: str | None = None
    over: bool = False
    ruleset_options: dict[str, Any] = field(default_factory=dict)  # the scenario's GM options
    sn: SNLedger = field(default_factory=SNLedger)  # SuperNatural (engine/supernatural), empty: none
    fog_of_war: bool = False  # engine/visibility.py: a side knows only the enemies it sees
    # fog of war: team -> enemy id -> (cell, round, looked away since) of its last sighting
    last_seen: dict[str, dict[str, tuple[Cell, int, bool]]] = field(default_factory=dict)
    # which units `units` holds: replaced (journaled) when one joins or leaves (rules/roster.py)
    roster: RosterMark = field(default_factory=RosterMark, compare=False)

    @property
    def active_player(self) -> str:
        return self.turn_order[self.active_index]

    def player(self, player_id: str) -> PlayerState:
        return next(p for p in self.players if p.id == player_id)

    def living_units(self, team: str | None = None) -> list[UnitState]:
        return [u for u in self.units.values() if u.alive and (team is None or u.team == team)]

    def unit_index(self) -> UnitIndex:
        """Living units by cell and by bucket, kept up to date by their moves (engine/spatial.py);
        rebuilt only when units joined or left the battle (`roster`) or `units` was replaced."""
        index = self.__dict__.get("_units_index")
        if index is None or not index.valid_for(self.units, self.roster):
            index = UnitIndex(self.units, self.roster)
            self.__dict__["_units_index"] = index
        return index

    def objects_touching(self, cell: Cell) -> set[str]:
        """Ids of the objects (destroyed ones too) with a cell within 1" of `cell` (GRID-4).
        Objects never change cells during a game, so the cell → objects map is built once per
        `objects` dict (rebuilt when objects are added, removed or the dict is replaced)."""
        cached = self.__dict__.get("_object_cells")
        if cached is None or cached[0] is not self.objects or cached[1] != len(self.objects):
            by_cell: dict[Cell, set[str]] = {}
            for obj in self.objects.values():
                for x, y in obj.cells:
                    for dx in (-1, 0, 1):
                        for dy in (-1, 0, 1):
                            by_cell.setdefault((x + dx, y + dy), set()).add(obj.id)
            cached = (self.objects, len(self.objects), by_cell)
            self.__dict__["_object_cells"] = cached
        return cached[2].get(cell, set())

    def units_by_id(self) -> list[UnitState]:
        """Every unit (dead ones too) in id order, kept by the unit index (do not change it)."""
        return self.unit_index().by_id

    def unit_at(self, cell: Cell) -> UnitState | None:
        """The living unit on `cell` (the first in `units` order if several pass through it)."""
        here = self.unit_index().by_cell.get(cell)
        return here[0] if here else None

    def occupied(self) -> dict[Cell, str]:
        return {u.pos: u.id for u in self.units.values() if u.alive}

    def occupied_cells(self) -> Mapping[Cell, object]:
        """Cells holding a living unit, for `cell in ...` tests (no copy: do not keep it)."""
        return self.unit_index().by_cell

    def units_near(self, cell: Cell, radius: float) -> list[UnitState]:
        """Living units within `radius` inches (GRID-3) of `cell`, in `units` order."""
        index = self.unit_index()
        found = [u for u in index.near(cell, radius) if in_range(cell, u.pos, radius)]
        found.sort(key=lambda u: index.rank[u.id])
        return found

    def _smoke_mask(self, eye: float | None) -> np.ndarray:
        """Cells under Smoke that block a line of sight (R-HAZ-7, GRID-5). Sight passes over smoke
        lower than the line: with `eye` (the line's lowest height, inches above elevation 0) a
        field blocks where its top (ground + `height`; `height` None = unlimited) reaches `eye`;
        without it, smoke blocks where it is at least a minifig's eye height (1") deep."""
        mask = np.zeros((self.height, self.width), dtype=bool)
        for f in self.fields.values():
            if f.kind != "smoke":
                continue
            if f.height is None:
                mask |= f.mask
            elif eye is None:
                if f.height >= EYE_HEIGHT:
                    mask |= f.mask
            elif not self.grid.elevation.any():  # flat table: one comparison per field
                if f.height >= eye:
                    mask |= f.mask
            else:
                top = self.grid.elevation / BRICKS_PER_INCH + f.height
                mask |= f.mask & (top >= eye)
        return mask

    def _smoke_cached(self, eye: float | None) -> np.ndarray:
        """`_smoke_mask(eye)`, read-only, cached until a smoke field's mask or height changes
        (masks are replaced, never written into: engine/journal.py)."""
        key = tuple((f.mask, f.height) for f in self.fields.values() if f.kind == "smoke")
        cache = self.__dict__.setdefault("_smoke", {})
        hit = cache.get(eye)
        if (
            hit is not None
            and len(hit[0]) == len(key)
            and all(a[0] is b[0] and a[1] == b[1] for a, b in zip(hit[0], key, strict=True))
        ):
            return hit[1]
        mask = self._smoke_mask(eye)
        mask.flags.writeable = False
        cache[eye] = (key, mask)
        return mask

    def smoke_mask(self, eye: float | None = None) -> np.ndarray:
        """Cells under Smoke that block a line of sight (R-HAZ-7, GRID-5), see `_smoke_mask`;
        a writeable copy (`smoke_between` hands out the cached read-only mask)."""
        return self._smoke_cached(eye).copy()

    def smoke_between(self, a: Cell, b: Cell, a_height: float = 1, b_height: float = 1) -> np.ndarray:
        """`smoke_mask` for the sight line between eyes `a_height`/`b_height` inches above cells
        `a` and `b` (unit Size; 1" for a minifig): smoke blocks a cell where its top reaches the
        line's height over that cell (R-HAZ-7), the line rising evenly from one eye to the other.
        Read-only (line-of-sight checks call this in hot loops: level lines share a cached mask;
        a sloping one looks only at the smoke cells whose top lies between the two eyes)."""
        elev = self.grid.elevation
        eye_a = float(elev[a[1], a[0]] / BRICKS_PER_INCH + a_height)
        eye_b = float(elev[b[1], b[0]] / BRICKS_PER_INCH + b_height)
        low = self._smoke_cached(min(eye_a, eye_b))
        if eye_a == eye_b:
            return low
        high = self._smoke_cached(max(eye_a, eye_b))
        between = low & ~high
        if not between.any():
            return high
        ys, xs = np.nonzero(between)
        dx, dy = b[0] - a[0], b[1] - a[1]
        t = np.clip(((xs - a[0]) * dx + (ys - a[1]) * dy) / float(dx * dx + dy * dy or 1), 0.0, 1.0)
        line = eye_a + t * (eye_b - eye_a)
        out = high.copy()
        out[ys, xs] = self._smoke_top()[ys, xs] >= line
        out.flags.writeable = False
        return out

    def _smoke_top(self) -> np.ndarray:
        """Height (inches above elevation 0) of the highest smoke top on each cell; −inf where there
        is no smoke, +inf under unlimited smoke (R-HAZ-7)."""
        top = np.full((self.height, self.width), -np.inf)
        for f in self.fields.values():
            if f.kind == "smoke":
                h = np.inf if f.height is None else self.grid.elevation / BRICKS_PER_INCH + f.height
                top = np.where(f.mask, np.maximum(top, h), top)
        return top

    def copy(self) -> GameState:
        """An independent copy (forecasts from a position play hundreds): a pickle round trip,
        about 10x faster than `copy.deepcopy` here, and it keeps journaled arrays read-only."""
        return pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))

    def trap_known_to(self, team: str, trap: TrapState) -> bool:
        """R-TRAP-3: a secret (hidden) Trap is known only to its owner, and to a team whose Scout
        has spotted it (R-SCOUT-4), until it fires (then `hidden` is cleared for everyone)."""
        if not trap.hidden or (trap.owner is not None and trap.owner == team):
            return True
        return trap.id in self.hazard.revealed.get(team, ())

    def snapshot(self, for_team: str | None = None) -> dict[str, Any]:
        """JSON-ready picture of the battle for the timeline and saved games. With `for_team`,
        the engine as impartial host leaves out the secret Traps and the enemy units that team does
        not know (R-TRAP-3, G-16, fog of war). Under fog of war it holds each side's knowledge at
        that moment (`fog`: team -> the enemy ids it sees and its `last_seen` memory), so the
        timeline shows a player only what it knew then."""
        traps = {k: v for k, v in self.traps.items() if for_team is None or self.trap_known_to(for_team, v)}
        units = {
            k: v
            for k, v in self.units.items()
            if for_team is None or visibility.unit_visible_to(self, for_team, v)
        }
        picture = picture_of(self.round, self.active_player, self.winner, self.snapshot_parts(units, traps))
        if self.fog_of_war:
            picture["fog"] = self.fog_pictures()
        return picture

    def snapshot_parts(self, units: dict | None = None, traps: dict | None = None) -> tuple:
        """What `picture_of` converts: (units, objects, fires, traps, fields, sn or None)."""
        sn = self.sn if self.sn.active else None
        units = self.units if units is None else units
        return (units, self.objects, self.fires, self.traps if traps is None else traps, self.fields, sn)

    def fog_pictures(self) -> dict[str, Any]:
        """Each side's knowledge now (`snapshot`'s `fog`)."""
        return {team: self._fog_picture(team) for team in self.turn_order}

    def _fog_picture(self, team: str) -> dict[str, Any]:
        hidden = visibility.hidden_from(self, team)
        memory = visibility.last_seen(self, team)
        return {
            "enemies": sorted(k for k, u in self.units.items() if u.team != team and k not in hidden),
            "last_seen": {k: [list(at), rnd] for k, (at, rnd) in sorted(memory.items())},
        }

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> GameState:
        width, height = scenario.battlefield.width, scenario.battlefield.height
        units = {
            u.id: UnitState.fresh(  # not UnitState(...): no __setattr__ per field (issue 26)
                id=u.id,
                name=u.name,
                team=u.team,
                pos=(u.position[0], u.position[1]),
                facing=str(u.facing),
                move=u.move,
                skill=parse_single_die(u.skill),
                armor=u.armor,
                size=u.size,
                weight=u.weight,
                hero=u.hero,
                living=u.living,
                heavy_armor=u.heavy_armor,
                body_armor=u.body_armor,
                carrying_heavy=u.carrying_heavy,
                can_swim=u.can_swim,
                power=u.power,
                specialties=list(u.specialties),
                hidden=u.hidden,
                scouting_tool=u.scouting_tool,
                apparatus=u.apparatus,
                blessings=tuple(parse_single_die(d) for d in u.blessings),
                curses=tuple(parse_single_die(d) for d in u.curses),
                blessed_part=u.blessed_part,
                weapons=[
                    WeaponState.fresh(
                        name=w.name,
                        kind=str(w.kind),
                        use=w.use,
                        range=w.range,
                        damage=w.damage,
                        damage_type=str(w.damage_type),
                        burning=w.burning,
                        power_cost=w.power_cost,
                        action_dice=w.damage_in_action_dice,
                    )
                    for w in u.weapons
                ],
            )
            for u in scenario.units
        }
        objects = {
            o.id: ObjectState(
                id=o.id,
                name=o.name,
                kind=o.kind,
                cells=o.iter_cells(),
                size=o.size,
                weight=o.weight,
                armor=o.armor,
                flammable=o.flammable,
                blocks_movement=o.blocks_movement,
                blocks_sight=o.blocks_sight,
                height=o.height,
                owner=o.owner,
                effective_size=o.size,
            )
            for o in scenario.objects
        }
        fields: dict[str, FieldState] = {}
        for h in scenario.hazards:
            mask = np.zeros((height, width), dtype=bool)
            for x, y in h.iter_cells():
                mask[y, x] = True
            fields[h.id] = FieldState(
                id=h.id,
                name=h.name or h.id,
                kind=str(h.kind),
                mask=mask,
                dice=h.dice,
                damage_type=str(h.damage_type),
                payload=h.payload,
                powered=h.powered or h.powered_by is not None,
                powered_by=h.powered_by,
                owner=h.owner,
                direction=str(h.direction) if h.direction else None,
                height=h.height,
                living_only=h.living_only,
                affects=list(h.affects),
            )
        fires = {
            f.id: FireState(
                id=f.id,
                target=f.object,
                cells=[(c[0], c[1]) for c in f.cells],
                size=f.size,
                fire_type=str(f.fire_type),
                permanent=str(f.permanent) if f.permanent else None,
                owner=f.owner,
            )
            for f in scenario.fires
        }
        for fire in fires.values():
            if fire.target in units:
                units[fire.target].fire_size = fire.size
        players = [PlayerState(p.id, p.name, p.color, p.controller, p.ai_level) for p in scenario.players]
        order = list(scenario.turn_order) or [p.id for p in scenario.players]
        state = cls(
            name=scenario.name,
            width=width,
            height=height,
            ruleset=scenario.ruleset,
            grid=Grid.from_scenario(scenario),
            players=players,
            turn_order=order,
            units=units,
            objects=objects,
            fields=fields,
            fires=fires,
            traps=_traps_from(scenario),
            fog_of_war=scenario.fog_of_war,
        )
        find_ruleset(state.ruleset).setup(state, scenario)
        build_ledger(state, scenario)  # Chapter D; refused under a ruleset that cannot play it
        return state


_FIELD_SNAPSHOT = ("id", "kind", "dice", "triggered")
_SCALARS = frozenset({str, int, float, bool, type(None)})
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def plain(value: Any) -> Any:
    """`dataclasses.asdict` for state, ~5x faster (the per-turn timeline snapshots): dataclasses
    become dicts of their fields, lists/dicts/sets plain copies; immutable tuples are shared."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple:
        if all(type(v) in _SCALARS for v in value):
            return value
        return tuple(plain(v) for v in value)
    names = _FIELD_NAMES.get(kind)
    if names is None and is_dataclass(value):
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(value))
    if names is not None:
        attrs = value.__dict__
        return {n: plain(attrs[n]) for n in names}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        items = {plain(v) for v in value}
        return frozenset(items) if kind is frozenset else items
    return copy.deepcopy(value)


def picture_of(round_: int, active_player: str, winner: str | None, parts: tuple) -> dict[str, Any]:
    """`GameState.snapshot` without `fog`, from (units, objects, fires, traps, fields, sn or None):
    also what `engine.snapshots` builds from a pickled copy of those when a turn is first read."""
    units, objects, fires, traps, fields_, sn = parts
    picture = {
        "round": round_,
        "active_player": active_player,
        "winner": winner,
        "units": {k: plain(v) for k, v in units.items()},
        "objects": {k: plain(v) for k, v in objects.items()},
        "fires": {k: plain(v) for k, v in fires.items()},
        "traps": {k: plain(v) for k, v in traps.items()},
        "fields": {
            k: {**{n: plain(getattr(v, n)) for n in _FIELD_SNAPSHOT}, "cells": v.cells()}
            for k, v in fields_.items()
        },
    }
    if sn is not None:  # Chapter D: dice chips, Effects (none in a battle without SN units)
        picture["sn"] = plain(sn)
    return picture


def _traps_from(scenario: Scenario) -> dict[str, TrapState]:
    """Traps of the scenario (R-TRAP-1..5); absent in files without a `traps` list."""
    out: dict[str, TrapState] = {}
    for t in getattr(scenario, "traps", ()):
        w = t.weapon
        weapon = WeaponState(w.name, str(w.kind), w.use, w.range, w.damage, str(w.damage_type), w.burning)
        out[t.id] = TrapState(
            id=t.id,
            name=t.name or t.id,
            trigger=t.trigger,
            weapon=weapon,
            at=(t.at[0], t.at[1]) if t.at is not None else None,
            action=parse_single_die(t.action),
            smart=t.smart,
            armed=t.armed,
            hidden=t.hidden,
            interaction=t.interaction,
            owner=t.owner,
            area=tuple((c[0], c[1]) for c in t.area),
            direction=FACING_VECTORS[t.direction] if t.direction is not None else None,
        )
    return out

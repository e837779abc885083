"""Pydantic v2 models of a scenario / saved-game file (`format_version` 2; 1 is migrated on load).

These models are the I/O boundary only: the engine converts a validated `Scenario` into its
own runtime state and numpy arrays, and never validates inside per-cell loops.
Coordinates are cells (1 cell = 1 inch), `[x, y]` with `[0, 0]` the top-left cell.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from brikwars_gui.engine.dice.expression import parse_dice, parse_single_die
from brikwars_gui.scenario.consistency import ScenarioChecker
from brikwars_gui.scenario.kinds import (
    DamageType,
    Facing,
    FireType,
    HazardKind,
    PermanentFireKind,
    TerrainKind,
    WeaponKind,
)
from brikwars_gui.scenario.limits import MAX_FIRE_SIZE, MAX_POWER, MAX_REACH, MAX_SIDE, MAX_SMOKE_HEIGHT
from brikwars_gui.scenario.ruleset_models import (
    FORMAT_VERSION,
    READABLE_VERSIONS,
    D6Options,
    D6Stats,
    NinePowersBlock,
    NinePowersOptions,
    RulesetName,
    d6_code_or_none,
)
from brikwars_gui.scenario.sn_models import SupernaturalBlock

Coordinate = Annotated[int, Field(ge=0, lt=MAX_SIDE)]
Extent = Annotated[int, Field(ge=1, le=MAX_SIDE)]

Cell = tuple[Coordinate, Coordinate]
"""A cell `[x, y]` on the battlefield (no battlefield is wider or deeper than `MAX_SIDE`)."""

Rect = tuple[Coordinate, Coordinate, Extent, Extent]
"""A rectangle `[x, y, width, height]` of cells; bounded so it never expands past a full-size map."""


class Strict(BaseModel):
    """Base for every file model: unknown fields are errors, so typos never pass silently."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)


def _dice_text(value: str) -> str:
    parse_dice(value)
    return value


def _single_die_text(value: str) -> str:
    parse_single_die(value)
    return value


def _number_as_text(value: Any) -> Any:
    """A plain number is a fixed roll: `"armor": 4` in a file reads as the dice text `"4"`."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


DiceText = Annotated[str, BeforeValidator(_number_as_text), Field(min_length=1)]
"""A dice expression such as `1d6+1`, `2d4` or `4` (a bare JSON number is accepted too)."""


class Area(Strict):
    """A set of cells given as explicit cells and/or rectangles (compact for big maps)."""

    cells: list[Cell] = Field(default_factory=list)
    rects: list[Rect] = Field(default_factory=list)

    def iter_cells(self) -> list[tuple[int, int]]:
        """Every distinct cell, in a stable order (rects first, then listed cells)."""
        seen: dict[tuple[int, int], None] = {}
        for x, y, w, h in self.rects:
            for yy in range(y, y + h):
                for xx in range(x, x + w):
                    seen[(xx, yy)] = None
        for cell in self.cells:
            seen[(cell[0], cell[1])] = None
        return list(seen)

    def bounding_box(self) -> tuple[int, int, int, int] | None:
        """`(x, y, width, height)` of the smallest rectangle holding every cell; None if empty."""
        xs: list[int] = []
        ys: list[int] = []
        for x, y, w, h in self.rects:
            xs += (x, x + w - 1)
            ys += (y, y + h - 1)
        for x, y in self.cells:
            xs.append(x)
            ys.append(y)
        if not xs:
            return None
        return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1

    def contains(self, cell: tuple[int, int]) -> bool:
        """Whether `cell` is one of the area's cells."""
        x, y = cell
        if any(rx <= x < rx + w and ry <= y < ry + h for rx, ry, w, h in self.rects):
            return True
        return any(c[0] == x and c[1] == y for c in self.cells)


class TerrainRegion(Area):
    kind: TerrainKind
    elevation: int = Field(default=0, ge=0, le=60, description="height in bricks (3 = 1 inch)")


class Battlefield(Strict):
    width: int = Field(ge=1, le=MAX_SIDE, description="inches (cells) across")
    height: int = Field(ge=1, le=MAX_SIDE, description="inches (cells) deep")

    def contains(self, cell: tuple[int, int]) -> bool:
        """Whether `cell` lies on the table."""
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height


class Weapon(Strict):
    name: str = Field(min_length=1)
    kind: WeaponKind = WeaponKind.RANGED
    use: int = Field(ge=0, le=20, description="Use rating; 0 = trivial, no roll (R-ACT-3)")
    range: int | None = Field(default=None, ge=0, le=MAX_REACH, description="inches; null for close combat")
    damage: DiceText
    damage_type: DamageType = DamageType.NORMAL
    burning: bool = Field(default=False, description="made to burn (torch): no -1d4 Action")
    d6_damage: str | None = Field(default=None, description="D6 damage code; null: converted from damage")
    power_cost: int = Field(
        default=0, ge=0, le=40, description="Power one shot draws, in weapon inches (its Weapon Size)"
    )
    damage_in_action_dice: bool = Field(
        default=False,
        description="damage is rolled in the wielder's Action dice (write them with its die, e.g. 2d8); "
        "Energy Shields block them with d6s (R-HAZ-22)",
    )

    _check_damage = field_validator("damage")(_dice_text)
    _check_d6 = field_validator("d6_damage")(d6_code_or_none)


class Unit(Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    team: str = Field(min_length=1, description="player id that controls the unit")
    position: Cell
    facing: Facing = Facing.N
    move: int = Field(default=5, ge=0, le=100, description="Move in inches (R-MOVE-2)")
    skill: str = Field(default="d6", description="Skill/Action die, exactly one die (R-DICE-4)")
    armor: DiceText = Field(default="4", description="Armor roll: fixed number or dice (G-1)")
    size: int = Field(default=1, ge=0, le=40, description="inches (G-5 Target Size)")
    weight: float = Field(default=0.5, ge=0, le=5, description="Weight class (G-6)")
    hero: bool = False
    living: bool = True
    heavy_armor: bool = False
    body_armor: bool = False
    carrying_heavy: bool = False
    can_swim: bool = True
    power: int | None = Field(default=None, ge=0, le=MAX_POWER, description="Power limit in weapon inches")
    specialties: list[Literal["scout"]] = Field(default_factory=list)
    scouting_tool: bool = Field(
        default=True, description="a Scout carries binoculars or a telescope (R-SCOUT-1)"
    )
    hidden: bool = Field(
        default=False, description="invisible to enemies until it attacks or a Scout sees it (G-16)"
    )
    apparatus: int = Field(
        default=0, ge=0, le=40, description="firefighting apparatus in inches: bucket 1, hose its Size"
    )
    blessings: list[str] = Field(
        default_factory=list, description="SN dice Blessing its Action die, e.g. d8 (R-DICE-10)"
    )
    curses: list[str] = Field(default_factory=list, description="SN dice Cursing its Action die (R-DICE-10)")
    blessed_part: str | None = Field(
        default=None, description="R-DICE-12: the weapon whose Actions alone the SN dice affect; null: all"
    )
    weapons: list[Weapon] = Field(default_factory=list)
    d6: D6Stats | None = Field(default=None, description="D6 System stat block; null: converted")
    ninepowers: NinePowersBlock | None = Field(default=None, description="Nine Powers stats; null: converted")
    supernatural: SupernaturalBlock | None = Field(
        default=None, description="SN Cliché, Talismans and Effects, or a Diemon's binding (Chapter D)"
    )

    _check_skill = field_validator("skill")(_single_die_text)
    _check_armor = field_validator("armor")(_dice_text)

    @field_validator("blessings", "curses")
    @classmethod
    def _check_sn_dice(cls, value: list[str]) -> list[str]:
        return [_single_die_text(v) for v in value]

    @model_validator(mode="after")
    def _action_dice_weapons_use_the_action_die(self) -> Unit:
        """R-HAZ-22: Damage in Action dice is rolled with the wielder's own Action die."""
        sides = parse_single_die(self.skill)
        for i, w in enumerate(self.weapons):
            if w.damage_in_action_dice and any(t.sides != sides for t in parse_dice(w.damage).terms):
                raise ValueError(
                    f"weapons[{i}].damage: {w.damage} is not in the unit's {self.skill} Action dice "
                    "(damage_in_action_dice, R-HAZ-22)"
                )
        return self

    @model_validator(mode="after")
    def _sn_dice_cover_the_action_die(self) -> Unit:
        """R-DICE-10: an SN die Blesses or Curses only an Action die of its size or smaller."""
        sides = parse_single_die(self.skill)
        for name, verb in (("blessings", "Bless"), ("curses", "Curse")):
            for i, text in enumerate(getattr(self, name)):
                if parse_single_die(text) < sides:
                    raise ValueError(
                        f"{name}[{i}]: a {text} cannot {verb} the {self.skill} Action die "
                        "(R-DICE-10: only one of its size or smaller)"
                    )
        if self.blessed_part is not None and self.blessed_part not in {w.name for w in self.weapons}:
            raise ValueError(f"blessed_part: {self.blessed_part!r} is not one of its weapons (R-DICE-12)")
        return self


class StructureObject(Area):
    """A building, wall, tree, vehicle hulk...: the cells it covers plus its structure stats."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    kind: str = Field(default="building", description="free label: building, tree, crate, ...")
    size: int = Field(ge=0, le=60, description="Size in inches (Fire Size cap, R-FIRE-4)")
    weight: float = Field(ge=0, le=5, description="Weight class / Structure Level (A-1, G-6)")
    armor: DiceText | None = Field(default=None, description="default: (Weight)d10 (G-3)")
    flammable: bool = True
    blocks_movement: bool = True
    blocks_sight: bool = True
    height: int = Field(default=9, ge=0, le=120, description="bricks; LoS and leaping")
    owner: str | None = None

    _check_armor = field_validator("armor")(lambda v: v if v is None else _dice_text(v))


class HazardField(Area):
    id: str = Field(min_length=1)
    name: str = ""
    kind: HazardKind
    dice: DiceText | None = Field(default=None, description="Hazard Dice, e.g. 2d6, 1d4, 1d10")
    damage_type: DamageType = DamageType.NORMAL
    payload: Literal["damage", "move"] = Field(
        default="damage", description="for concealed fields: Damage dice or a d6-inch Move effect"
    )
    powered: bool = Field(default=False, description="Creation-powered: each die once per turn")
    powered_by: str | None = Field(
        default=None, description="unit id of the Creation whose Power each die draws (makes it powered)"
    )
    owner: str | None = None
    direction: Facing | None = Field(default=None, description="current direction")
    height: int | None = Field(
        default=5, ge=0, le=MAX_SMOKE_HEIGHT, description="smoke height in inches; null = no cap"
    )
    living_only: bool = Field(default=False, description="toxic gas: affects living only")
    affects: list[str] = Field(
        default_factory=list, description="spiked: unit/object kinds it works on; empty = all"
    )

    _check_dice = field_validator("dice")(lambda v: v if v is None else _dice_text(v))

    def field_size(self) -> int:
        """Field Size in inches: max(bounding-box width, height) (R-HAZ-2, GRID-8); 0 if empty."""
        box = self.bounding_box()
        return 0 if box is None else max(box[2], box[3])

    def dice_count(self) -> int:
        """How many Hazard Dice the field has (0 for smoke); compared with `field_size` (R-HAZ-4)."""
        return 0 if self.dice is None else parse_dice(self.dice).dice_count


class Fire(Strict):
    """A fire: either burning on an object (`object` set, `size` inches) or a permanent field."""

    id: str = Field(min_length=1)
    object: str | None = Field(default=None, description="id of the burning object or unit")
    cells: list[Cell] = Field(default_factory=list, description="burning cells")
    size: int = Field(default=1, ge=0, le=MAX_FIRE_SIZE, description="Fire Size in inches")
    fire_type: FireType = FireType.FIRE
    permanent: PermanentFireKind | None = Field(
        default=None, description="set for a permanent fire (campfire, lava): never changes"
    )
    owner: str | None = Field(default=None, description="player who set it (turnless objects)")


AI_LEVELS = ("default", "easy", "normal", "hard", "passive")
"""The AIs a player can be given (docs/ai.md); engine/tactics `make_player` builds them."""
AILevel = Literal["default", "easy", "normal", "hard", "passive"]


class Player(Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    color: str = Field(default="#888888", pattern=r"^#[0-9a-fA-F]{6}$")
    controller: Literal["human", "ai"] = "ai"
    ai_level: AILevel = Field(
        default="default",
        description="the AI that plays this player when its controller is 'ai': 'default' is engine/ai.py, "
        "'easy'/'normal'/'hard' the tactical AI's presets (engine/tactics), 'passive' gives no orders",
    )


class Scenario(Strict):
    """A whole scenario file; saved games add `state` (engine-owned) in later formats.

    Besides the per-field checks, a scenario must be consistent as a whole (ids unique, every
    position on the table, teams are players, ...): see `problems()`. Construction and
    validation raise one error listing every problem, each starting with its JSON path.
    """

    format_version: Literal[2] = FORMAT_VERSION
    name: str = Field(min_length=1)
    description: str = ""
    ruleset: RulesetName = Field(default="brikwars", description="engine/rulesets: how rolls resolve")
    d6: D6Options = Field(default_factory=D6Options, description="GM options of the D6 ruleset")
    ninepowers: NinePowersOptions = Field(
        default_factory=NinePowersOptions, description="GM options of the Nine Powers ruleset"
    )
    battlefield: Battlefield
    terrain: list[TerrainRegion] = Field(default_factory=list)
    objects: list[StructureObject] = Field(default_factory=list)
    units: list[Unit] = Field(default_factory=list)
    hazards: list[HazardField] = Field(default_factory=list)
    fires: list[Fire] = Field(default_factory=list)
    traps: list[Trap] = Field(default_factory=list, description="Traps (R-TRAP-1..5); see Trap below")
    players: list[Player] = Field(min_length=1)
    turn_order: list[str] = Field(default_factory=list, description="player ids; default: listed")
    fog_of_war: bool = Field(
        default=False,
        description="each side knows only the enemy units its own units see (Cone of Vision and line "
        "of sight, GRID-5/6); docs/rules-decisions.md 'Fog of war'",
    )

    @field_validator("format_version", mode="before")
    @classmethod
    def _known_version(cls, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            raise PydanticCustomError(
                "format_version",
                "expected the integer {expected}, got {got}",
                {"expected": FORMAT_VERSION, "got": repr(value)},
            )
        if value not in READABLE_VERSIONS:
            raise PydanticCustomError(
                "format_version",
                "unsupported version {got}; this program reads version {expected} (and migrates {old})",
                {"expected": FORMAT_VERSION, "got": value, "old": "1"},
            )
        return FORMAT_VERSION  # older data was migrated (`migrate_scenario_data`) before this

    def __setattr__(self, name: str, value: Any) -> None:
        # pydantic runs the whole-scenario check after storing an assigned value; undo the
        # assignment when that check fails, so a rejected edit leaves the scenario unchanged.
        if name not in type(self).model_fields:
            super().__setattr__(name, value)
            return
        old = self.__dict__.get(name)
        was_set = name in self.model_fields_set
        try:
            super().__setattr__(name, value)
        except ValidationError:
            self.__dict__[name] = old
            if not was_set:
                self.model_fields_set.discard(name)
            raise

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        problems = self.problems()
        if problems:
            raise PydanticCustomError(
                "scenario_consistency", "{summary}", {"summary": "\n".join(problems), "problems": problems}
            )
        return self

    # -- helpers for the engine and the GUI --------------------------------------------------

    def player_ids(self) -> list[str]:
        """Player ids in the order listed."""
        return [p.id for p in self.players]

    def effective_turn_order(self) -> list[str]:
        """`turn_order` if given, else the players in the order listed (G-24)."""
        return list(self.turn_order) if self.turn_order else self.player_ids()

    def units_of(self, player_id: str) -> list[Unit]:
        """The units a player controls, in file order."""
        return [u for u in self.units if u.team == player_id]

    def find(self, entity_id: str) -> Unit | StructureObject | HazardField | Fire | None:
        """The unit, object, hazard field or fire with this id (ids are unique across all four)."""
        for group in (self.units, self.objects, self.hazards, self.fires):
            for item in group:
                if item.id == entity_id:
                    return item
        return None

    def terrain_at(self) -> dict[tuple[int, int], TerrainRegion]:
        """The region that decides each covered cell; later regions paint over earlier ones.

        Cells in no region are open ground at elevation 0.
        """
        result: dict[tuple[int, int], TerrainRegion] = {}
        for region in self.terrain:
            for cell in region.iter_cells():
                result[cell] = region
        return result

    def problems(self) -> list[str]:
        """Every cross-field problem as `json.path: message`; empty when the scenario is sound."""
        return ScenarioChecker(self).run()


class Trap(Strict):
    """A Trap: a weapon fired when its Trigger trips (R-TRAP-1..5).

    `trigger` is the id of an object (any interaction with it, or only `interaction`) or of a
    concealed hazard field (pressure plates: the weapon aims at the spot that went off, R-TRAP-4).
    A plain Weapon Trap fires once until a technician resets it, with the inanimate Action d4; a
    `smart` Trap re-arms itself every turn and may have a larger Action die (R-TRAP-5, G-24).
    Its aim (R-TRAP-1): with neither `area` nor `direction` it attacks whoever tripped it (the
    operator of the object, the spot of the plate); with `area` it attacks the unit in those cells
    nearest the weapon (murder holes, a turret's field of fire); with `direction` the first unit
    along that line from `at` within the weapon's Range (a dart trap down a corridor). An aimed
    Trap hits its operator only when he stands in its aim.
    """

    id: str = Field(min_length=1)
    name: str = ""
    trigger: str = Field(min_length=1, description="id of the trigger object or concealed hazard field")
    weapon: Weapon
    at: Cell | None = Field(default=None, description="where the weapon sits; null = at the trip spot")
    action: str = Field(default="d4", description="Action die: d4 inanimate (R-TRAP-5); smart: d6")
    smart: bool = False
    armed: bool = True
    hidden: bool = Field(default=False, description="secret Trigger, revealed by a Scout (R-TRAP-3)")
    interaction: str | None = Field(default=None, description="required interaction; null = any")
    owner: str | None = None
    area: list[Cell] = Field(
        default_factory=list, description="cells the Trap fires into (R-TRAP-1); empty = at whoever trips it"
    )
    direction: Facing | None = Field(
        default=None, description="the Trap fires from `at` along this direction (R-TRAP-1); needs `at`"
    )

    _check_action = field_validator("action")(_single_die_text)

    @model_validator(mode="after")
    def _one_aim(self) -> Trap:
        if self.area and self.direction is not None:
            raise ValueError("area and direction: a Trap aims at an area or along a direction, not both")
        if self.direction is not None and self.at is None:
            raise ValueError("direction: a Trap aimed along a direction needs `at` (where the weapon sits)")
        return self


Scenario.model_rebuild()

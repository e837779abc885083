"""Chapter D as data: elements per die (R-SN-1), the Aspects a die may be spent on (R-SN-23), the
Diemons (R-SN-2) and the template vocabulary the scenario file uses (R-SN-7)."""

from __future__ import annotations

#: R-SN-1: the element of each SN die.
ELEMENTS = {4: "fire", 6: "earth", 8: "air", 10: "metal", 12: "magik", 20: "water"}
#: R-SN-1, R-SN-34: a d4's Damage is Fire of the caster's element variant (a Chapter F fire type).
FIRE_VARIANTS = ("fire", "acid", "poison")

#: R-SN-23: the Aspect each die may be spent on, with its sign, as a plan step names it
#: (`<talisman>:<aspect>`). `creature` is the first die of a summoning (R-SN-20). `range` carries
#: the Effect toward its target; `range+`/`range-` go onto a weapon's Range (R-SN-24).
ASPECTS = (
    "range",
    "range+",
    "range-",
    "damage+",
    "damage-",
    "armor+",
    "armor-",
    "deflect+",
    "move+",
    "move-",
    "flight+",
    "flight-",
    "action+",
    "action-",
    "bless",
    "curse",
    "mind",
    "creature",
)
#: Aspects whose die joins a rated stat and rolls at each use, not when spent (R-SN-36, R-DICE-10;
#: a Mind rolls as the unit's Action die, R-SN-40).
JOINED_ASPECTS = frozenset({"armor+", "armor-", "deflect+", "bless", "curse", "mind"})
#: Aspects whose die is not rolled when spent: the joined ones, and a summoning's first die (the
#: Diemon is the die; it rolls as the Diemon's Action and Move, R-SN-2).
UNROLLED_ASPECTS = JOINED_ASPECTS | {"creature"}
#: Aspects that change a unit's stats while the Effect lasts (effects.py records each change):
#: all but carrying the Effect (Range), a weapon's Range and Damage, and a summoning's first die.
STAT_ASPECTS = frozenset(ASPECTS) - {"range", "range+", "range-", "damage+", "damage-", "creature"}

#: R-SN-7: what a template may be cast on. `self`, `ally` (a willing friend, or itself), `hostile`
#: (an enemy unit), `unit` (any unit), `object`, `cell` (a point on the map: bursts, summons),
#: `weapon` (a unit's weapon, `"<unit>:<weapon>"`: its Damage rating, R-SN-34/35).
TARGET_KINDS = ("self", "ally", "hostile", "unit", "object", "cell", "weapon")
#: How the Effect takes shape: a `bolt` lands on what stands at its point, an `arc` adds a 45°
#: cone for each d8 Range die (R-SN-27), a `creature` summons a Diemon (R-SN-20).
FORMS = ("bolt", "arc", "creature")

#: R-SN-2: the Diemon each die releases.
DIEMONS = {4: "4pion", 6: "6creant", 8: "8vian", 10: "10amyte", 12: "12vard"}
#: Diemons this part plays (R-SN-2/3/5); the 8vian and 12vard come with flight and phasing.
PLAYED_DIEMONS = frozenset({"4pion", "6creant", "10amyte"})
#: R-SN-2: (Size, Armor, Weight) of each Diemon; Vermin are Size 0, Armor 0 (A-14).
DIEMON_STATS = {
    "4pion": (0, "0", 0.5),
    "6creant": (1, "1d6", 0.5),
    "8vian": (0, "0", 0.5),
    "10amyte": (0, "0", 0.5),
    "12vard": (0, "0", 0.5),
}
#: R-SN-20: Aspects that augment a summoned Creature (Armor joins its Armor, Damage its natural
#: weapon, Movement its Move roll).
AUGMENTS = ("armor+", "damage+", "move+")
#: R-SN-5, R-SN-28: a 10amyte's blast reaches 2" (one d10).
DETONATE_RADIUS = 2
#: R-SN-28: each d10 in any Aspect adds this many inches of radius.
RADIUS_PER_D10 = 2
#: GRID-4: touching distance for a free Effect (R-SN-10).
TOUCH = 1


def allowed_aspects(target: str, form: str) -> frozenset[str]:
    """The Aspects a template of this target kind and form can use (R-SN-7/23): the scenario
    refuses a template naming another, and a `Cast` never offers one."""
    if form == "creature":  # R-SN-20: the first die releases it, further dice augment it
        return frozenset({"range", "creature", *AUGMENTS})
    if target == "weapon":  # R-SN-24/34/35: Range to the weapon, Range onto its Range, Damage dice
        return frozenset({"range", "range+", "range-", "damage+", "damage-"})
    out = set(ASPECTS) - {"creature", "damage-", "range+", "range-"}
    if target == "object":
        out -= STAT_ASPECTS  # stat changes need a unit (a cell's area may hold units)
    if target == "self":
        out.discard("range")
    return frozenset(out)

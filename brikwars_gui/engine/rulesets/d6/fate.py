"""R-D6-10 in a battle: the moral-code reckoning of Fate Points at the battle's end and the GM's
optional limits on experienced characters (readings in docs/rules-decisions.md, "R-D6-10").

* `reckon(ctx)`: each living unit keeping the heroic code gets back the Fate Points it spent on
  deeds for the code (foes brought down alive) and loses one more for each spent against it (a
  life taken), judged from the battle's events; one `FateReckoned` event per unit concerned.
* `fate_limit(state, unit)`: "climax" (9D+ in two or more skills: only the climactic Fate Point),
  "story" (6D+: only on its own Action rolls) or "" when the scenario's `fate_point_limits` is off.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.rulesets.d6.terms import STATS, _code

if TYPE_CHECKING:
    from brikwars_gui.engine.context import RulesContext
    from brikwars_gui.engine.state import GameState, UnitState

#: the skills R-D6-10's limits count (strength is an attribute: Physique)
SKILLS = STATS[:-1]
#: outcomes of a living unit that bring it down without taking its life ("to justice")
SUBDUED = frozenset({"stunned", "wounded", "incapacitated"})
#: the pools flag of a unit keeping the heroic code (its D6 block's `moral_code`)
HEROIC = "heroic"


@register_event
class FateReckoned(Event):
    """R-D6-10 at the battle's end: Fate Points earned back for the moral code, lost against it."""

    kind = "fate_reckoned"
    unit: str
    earned_back: int
    taken: int
    fate_points: int

    def describe(self) -> str:
        parts = []
        if self.earned_back:
            parts.append(f"earns back {self.earned_back} Fate Point(s) spent bringing foes down alive")
        if self.taken:
            parts.append(f"loses {self.taken} more for Fate Point(s) spent taking a life")
        what = " and ".join(parts) or "keeps its Fate Points as they are"
        return f"{self.unit} {what}: {self.fate_points} left (heroic code, R-D6-10)"


def fate_limit(state: GameState, unit: UnitState) -> str:
    """R-D6-10's optional GM limit on the unit's Fate Points ("", "story" or "climax")."""
    if not state.ruleset_options.get("fate_point_limits"):
        return ""
    dice = sorted((_code(unit.stats[s])[0] for s in SKILLS if s in unit.stats), reverse=True)
    if len(dice) < 2:
        return ""
    return "climax" if dice[1] >= 9 else "story" if dice[1] >= 6 else ""


def _verdicts(state: GameState, events: Iterable[Event]) -> dict[str, list[str]]:
    """unit id -> the verdict of each of its Fate-Point deeds ("for", "against" or "neither").

    A deed is an attack whose Action roll a Fate Point doubled ("yes"), or all the attacks of a
    unit's climactic round ("climax": one point); its harm is every Armor roll of a living unit
    other than the attacker from that attack until the next attack."""
    deeds: dict[tuple[str, Any], list[str]] = {}
    current: tuple[str, Any] | None = None
    for index, event in enumerate(events):
        if event.kind == "attacked":
            fate = (event.roll or {}).get("fate_point")  # type: ignore[attr-defined]
            attacker = event.attacker  # type: ignore[attr-defined]
            current = None
            if fate in ("yes", "climax"):
                current = (attacker, index if fate == "yes" else "climax")
                deeds.setdefault(current, [])
        elif event.kind in ("turn_ended", "game_over"):
            current = None
        elif event.kind == "armor_rolled" and current is not None:
            target = state.units.get(event.target)  # type: ignore[attr-defined]
            if target is not None and target.living and target.id != current[0]:
                deeds[current].append(event.outcome)  # type: ignore[attr-defined]
    out: dict[str, list[str]] = {}
    for (unit_id, _), outcomes in deeds.items():
        verdict = (
            "against" if "killed" in outcomes else "for" if SUBDUED.intersection(outcomes) else "neither"
        )
        out.setdefault(unit_id, []).append(verdict)
    return out


def reckon(ctx: RulesContext) -> None:
    """R-D6-10 at the end of the battle ("the game"): the heroic units' Fate-Point deeds judged."""
    state = ctx.state
    for unit_id, verdicts in sorted(_verdicts(state, list(ctx.events)).items()):
        unit = state.units.get(unit_id)
        if unit is None or not unit.alive or not unit.pools.get(HEROIC):
            continue
        back, taken = verdicts.count("for"), verdicts.count("against")
        unit.pools["fp"] = max(0, unit.pools.get("fp", 0) + back - taken)
        ctx.emit(FateReckoned(unit_id, back, taken, unit.pools["fp"]))

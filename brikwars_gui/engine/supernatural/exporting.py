"""SuperNatural in an exported position (`engine/export.scenario_from_state`, `run --save`).

A scenario file has no place for Effects under way (design map S2), so the position is written as
if every Effect had ended: each unit with its own Armor, Weight, Blessings, Curses and weapons (the
SN changes taken off, `EffectState.mods`), its Cliché and the Talismans it holds now with their dice
ready; a Diemon stays when its die is still held by a living caster (`diemon` + `bound_to`), else
it is left out; a Talisman lying on the battlefield is not written (docs/rules-decisions.md)."""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.state import GameState, UnitState


def _live_mods(state: GameState, unit_id: str) -> list[Any]:
    return [m for e in state.sn.effects.values() if not e.ended for m in e.mods if m.unit == unit_id]


def exported_unit(
    state: GameState, unit: UnitState, data: dict[str, Any], base: Any
) -> dict[str, Any] | None:
    """`data` (the exported unit) without its SN changes and with its SN block; None: leave the
    unit out (a Diemon no caster holds any more)."""
    ledger = state.sn
    if not ledger.active:
        return data
    data["armor"] = ledger.base_armor.get(unit.id, data["armor"])
    data["weight"] = ledger.base_weights.get(unit.id, data["weight"])
    for mod in _live_mods(state, unit.id):
        if mod.stat in ("blessings", "curses") and f"d{mod.value}" in data[mod.stat]:
            data[mod.stat].remove(f"d{mod.value}")
    for mod in _live_mods(state, unit.id):
        if mod.stat.startswith("range:"):  # R-SN-24: the weapon's own Range
            for weapon in data["weapons"]:
                if weapon["name"] == mod.stat.split(":", 1)[1] and weapon.get("range") is not None:
                    weapon["range"] -= mod.value
    for weapon in data["weapons"]:
        kept = ledger.base_weapons.get(f"{unit.id}:{weapon['name']}")
        if kept is not None:
            weapon["damage"], weapon["damage_type"] = kept.split("|", 1)
    if unit.diemon:
        effect = ledger.effects.get(ledger.diemons.get(unit.id, ""))
        bound = [t for t, a in effect.dice.items() if a == "creature"] if effect is not None else []
        holder = ledger.talismans[bound[0]].holder if bound else None
        caster = state.units.get(holder) if holder else None
        if effect is None or caster is None or not caster.alive or holder != effect.caster:
            return None
        data["supernatural"] = {"diemon": unit.diemon, "bound_to": f"{effect.caster}:{bound[0]}"}
        return data
    held = ledger.talismans_of(unit.id)
    own = base.supernatural if base is not None and base.supernatural is not None else None
    if not held and own is None:
        return data
    block: dict[str, Any] = {"cliche": ledger.cliches.get(unit.id, "")}
    block["talismans"] = [{"id": t.id, "name": t.name, "die": f"d{t.sides}"} for t in held]
    if held and unit.id in ledger.templates:
        block["effects"] = [
            {
                "name": t.name,
                "target": t.target,
                "aspects": list(t.aspects),
                "form": t.form,
                "element": t.element,
                "lasting": t.lasting,
            }
            for t in ledger.templates[unit.id]
        ]
    data["supernatural"] = block
    return data

"""The SN phase at the start of a player's turn (R-SN-9/12/13, R-SN-2/3): 4pions' Burning Rolls,
the Lasting question for each of the player's Effects, spent dice coming back, Diemons' Move rolls.
Called by the turn engine after the hazards' turn start; returns at once without SN units."""

from __future__ import annotations

from brikwars_gui.engine.geometry import distance
from brikwars_gui.engine.rules.common import DecisionRequest, PlayContext
from brikwars_gui.engine.state import UnitState
from brikwars_gui.engine.supernatural import minds
from brikwars_gui.engine.supernatural.effects import end_effect, remove_mod
from brikwars_gui.engine.supernatural.events import (
    DiemonBurning,
    DiemonMoveRolled,
    EffectKept,
    SNDiceReturned,
)
from brikwars_gui.engine.supernatural.state import HELD, READY, SPENT, EffectState
from brikwars_gui.engine.supernatural.tables import STAT_ASPECTS


def start_of_player_turn(ctx: PlayContext, player: str) -> None:
    ledger = ctx.state.sn
    if not ledger.active:
        return
    from brikwars_gui.engine.supernatural.diemons import burning_roll, move_bonus  # diemons build on effects

    for unit_id in sorted(ledger.diemons):
        unit = ctx.state.units[unit_id]
        if unit.team == player and unit.alive and unit.diemon == "4pion":
            face = burning_roll(ctx, unit)
            ctx.emit(DiemonBurning(unit_id, face))
    for effect in sorted(ledger.live_effects(), key=lambda e: e.id):
        caster = ctx.state.units.get(effect.caster)
        if caster is None or caster.team != player or effect.creature is not None:
            continue
        _lasting_or_end(ctx, effect)
    _return_dice(ctx, player)
    minds.start_of_turn(ctx, player)  # R-SN-40: Minds fresh, each unit first with its own die
    for unit_id in sorted(ledger.diemons):
        unit = ctx.state.units[unit_id]
        if unit.team == player and unit.alive:
            roll = ctx.dice.roll(unit.skill, f"{unit_id} Diemon move")  # R-SN-2: never a Fumble
            unit.move = roll + move_bonus(ctx.state, unit_id)  # R-SN-20: Movement augments
            ctx.emit(DiemonMoveRolled(unit_id, unit.move))


def _lasting_or_end(ctx: PlayContext, effect: EffectState) -> None:
    """R-SN-12: at the caster's turn start a Lasting Effect may keep each Aspect die on one of its
    targets; the rest of it (and every other Effect) ends, and its dice come back."""
    ledger = ctx.state.sn
    template = ledger.template(effect.caster, effect.template)
    if template is None or not template.lasting or not effect.mods:
        end_effect(ctx, effect, "its dice return (R-SN-9)")
        return
    kept_any = False
    for talisman_id, aspect in effect.dice.items():
        mods = [m for m in effect.mods if m.talisman == talisman_id]
        if aspect not in STAT_ASPECTS or not mods:
            continue
        targets = list(dict.fromkeys(m.unit for m in mods if ctx.state.units[m.unit].alive))
        options = ("release", *(f"keep:{t}" for t in targets))
        caster = ctx.state.units[effect.caster]
        mattering = [t for t in targets if _still_matters(ctx, caster, ctx.state.units[t])]
        default = f"keep:{mattering[0]}" if mattering else "release"
        answer = ctx.ask(
            DecisionRequest(
                "sn_lasting",
                caster.id,
                caster.team,
                f"{effect.id}:{talisman_id}",
                options,
                default,
                {"effect": effect.template, "talisman": talisman_id},
            )
        )
        keep = answer.split(":", 1)[1] if answer.startswith("keep:") else None
        for mod in mods:
            if mod.unit != keep:
                remove_mod(ctx, effect, mod)
        talisman = ledger.talismans[talisman_id]
        if keep is not None:
            talisman.status, talisman.held_by = HELD, effect.id
            kept_any = True
            ctx.emit(EffectKept(effect.id, caster.id, talisman_id, keep))
        elif talisman.held_by == effect.id:
            talisman.status, talisman.held_by = SPENT, None
    if kept_any:
        effect.lasting = True
        effect.targets = list(dict.fromkeys(m.unit for m in effect.mods))
    else:
        end_effect(ctx, effect, "released (R-SN-13)")


def _still_matters(ctx: PlayContext, caster: UnitState, target: UnitState) -> bool:
    """The default answer's test (design map §5.2): a change on an enemy always matters while it
    lives; one on a friend while an enemy could reach it on its next turn (Move + Range + 1")."""
    if target.team != caster.team:
        return True
    for enemy in ctx.state.units.values():
        if enemy.alive and enemy.team != caster.team:
            reach = max((w.range or 0 for w in enemy.weapons if not w.spent), default=1.5)
            if distance(enemy.pos, target.pos) <= enemy.move + reach + 1:
                return True
    return False


def _return_dice(ctx: PlayContext, player: str) -> None:
    """R-SN-9/13: spent and fumbled dice of the player's units come back; held ones stay."""
    back: dict[str, list[str]] = {}
    for talisman in ctx.state.sn.talismans.values():
        holder = ctx.state.units.get(talisman.holder) if talisman.holder else None
        if talisman.status == SPENT and holder is not None and holder.team == player and holder.alive:
            talisman.status = READY
            back.setdefault(holder.id, []).append(talisman.id)
    for unit_id in sorted(back):
        ctx.emit(SNDiceReturned(unit_id, tuple(back[unit_id])))

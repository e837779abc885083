"""Build `GameState.sn` from a scenario's `supernatural` blocks (R-SN-7/8) and check the ruleset
can play them (`Ruleset.supernatural`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from brikwars_gui.engine.dice.expression import parse_single_die
from brikwars_gui.engine.supernatural.state import HELD, EffectState, EffectTemplate, SNLedger, TalismanState

if TYPE_CHECKING:
    from brikwars_gui.engine.state import GameState
    from brikwars_gui.scenario.models import Scenario


class SupernaturalRefused(ValueError):
    """A scenario with SN units under a ruleset that cannot play them (the message says why)."""


def build_ledger(state: GameState, scenario: Scenario) -> None:
    """Fill `state.sn`: each Talisman ready in its holder's hands; a Diemon the GM placed holds its
    caster's die through an Effect of its own (R-SN-2/21)."""
    units = [u for u in scenario.units if u.supernatural is not None]
    if not units:
        return
    from brikwars_gui.scenario.sn_models import ruleset_sn_problem  # the file models import the engine

    problem = ruleset_sn_problem(state.ruleset)
    if problem:
        raise SupernaturalRefused(f"{scenario.name}: {problem}")
    ledger = SNLedger()
    for u in units:
        block = u.supernatural
        assert block is not None
        for t in block.talismans:
            ledger.talismans[t.id] = TalismanState(
                t.id, t.name or t.id, parse_single_die(t.die), u.id, origin=u.id
            )
        if block.effects:
            ledger.templates[u.id] = [
                EffectTemplate(e.name, e.target, tuple(e.aspects), e.form, e.element, e.lasting)
                for e in block.effects
            ]
        if block.cliche:
            ledger.cliches[u.id] = block.cliche
    for u in units:
        block = u.supernatural
        assert block is not None
        if block.diemon is None or block.bound_to is None:
            continue
        caster, talisman_id = block.bound_to.split(":")
        ledger.seq += 1
        effect = EffectState(
            id=f"fx{ledger.seq}",
            caster=caster,
            template=f"placed {block.diemon}",
            origin=(u.position[0], u.position[1]),
            point=(u.position[0], u.position[1]),
            dice={talisman_id: "creature"},
            targets=[u.id],
            creature=u.id,
        )
        ledger.effects[effect.id] = effect
        ledger.diemons[u.id] = effect.id
        talisman = ledger.talismans[talisman_id]
        talisman.status, talisman.held_by = HELD, effect.id
        unit = state.units[u.id]
        unit.diemon = block.diemon
        unit.summoned_by = caster
        unit.skill = talisman.sides
    state.sn = ledger

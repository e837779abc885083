"""Touch delivery through `Game` orders (R-SN-10): willing targets, the caster itself, and hostile
targets that need a Shove or a Grab first."""

from __future__ import annotations

from typing import Any

from sn_helpers import caster, effect, kinds

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.sn_actions import Cast
from brikwars_gui.engine.session import Game

WARD = effect("Flame Ward", "ally", "armor+")


def game(units: list[dict], script: list[int], policy: Any = None, **kw: Any) -> Game:
    return Game.from_scenario(sb.scenario(units, **kw), script=script, policy=policy)


def test_r_sn_10_an_ally_effect_the_game_offers_on_the_caster_itself_lands_on_it() -> None:
    """Bug: `legal_actions` offered "Cast Flame Ward on c" and the Effect then landed on nothing."""
    units = [caster("c", "red", (5, 5), {"hat": "d6"}, WARD), sb.unit("e", "blue", (12, 5))]
    g = game(units, [])
    offered = [o.action for o in g.legal_actions("c") if o.kind == "cast"]
    assert Cast("Flame Ward", "c") in offered
    g.act("c", Cast("Flame Ward", "c", plan=("hat:armor+",)))
    assert kinds(g, "effect_landed")[0]["targets"] == ["c"]
    assert g.unit("c").armor == "4+1d6" and not g.unit("c").action_used  # touch: free (R-SN-10)

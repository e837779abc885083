"""Issue 10: the attack forecast lists every Response an attack may provoke as the rules offer
them (`response.attack_responders`, the code `attack_with_responses` asks from): the target
shooting back and its allies who see the attack (R-RESP-1/3), with the Angry Inch flagged
(R-RESP-2); unit ids and weapons match the questions a `Game` asks when the attack is made."""

from __future__ import annotations

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.response import attack_responders
from brikwars_gui.engine.session import DefaultPolicy, Game
from brikwars_gui.engine.state import WeaponState


def rifle() -> WeaponState:
    return WeaponState("rifle", "ranged", 3, 10, "1d6+1")


class Recording(DefaultPolicy):
    def __init__(self) -> None:
        self.asked: list = []

    def decide(self, game, request):
        self.asked.append(request)
        return super().decide(game, request)


def scene() -> Game:
    """Red `a` shoots blue `z`; `z` and its ally `w` (facing the fight) hold saved Actions; `v`
    (facing away, seeing neither) and `u` (no saved Action) cannot answer; `far` sees the
    attacker 1" beyond its pistol's Range (an Angry Inch brings it in)."""
    state = hs.blank_state(20, 12)
    hs.add_unit(state, "a", "red", (2, 5), facing="E", weapons=[rifle()])
    hs.add_unit(state, "z", "blue", (8, 6), facing="W", weapons=[rifle()], saved_action=True)
    hs.add_unit(state, "w", "blue", (8, 8), facing="W", weapons=[rifle()], saved_action=True)
    hs.add_unit(state, "v", "blue", (9, 3), facing="E", weapons=[rifle()], saved_action=True)
    hs.add_unit(state, "u", "blue", (7, 7), facing="W", weapons=[rifle()])
    pistol = WeaponState("pistol", "ranged", 3, 6, "1d6")
    hs.add_unit(state, "far", "blue", (9, 5), facing="W", weapons=[pistol], saved_action=True)
    policy = Recording()
    g = Game(state, SeededDice(4), policy=policy)
    g.policy_log = policy.asked  # type: ignore[attr-defined]
    return g


def test_r_resp_1_3_the_responders_listed_are_those_the_game_asks() -> None:
    g = scene()
    listed = [(u.id, weapons, inch) for u, weapons, inch in attack_responders(g.ctx, g.unit("a"), "z")]
    assert [r[0] for r in listed] == ["z", "far", "w"]  # the target first, then unit-id order
    assert listed[0] == ("z", ["rifle"], False) and listed[2] == ("w", ["rifle"], False)
    assert listed[1] == ("far", [], True)  # 7" away, pistol 6": one step west (R-RESP-2)
    g.act("a", Attack("rifle", "z"))
    asked = [(r.question, r.unit) for r in g.policy_log if r.question in ("attack_response", "shoot")]
    assert asked == [("attack_response", "z"), ("shoot", "far"), ("shoot", "w")]
    shoot_w = next(r for r in g.policy_log if r.unit == "w")
    assert [o for o in shoot_w.options if o.startswith("attack:")] == ["attack:rifle"]


def test_r_resp_2_an_angry_inch_answer_is_forecast_from_the_cell_the_defaults_pick() -> None:
    """`far` answers with a step west then its pistol (the default cell and weapon); the forecast
    asks the rules from that cell (then puts it back), and seeded attacks played through `Game`
    orders see its shots hit as often as forecast."""
    import math

    from brikwars_gui.engine.rules.angry_inch import angry_inch_default, stepped_to
    from brikwars_gui.engine.rules.attack_odds import attack_odds

    def only_far() -> Game:
        g = scene()
        for uid in ("z", "w", "v"):
            g.unit(uid).saved_action = False
        return g

    g = only_far()
    far = g.unit("far")
    assert angry_inch_default(g.ctx, far, "a") == ((8, 5), "pistol")
    with stepped_to(far, (8, 5), g.unit("a").pos):
        odds = attack_odds(g.state, "far", "pistol", "a")
    assert far.pos == (9, 5) and far.facing == "W"  # put back
    n, shots, hits = 800, 0, 0
    for seed in range(n):
        game = only_far()
        game.dice.inner = SeededDice(seed)
        game.act("a", Attack("rifle", "z"))
        for e in game.events:
            if e.kind == "attacked" and e.attacker == "far":
                shots, hits = shots + 1, hits + e.hit
    assert shots == n  # it always answers (the default), the attacker still standing (simultaneous)
    assert abs(hits - n * odds.hit) < 4.5 * math.sqrt(n * odds.hit * (1 - odds.hit))

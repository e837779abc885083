"""Hypothesis properties of the Player Turn engine over random battles and random orders, under
all three rulesets: one living unit per cell after every order, Move spent never above Move, no
exception but IllegalOrder from an order, and every game replays (issue 26)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brikwars_gui.engine import ai
from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.replay import compare_events, event_dicts
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Sprint
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.scenario.models import Scenario

WEAPONS = [sb.PISTOL, sb.RIFLE, sb.SWORD, sb.SPEAR, sb.GRENADE]


@st.composite
def battles(draw):
    width = draw(st.integers(8, 16))
    height = draw(st.integers(8, 16))
    cells = draw(
        st.lists(
            st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)),
            min_size=2,
            max_size=6,
            unique=True,
        )
    )
    units = []
    for i, cell in enumerate(cells):
        team = "red" if i % 2 == 0 else "blue"
        weapons = draw(
            st.lists(st.sampled_from(WEAPONS), min_size=1, max_size=2, unique_by=lambda w: w["name"])
        )
        units.append(
            sb.unit(
                f"u{i}",
                team,
                cell,
                facing=draw(st.sampled_from(["N", "E", "S", "W", "NE", "SW"])),
                skill=draw(st.sampled_from(["d4", "d6", "d10"])),
                heavy_armor=draw(st.booleans()),
                weapons=weapons,
            )
        )
    terrain = []
    if draw(st.booleans()):
        terrain.append({"kind": "mud", "rects": [[width // 2, 0, 1, height]]})
    data = sb.scenario(units, width=width, height=height, terrain=terrain).model_dump(mode="json")
    data["ruleset"] = draw(st.sampled_from(["brikwars", "d6", "ninepowers"]))
    if draw(st.booleans()):  # R-HAZ-12: Slow inches on top of the Move a path costs
        column = draw(st.integers(1, width - 1))
        rect = [column, 0, min(2, width - column), height]
        bog = {"id": "bog", "name": "Bog", "kind": "slow", "dice": "1d6", "rects": [rect]}
        data["hazards"] = [bog]
    return Scenario.model_validate(data)


def _stacked(game: Game) -> list[str]:
    """Cells holding more than one living unit (a mover only passes through its friends)."""
    seen: dict[tuple[int, int], str] = {}
    problems = []
    for unit in game.state.units.values():
        if unit.alive:
            if unit.pos in seen:
                problems.append(f"{seen[unit.pos]} and {unit.id} both on {unit.pos}")
            seen[unit.pos] = unit.id
    return problems


def _watch(game: Game):
    """Listener asserting the invariants at the moment each event happens."""
    problems = []
    state = game.state
    fell: set[str] = set()  # R-D6-4: a Wild Die 1 may drop the attacker as it attacks

    def check(event):
        if event.kind == "order":  # the previous order is over: no one is left passing a friend
            problems.extend(_stacked(game))
            fell.clear()
        if event.kind == "d6_complication" and event.effect == "fall":
            fell.add(event.unit)
        for unit in state.units.values():
            if unit.move_spent > unit.move + unit.bonus_move:
                problems.append(f"{unit.id} spent {unit.move_spent} of {unit.move}+{unit.bonus_move}")
        if event.kind == "order" and event.unit is not None and event.order in ("move", "act"):
            u = state.units[event.unit]
            if not u.alive or u.disrupted:
                problems.append(f"order for dead/Disrupted {u.id}")
        if event.kind == "attacked" and not event.response and event.attacker not in fell:
            u = state.units[event.attacker]
            if not u.alive or u.disrupted:
                problems.append(f"dead/Disrupted {u.id} attacks")
        if event.kind == "responded":
            u = state.units[event.responder]
            if not u.alive or u.disrupted:
                problems.append(f"dead/Disrupted {u.id} responds")

    game.listener = check
    return problems


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles(), st.integers(0, 10_000))
def test_ai_games_keep_the_invariants_are_deterministic_and_replay(scenario, seed):
    game = Game.from_scenario(scenario, seed=seed, max_rounds=4, start=False)
    problems = _watch(game)
    game.start()
    ai.play_game(game)
    assert game.over and not problems and not _stacked(game)
    same = Game.from_scenario(scenario, seed=seed, max_rounds=4)
    ai.play_game(same)
    assert event_dicts(same.events) == event_dicts(game.events)  # same seed, same log
    replayed = Game.from_events(scenario, event_dicts(game.events), SeededDice(seed), max_rounds=4)
    assert compare_events(event_dicts(game.events), event_dicts(replayed.events)) is None


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles(), st.integers(0, 10_000), st.data())
def test_random_orders_keep_the_invariants_and_replay(scenario, seed, data):
    game = Game.from_scenario(scenario, seed=seed, max_rounds=3, start=False)
    problems = _watch(game)
    game.start()
    for _ in range(40):
        if game.over:
            break
        units = sorted(u.id for u in game.state.units.values() if u.team == game.active_player)
        uid = data.draw(st.sampled_from(units))
        choice = data.draw(st.sampled_from(["move", "act", "sprint", "end_unit", "end_turn"]))
        before = game.state.snapshot()
        count = len(game.events)
        try:
            if choice == "move":
                moves = sorted(game.legal_moves(uid))
                if not moves:
                    continue
                game.move(uid, data.draw(st.sampled_from(moves)))
            elif choice == "act":
                options = [o for o in game.legal_actions(uid) if o.action is not None]
                if not options:
                    continue
                game.act(uid, data.draw(st.sampled_from(options)).action)
            elif choice == "sprint":
                w, h = game.state.width, game.state.height
                game.act(uid, Sprint((data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1)))))
            elif choice == "end_unit":
                game.end_unit(uid)
            else:
                game.end_turn()
        except IllegalOrder:
            assert game.state.snapshot() == before and len(game.events) == count
        problems.extend(_stacked(game))
    assert not problems
    replayed = Game.from_events(scenario, event_dicts(game.events), SeededDice(seed), max_rounds=3)
    assert compare_events(event_dicts(game.events), event_dicts(replayed.events)) is None

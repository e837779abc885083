"""A move carried past the steps no enemy can respond to (issue 26, `rules/quiet_steps.py`) plays
exactly as one checked step by step: a step `quiet_steps` calls quiet draws no movement trigger
(R-MOVE-5, R-RESP-1/2/3), and whole AI games — the mover's cells, facings, Responses, stops on
water (R-MOVE-10), friends passed and enemies run into — give the same events and the same state
with the fast path and without it, under all three rulesets. Also the shortcuts the step checks
now take: the unit index's kept responders (R-RESP-1) and the single-step legality of a
responder's Angry Inch cells (GRID-2, R-RESP-2)."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.grid import Grid, IllegalPath, path_cost, step_allowed
from brikwars_gui.engine.replay import event_dicts
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.quiet_steps import quiet_steps
from brikwars_gui.engine.rules.response import movement_triggers
from brikwars_gui.engine.rulesets import RULESET_NAMES, find_ruleset, ruleset_of
from brikwars_gui.engine.rulesets.base import Ruleset
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics.player import make_player
from brikwars_gui.scenario.models import Scenario

WEAPONS = [sb.PISTOL, sb.RIFLE, sb.SWORD, sb.SPEAR, sb.LONGBOW]
SLOW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def battles(draw: st.DrawFn) -> Scenario:
    """Up to 14 units on a small table (many within Range of each other), water, mud, walls,
    Hidden units and heavy armour (swimming in Armor stops a move, R-MOVE-10)."""
    width, height = draw(st.integers(8, 20)), draw(st.integers(8, 20))
    cells = draw(
        st.lists(
            st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)),
            min_size=2,
            max_size=14,
            unique=True,
        )
    )
    terrain, walls = [], set()
    for kind in ("water", "mud", "obstacle"):
        if draw(st.booleans()):
            x, y = draw(st.integers(0, width - 2)), draw(st.integers(0, height - 2))
            w, h = min(draw(st.integers(1, 3)), width - x), min(draw(st.integers(1, 3)), height - y)
            terrain.append({"kind": kind, "rects": [[x, y, w, h]]})
            if kind == "obstacle":
                walls = {(x + dx, y + dy) for dx in range(w) for dy in range(h)}
    cells = [c for c in cells if c not in walls]
    assume(len(cells) >= 2)
    units = []
    for i, cell in enumerate(cells):
        weapons = draw(
            st.lists(st.sampled_from(WEAPONS), min_size=1, max_size=2, unique_by=lambda w: w["name"])
        )
        units.append(
            sb.unit(
                f"u{i:02d}",
                "red" if i % 2 == 0 else "blue",
                cell,
                facing=draw(st.sampled_from(["N", "E", "S", "W", "NE", "SW"])),
                skill=draw(st.sampled_from(["d4", "d6", "d10"])),
                heavy_armor=draw(st.booleans()),
                hidden=draw(st.booleans()) and draw(st.booleans()),
                weapons=weapons,
            )
        )
    data = sb.scenario(units, width=width, height=height, terrain=terrain).model_dump(mode="json")
    data["ruleset"] = draw(st.sampled_from(["brikwars", "d6", "ninepowers"]))
    data["fog_of_war"] = draw(st.booleans())
    return Scenario.model_validate(data)


def _slow(game: Game) -> Game:
    """The game with every step checked one by one (the walk's `quiet` never says quiet)."""
    game._quiet_steps = lambda mover, cells: None  # type: ignore[method-assign]
    return game


@SLOW
@given(battles(), st.integers(0, 10_000), st.sampled_from(["default", "normal"]), st.integers(0, 3))
def test_r_resp_1_a_step_quiet_steps_calls_quiet_draws_no_movement_trigger(scenario, seed, level, turns):
    """After a few AI turns (saved Actions, Disrupted and swimming units), every step of random
    king-move paths of each unit of the active side: quiet means `movement_triggers` is empty."""
    game = Game.from_scenario(scenario, seed=seed, max_rounds=6)
    players = {p: make_player(level, seed=seed) for p in game.state.turn_order}
    for _ in range(turns):
        if not game.over:
            players[game.active_player].play_turn(game)
    if game.over:
        return
    state = game.state
    index = state.unit_index()
    for team in state.turn_order:  # the index's kept answer is the definition's (R-RESP-1)
        expected = [
            u.id for u in index.by_id if u.team != team and u.alive and u.saved_action and not u.disrupted
        ]
        assert [index.by_id[r].id for r in index.responder_rows(team)] == expected
        for lo, hi in (((0, 0), (3, 3)), ((2, 1), (9, 6)), ((-5, -5), (40, 40))):
            inside = [
                uid
                for uid in expected
                if lo[0] <= state.units[uid].pos[0] <= hi[0] and lo[1] <= state.units[uid].pos[1] <= hi[1]
            ]
            assert [index.by_id[r].id for r in index.responders_in(team, lo, hi)] == inside
    for mover in [u for u in state.units.values() if u.alive and u.team == game.active_player]:
        for dx, dy in ((1, 0), (-1, 1), (0, -1), (1, 1)):
            cells = [mover.pos]
            while len(cells) < 8 and state.grid.in_bounds(nxt := (cells[-1][0] + dx, cells[-1][1] + dy)):
                cells.append(nxt)
            quiet = quiet_steps(game.ctx, mover, cells)
            assert len(quiet) == len(cells) and not quiet[0]
            for i in range(1, len(cells)):
                if quiet[i]:
                    assert movement_triggers(game.ctx, mover, cells[i - 1], cells[i]) == []


@SLOW
@given(battles(), st.integers(0, 10_000), st.sampled_from(["default", "normal"]))
def test_ai_games_play_the_same_with_quiet_steps_skipped_and_checked_one_by_one(scenario, seed, level):
    """Four rounds of AI play: identical events (every `unit_moved` stretch, Response, stop) and
    identical final states, and the fast path was taken."""
    fast = Game.from_scenario(scenario, seed=seed, max_rounds=4)
    slow = _slow(Game.from_scenario(scenario, seed=seed, max_rounds=4))
    for game in (fast, slow):
        players = {p: make_player(level, seed=seed) for p in game.state.turn_order}
        for _ in range(40):
            if game.over:
                break
            players[game.active_player].play_turn(game)
    assert event_dicts(fast.events) == event_dicts(slow.events)
    assert fast.state.snapshot() == slow.state.snapshot()


@SLOW
@given(battles(), st.integers(0, 10_000), st.data())
def test_random_moves_and_paths_play_the_same_with_quiet_steps_skipped(scenario, seed, data):
    """Random move orders to any legal cell or along a random explicit path (through friends,
    into water, next to enemies), on both games at once: the same outcome, event for event."""
    fast = Game.from_scenario(scenario, seed=seed, max_rounds=3)
    slow = _slow(Game.from_scenario(scenario, seed=seed, max_rounds=3))
    for _ in range(30):
        if fast.over:
            break
        units = sorted(u.id for u in fast.state.units.values() if u.team == fast.active_player and u.alive)
        uid = data.draw(st.sampled_from(units)) if units else None
        moves = sorted(fast.legal_moves(uid)) if uid else []
        if uid is None or not moves or data.draw(st.integers(0, 5)) == 0:
            for game in (fast, slow):
                game.end_turn()
            continue
        slow.legal_moves(uid)
        target = data.draw(st.sampled_from(moves))
        outcomes = []
        for game in (fast, slow):
            try:
                game.move(uid, target)
                outcomes.append(None)
            except Exception as exc:
                outcomes.append(type(exc).__name__)
        assert outcomes[0] == outcomes[1]
        assert event_dicts(fast.events) == event_dicts(slow.events)
    assert fast.state.snapshot() == slow.state.snapshot()


def test_r_np_12_a_ruleset_that_answers_a_unit_moving_away_says_so() -> None:
    """Every ruleset that overrides `leaving_responses` (Nine Powers' Melee talent) reports
    `draws_leaving_responses`, so its walks ask before every step; BrikWars and D6 do not."""
    state = sb.state([sb.unit("a", "red", (1, 1)), sb.unit("b", "blue", (5, 5))])
    for name in RULESET_NAMES:
        ruleset = find_ruleset(name)
        overrides = type(ruleset).leaving_responses is not Ruleset.leaving_responses
        assert ruleset.draws_leaving_responses(state) == overrides, name
    assert find_ruleset("ninepowers").draws_leaving_responses(state)
    assert not ruleset_of(state).draws_leaving_responses(state)  # BrikWars


def test_r_move_5_a_move_next_to_a_close_combat_enemy_is_still_answered() -> None:
    """The fast path stops where a trigger can be pulled: a swordsman holding its Action strikes
    the mover stepping next to it (R-MOVE-5), after the quiet steps before it were skipped."""
    units = [
        sb.unit("m", "red", (1, 5), facing="E", weapons=[sb.SWORD]),
        sb.unit("s", "blue", (7, 5), facing="W", weapons=[sb.SWORD]),
    ]
    game = Game(sb.state(units), SeededDice(3))
    game.state.units["s"].saved_action = True
    checked: list[tuple[int, int]] = []
    step_check = game._step_check
    game._step_check = lambda mover, prev, cell: checked.append(cell) or step_check(mover, prev, cell)  # type: ignore[method-assign]
    game.move("m", (6, 5))
    # no Ranged weapon on the table: only a step within 2√2" (the Angry Inch, R-RESP-2) is asked
    assert checked == [(5, 5)]
    assert [e.kind for e in game.events].count("responded") == 1
    moved = [e for e in game.events if e.kind == "unit_moved" and e.unit == "m"]
    assert moved[0].path == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]
    slow = _slow(Game(sb.state(units), SeededDice(3)))
    slow.state.units["s"].saved_action = True
    slow.move("m", (6, 5))
    assert event_dicts(slow.events) == event_dicts(game.events)


def test_grid_2_step_allowed_is_path_costs_verdict_on_a_single_step() -> None:
    """`grid.step_allowed` (a responder's Angry Inch cells) accepts exactly the steps `path_cost`
    accepts: on random grids with walls and elevation, every cell to each of its 8 neighbours
    (off the table too), for climbs of 1 and 3 bricks (GRID-2, R-MOVE-3/9)."""
    rng = np.random.default_rng(7)
    compared = refused = 0
    for _ in range(40):
        w, h = (int(v) for v in rng.integers(2, 9, 2))
        grid = Grid.empty(w, h)
        grid.passable[:] = rng.random((h, w)) > 0.3
        grid.elevation[:] = rng.integers(0, 5, (h, w))
        for x in range(w):
            for y in range(h):
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        for rise in (1, 3):
                            b = (x + dx, y + dy)
                            try:
                                path_cost(grid, [(x, y), b], max_rise=rise)
                                legal = True
                            except IllegalPath:
                                legal = False
                            compared += 1
                            refused += not legal
                            assert step_allowed(grid, (x, y), b, rise) == legal, ((x, y), b, rise)
    assert compared > 5000 and 0 < refused < compared

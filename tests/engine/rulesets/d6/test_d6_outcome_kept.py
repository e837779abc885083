"""The D6 hit outcome with the resister's points (R-D6-6..8) reads the default's Character Points
and the shares they leave from a table kept per (shortfall, points) — issue 25's speed-up for
Hard's play-outs. It must be the very computation it replaced: the reference below spends the
points for every pair of totals, as `forecast.totals_outcome` did before."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice.d6 import CANCEL_HIGHEST, COMPLICATION
from brikwars_gui.engine.rulesets.d6 import odds
from brikwars_gui.engine.rulesets.d6.forecast import STUN, WOUND, damage_totals, resist_totals, totals_outcome
from brikwars_gui.engine.rulesets.d6.terms import cp_default, fate_default


def reference(totals, resist, burning, option, fate_code, cp_most):  # type: ignore[no-untyped-def]
    plain = resist_totals(resist, burning, option)
    doubled = resist_totals(fate_code, burning, option) if fate_code is not None else None
    shares = [0.0, 0.0, 0.0, 0.0]
    for d, p in totals:
        if d <= 0:
            continue
        res, fate = plain, False
        if doubled is not None:
            without = sum(q for r, q in plain.items() if r >= d)
            with_fp = sum(q for r, q in doubled.items() if r >= d)
            fate = fate_default("resistance", without, with_fp) == "yes"
            res = doubled if fate else plain
        for r, q in res.items():
            extra = ((0, 1.0),)
            if r < d and cp_most and not fate:
                chances = {str(k): odds.at_least(odds.cp_distribution(k), d - r) for k in range(cp_most + 1)}
                k = int(cp_default("resistance", chances))
                extra = odds.cp_distribution(k) if k else extra
            for e, w in extra:
                m = d - r - e
                if m > 0:
                    shares[0] += p * q * w
                    shares[1 if m <= STUN else 2 if m <= WOUND else 3] += p * q * w
    return tuple(shares)


@pytest.mark.parametrize("option", [COMPLICATION, CANCEL_HIGHEST])
@pytest.mark.parametrize(("damage", "resist", "fate_code", "cp_most"), [
    ((4, 0), (2, 0), None, 2),  # R-D6-7: a trooper with 2 Character Points
    ((5, 1), (3, 0), None, 5),  # a hero with many
    ((4, 2), (3, 1), (6, 2), 3),  # R-D6-8: a Fate Point doubling the code, else the points
    ((3, 0), (2, 0), None, 0),  # no points at all
])
def test_r_d6_7_the_kept_points_table_gives_the_outcome_the_full_computation_gives(
    option, damage, resist, fate_code, cp_most
):
    totals = damage_totals(damage, False, option)
    for burning in (False, True):
        got = totals_outcome(totals, resist, burning, option, fate_code, cp_most)
        want = reference(totals, resist, burning, option, fate_code, cp_most)
        assert got == pytest.approx(want, abs=1e-12)
        assert got[0] == pytest.approx(sum(got[1:]), abs=1e-12)
        if cp_most:  # the points do spare the resister something: the table is exercised
            assert got[0] < totals_outcome(totals, resist, burning, option, fate_code, 0)[0] - 0.001

"""Every family's bound formula (SPEC.bound) reproduces the bound recorded in the suites."""
from __future__ import annotations

import pytest

from endless_exam.checker.suites import instances as suites
from endless_exam.checker.families import load

CASES = [i for i in suites.all_instances()
         if i.implemented and i.bound is not None and load(i.family).SPEC.bound(i.params) is not None]


@pytest.mark.parametrize("inst", CASES, ids=[i.call_id for i in CASES])
def test_formula_matches_the_recorded_bound(inst):
    value, kind = load(inst.family).SPEC.bound(inst.params)
    assert (value, kind) == (inst.bound, inst.bound_kind)


def test_every_family_with_recorded_bounds_has_a_formula():
    """No hard-coded family list: a family whose suite instances record a bound must compute it."""
    recorded = {i.family for i in suites.all_instances() if i.implemented and i.bound is not None}
    with_formula = {i.family for i in CASES}
    assert recorded, "no implemented family records a bound"
    assert recorded <= with_formula, sorted(recorded - with_formula)

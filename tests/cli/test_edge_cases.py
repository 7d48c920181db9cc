"""The seven edge cases of issue 20 (stored in the project's vectors) through the harness with the default
limits, with the verdicts the specification requires: the zero Cayley generator is dropped (C7), the
trivial group is K1, lists of more than 243 words are decided for m >= 4, and the two 6,561-word
near-affine lists are accepted (these two are slow-marked: about ten seconds each on a loaded machine)."""
from __future__ import annotations

from endless_exam import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

import pytest

from endless_exam.certificates.verdict import Status
from endless_exam.checker.verify import harness
from tests.families.degdiam.test_degdiam_vectors import VECTORS as DEGDIAM
from tests.families.trifference.test_trifference_vectors import VECTORS as TRIFFERENCE

CASES = [
    pytest.param(DEGDIAM, 74, {"d": 2, "k": 3}, 7, id="degdiam_zero_gen"),
    pytest.param(DEGDIAM, 8, {"d": 2, "k": 3}, 7, id="degdiam_c7"),
    pytest.param(DEGDIAM, 75, {"d": 1, "k": 1}, 1, id="degdiam_trivial_group"),
    pytest.param(TRIFFERENCE, 131, {"n": 128, "m": 4}, 243, id="trifference_243_m4"),
    pytest.param(TRIFFERENCE, 132, {"n": 128, "m": 4}, 244, id="trifference_244_m4"),
    pytest.param(TRIFFERENCE, 133, {"n": 100, "m": 1}, 6561, id="trifference_6561_nonaffine_m1",
                 marks=pytest.mark.slow),
    pytest.param(TRIFFERENCE, 134, {"n": 100, "m": 3}, 6561, id="trifference_6561_nonaffine_m3",
                 marks=pytest.mark.slow),
]


@pytest.mark.parametrize("vectors, tc_id, params, objective", CASES)
def test_edge_case_through_the_harness(vectors, tc_id, params, objective):
    assert vectors.params_of(vectors.by_id[tc_id]) == params
    combined = harness.verify(vectors.family, params, vectors.payload(tc_id))
    assert combined.status is Status.ACCEPT, (combined.reason, combined.message)
    assert combined.primary.status is combined.second.status is Status.ACCEPT
    assert combined.objective == objective


def test_an_unreduced_generator_that_is_zero_is_rejected_through_the_harness():
    """[7] mod 7 is the zero element: no edge, seven isolated vertices."""
    combined = harness.verify("degdiam", {"d": 2, "k": 3}, DEGDIAM.payload(76))
    assert combined.status is Status.REJECT and combined.reason == "PROPERTY_VIOLATION"
    assert all(c["holds"] for c in combined.witness_checks) and len(combined.witness_checks) == 2

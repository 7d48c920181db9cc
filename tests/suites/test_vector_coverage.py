"""What the regression vector files must cover: both results, and the reason codes a family's answers can
earn. One test for the families whose vector files state the same shape of promise (it was written out
once per vector test module before)."""
from __future__ import annotations

import pytest

from endless_exam import fixtures

# every list-of-integers family meets the strict JSON layer and the answer-level reasons
COMMON = ("FORMAT_TYPE", "RANGE", "EMPTY", "SIZE_LIMIT", "PROPERTY_VIOLATION", "NO_ANSWER",
          "JSON_NONFINITE", "JSON_NUMBER", "JSON_DEPTH", "JSON_ENCODING", "JSON_DUPLICATE_KEY")
EXTRA = {
    "covering": ("FORMAT_SHAPE",),
    "degdiam": ("FORMAT_SHAPE", "DUPLICATE"),
    "matmul": ("FORMAT_SHAPE",),
    "mols": ("FORMAT_SHAPE",),
    "schur": (),       # no FORMAT_SHAPE: a Schur answer is a flat list, and a wrapper's other keys are ignored
}


@pytest.mark.parametrize("family", sorted(EXTRA))
def test_both_results_and_all_reason_classes_occur(family):
    tests = fixtures.read_json("vectors", f"{family}.json")["tests"]
    assert {v["result"] for v in tests} == {"valid", "invalid"}
    reasons = {v["expected_reason"] for v in tests}
    missing = [code for code in COMMON + EXTRA[family] if code not in reasons]
    assert not missing, f"{family}: no vector expects {missing}"

"""The published record constructions in ``../shared/data/records`` (external reference data, read from there).

Eight bench-v1 instances reach their published reference there (kissing d = 13 in Q(sqrt 3) and d = 14,
matmul <4,4,5>, <4,5,5>, <5,5,5>, MOLS n = 14, 18, 20). ``audit --witnesses`` must accept all eight at
ratio exactly 1. With the 1154-vector configuration of d = 13 (Zinoviev-Ericson): rounding its
coordinates to integers, at any scale the integer range allows, breaks the exact 60-degree contacts and
must be rejected by both verifiers -- the construction needs sqrt(3).
"""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from endless_exam.certificates.params import validate
from endless_exam.certificates.verdict import Status
from endless_exam.checker import cli
from endless_exam.checker.verify import harness
from endless_exam.checker.audit.witnesses import audit_directory

ROOT = Path(__file__).resolve().parents[2]


def _records_dir() -> Path:
    """``../shared/data/records`` from the project root; in a git worktree (``.git`` is a file naming the main
    repository's ``.git/worktrees/NAME``) also from the main checkout's root."""
    roots = [ROOT]
    dotgit = ROOT / ".git"
    if dotgit.is_file():
        text = dotgit.read_text(encoding="utf-8", errors="replace").strip()
        if text.startswith("gitdir:"):
            gitdir = Path(text[len("gitdir:"):].strip())
            if len(gitdir.parents) >= 3 and gitdir.parent.name == "worktrees":
                roots.append(gitdir.parents[2])
    for root in roots:
        if (root.parent / "shared" / "data" / "records" / "index.json").is_file():
            return root.parent / "shared" / "data" / "records"
    return ROOT.parent / "shared" / "data" / "records"


RECORDS = _records_dir()
needs_records = pytest.mark.skipif(not (RECORDS / "index.json").is_file(),
                                   reason=f"the external record data is not at {RECORDS} (../shared/data/records "
                                          "from the project root); it is never copied into the project")
D13 = "kissing-a4c5596cf65f.json"
SQRT3 = math.sqrt(3.0)


@needs_records
def test_audit_accepts_all_eight_records_at_ratio_one(capsys):
    report = audit_directory(RECORDS)
    assert report["records"] == 8 and report["holding"] == 8 and report["holds"]
    assert all(r["ratio"] == "1" and r["verifiers"] == "ACCEPT/ACCEPT" for r in report["rows"])
    assert {r["call_id"] for r in report["rows"]} == {"a3-kissing-6", "a3-kissing-0", "a3-matmul-0", "a3-matmul-6",
                                                       "a3-matmul-4", "a3-mols-0", "a3-mols-2", "a3-mols-17"}
    assert cli.main(["audit", "--witnesses", str(RECORDS)]) == 0
    assert "8 of 8 witnesses hold" in capsys.readouterr().out


def _d13_vectors() -> list[list[list[int]]]:
    doc = json.loads((RECORDS / D13).read_text(encoding="utf-8"))
    vectors = doc["answer"]["quadratic_vectors"]["vectors"]
    assert len(vectors) == 1154 and any(b for v in vectors for _, b in v)      # it really uses sqrt(3)
    return vectors


def _rounded(vectors, scale: float) -> list[list[int]]:
    return [[round(scale * (a + b * SQRT3)) for a, b in v] for v in vectors]


def _verify(params: dict, answer) -> harness.Combined:
    payload = json.dumps({"answer": answer}).encode("utf-8")
    return harness.verify("kissing", validate("kissing", params), payload, "file")


@needs_records
@pytest.mark.parametrize("scale", [1, 2, 4, 16, 100, 240])
def test_d13_record_rounded_to_integers_is_rejected(scale):
    """Coordinates a + b sqrt(3) (norm^2 16, |x| <= 4) times ``scale``, rounded: the largest scale keeps every
    coordinate within 1000. As an integer answer to {"d": 13} and as the quadratic form with every sqrt(3)
    part 0 for {"d": 13, "representation": "quadratic"}, both verifiers reject (a pair closer than 60 degrees,
    or, at scale 1, vectors rounded onto each other)."""
    vectors = _d13_vectors()
    rounded = _rounded(vectors, scale)
    assert max(abs(x) for v in rounded for x in v) <= 1000
    plain = _verify({"d": 13}, rounded)
    assert plain.status is Status.REJECT, (scale, plain.reason, plain.message)
    assert plain.primary.status is Status.REJECT and plain.second.status is Status.REJECT
    quadratic = {"quadratic_vectors": {"radicand": 3, "vectors": [[[x, 0] for x in v] for v in rounded]}}
    res = _verify({"d": 13, "representation": "quadratic"}, quadratic)
    assert res.status is Status.REJECT, (scale, res.reason, res.message)


@needs_records
def test_d13_nearest_integer_model_is_rejected():
    """The nearest integer model: replace sqrt(3) by the integer nearest to c*sqrt(3) with c the scale (the
    best rational approximations 7/4, 26/15, 97/56, 362/209 of sqrt(3)), i.e. the vector c*a + r*b with
    r = round(c*sqrt(3)). It is an exact image of the configuration under a + b sqrt(3) -> c a + r b, which is
    not a similarity, so some contact turns below 60 degrees."""
    vectors = _d13_vectors()
    for c, r in ((4, 7), (15, 26), (56, 97), (209, 362)):
        model = [[c * a + r * b for a, b in v] for v in vectors]
        if max(abs(x) for v in model for x in v) > 1000:
            continue
        res = _verify({"d": 13}, model)
        assert res.status is Status.REJECT and res.primary.status is Status.REJECT, (c, r, res.reason)
        assert res.second.status is Status.REJECT

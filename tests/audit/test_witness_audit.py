"""``audit --witnesses DIR``: a directory in upstream's reference-witness layout (UPSTREAM_NOTES.md 5.1)."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from endless_exam import fixtures
from endless_exam.checker import cli
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.audit.witnesses import WitnessDirError, audit_directory, same_reference
from fractions import Fraction


def _write(directory: Path, inst: suites.Instance, answer, **changes) -> dict:
    doc = {"answer": answer, "source": "test", "family": inst.family, "params": inst.params,
           "reference": inst.reference if isinstance(inst.reference, int) else float(inst.reference),
           "reference_type": inst.reference_type}
    doc.update(changes)
    name = f"{inst.instance_id}.json"
    data = json.dumps(doc, indent=2).encode()
    (directory / name).write_bytes(data)
    return {"instance_id": inst.instance_id, "family": inst.family, "params": inst.params,
            "reference": doc["reference"], "reference_type": inst.reference_type,
            "witness": f"bench/data/reference_witnesses/{name}", "sha256": hashlib.sha256(data).hexdigest()}


def _schur_instance_with_reference(k: int) -> suites.Instance:
    return next(i for i in suites.all_instances() if i.family == "schur" and i.params == {"k": k} and i.reference)


def _directory(tmp_path: Path, records: list[dict]) -> Path:
    (tmp_path / "index.json").write_text(json.dumps({"version": "1", "records": records}))
    return tmp_path


def test_a_witness_reaching_the_reference_holds_and_one_below_does_not(tmp_path):
    inst = _schur_instance_with_reference(5)          # reference 160 (S(5) = 160 is known to be exact)
    k5 = fixtures.read_json("constructions", "schur", "k5.json")["answer"]     # 135: below the reference
    rec = _write(tmp_path, inst, k5)
    report = audit_directory(_directory(tmp_path, [rec]))
    row = report["rows"][0]
    assert row["status"] == "ACCEPT" and row["objective"] == "135" and row["sha256_ok"]
    assert not row["holds"] and "expected exactly 1" in row["problems"][0] and not report["holds"]


def test_a_witness_that_reaches_its_reference_holds(tmp_path, capsys):
    inst = next(i for i in suites.all_instances() if i.family == "capset" and i.params == {"d": 6} and i.reference)
    answer = fixtures.read_json("constructions", "capset", "d6.json")["answer"]     # the 112-point maximum cap
    rec = _write(tmp_path, inst, answer, license="test", attribution="extra keys are allowed")
    report = audit_directory(_directory(tmp_path, [rec]))
    row = report["rows"][0]
    assert row["holds"] and row["ratio"] == "1" and row["verifiers"] == "ACCEPT/ACCEPT" and report["holds"]
    assert cli.main(["audit", "--witnesses", str(tmp_path)]) == 0
    assert "1 of 1 witnesses hold" in capsys.readouterr().out


def test_problems_are_found_and_reported(tmp_path):
    inst = _schur_instance_with_reference(5)
    good = _write(tmp_path, inst, [0, 1, 1, 0])
    bad_sha = dict(good, sha256="0" * 64)
    missing = dict(good, witness="x/nosuch.json")
    wrong_ref = dict(good, reference=161)
    wrong_id = dict(good, instance_id="schur-000000000000")
    report = audit_directory(_directory(tmp_path, [bad_sha, missing, wrong_ref, wrong_id]))
    texts = [" ".join(r["problems"]) for r in report["rows"]]
    assert "sha256" in texts[0] and "not in the directory" in texts[1]
    assert "reference" in texts[2] and "is not the id" in texts[3]
    assert report["holding"] == 0 and not report["holds"]


def test_a_rejected_witness_does_not_hold(tmp_path):
    inst = _schur_instance_with_reference(5)
    rec = _write(tmp_path, inst, [0, 0, 0, 0])         # 1 + 1 = 2 monochromatic
    row = audit_directory(_directory(tmp_path, [rec]))["rows"][0]
    assert row["status"] == "REJECT" and not row["holds"]


def test_cli_exit_codes_and_json(tmp_path, capsys):
    inst = _schur_instance_with_reference(5)
    rec = _write(tmp_path, inst, [0, 1, 1, 0])
    _directory(tmp_path, [rec])
    code = cli.main(["audit", "--witnesses", str(tmp_path), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["records"] == 1 and "version" in data
    assert cli.main(["audit", "--witnesses", str(tmp_path / "nosuch")]) == 2
    (tmp_path / "index.json").write_text('{"records": []}')
    assert cli.main(["audit", "--witnesses", str(tmp_path)]) == 2
    with pytest.raises(WitnessDirError):
        audit_directory(tmp_path)


def test_reference_comparison_is_exact_for_exact_forms():
    assert same_reference(160, 160) and not same_reference(161, 160) and not same_reference(True, 1)
    assert same_reference("1/3", Fraction(1, 3)) and not same_reference("1/3", Fraction(1, 4))
    assert same_reference(float(Fraction(1, 3)), Fraction(1, 3)) and not same_reference(0.3333, Fraction(1, 3))
    assert not same_reference(float("nan"), 1) and not same_reference([1], 1)


def test_an_over_size_index_is_refused_without_reading_it(tmp_path):
    """Reproduction (issue 16, item 8): a 2 GB index.json was read whole (2.1 GB peak) before its 32 MiB
    size error. It is now refused after reading at most the limit."""
    import tracemalloc

    with open(tmp_path / "index.json", "wb") as fh:
        fh.truncate(200 << 20)                   # sparse: 200 MB of zeros
    tracemalloc.start()
    try:
        with pytest.raises(WitnessDirError, match="larger than"):
            audit_directory(tmp_path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 40 << 20, f"peak {peak:,} bytes"

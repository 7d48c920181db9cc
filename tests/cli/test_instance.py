"""``endless-exam instance``: any parameters as an instance, the family's baseline as a verified reference,
witness files for ``audit --witnesses``, and user-made suites (``--suite-out``) through export, score,
report and audit."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from endless_exam.certificates.contract import FAMILIES
from endless_exam.checker import cli
from endless_exam.checker.constructions import baselines
from endless_exam.checker.suites import new_instance
from endless_exam.checker.suites import instances as suites

# One new parameter choice per family, outside every bundled suite (checked below). FAST run by default.
NEW = {
    "capset": {"d": 5}, "labs": {"N": 30}, "schur": {"k": 9}, "trifference": {"n": 30, "m": 2, "representation": "certified"},
    "mols": {"n": 28}, "shannon": {"q": 7, "d": 7}, "corners": {"n": 40}, "apfree_q": {"q": 7, "n": 2},
    "kissing": {"d": 6}, "matmul": {"n": 2, "m": 3, "p": 5}, "kissing_theta": {"d": 8, "cos100": 30},
    "kakeya": {"q": 5, "n": 3}, "degdiam": {"d": 3, "k": 2}, "heilbronn": {"n": 8},
    "heilbronn_shape": {"n": 8, "T": [[0, 0], [10000, 0], [0, 10000]]}, "lineq": {"a": 1, "b": 1, "n": 60},
    "covering": {"v": 9, "k": 4, "t": 2},
}
FAST = ("capset", "labs", "schur", "trifference", "mols", "shannon")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_new_choices_are_outside_every_bundled_suite_and_cover_every_family():
    assert set(NEW) == set(FAMILIES)
    for family, params in NEW.items():
        assert not suites.by_instance_id(suites.instance_id(family, params)), family


def test_describe_computes_the_id_bound_and_shows_a_recorded_reference(capsys):
    code, out, _ = run(capsys, "instance", "capset", "--params", '{"d": 5}', "--json")
    doc = json.loads(out)
    assert code == 0 and doc["instance_id"] == suites.instance_id("capset", {"d": 5}) and doc["sense"] == "max"
    assert doc["bound"] and doc["bound_kind"] == "bound" and doc["suites"] == [] and doc["reference"] is None
    code, out, _ = run(capsys, "instance", "capset", "--params", '{"d": 10}')
    assert code == 0 and "bench-v1: a3-capset-0, reference 2432 (published)" in out


@pytest.mark.parametrize("argv, words", [
    (["capset", "--params", '{"d": 0}'], ["outside 1..10000000", 'Domain of capset: {"d": 1..10^7}']),
    (["capset", "--params", '{"d": 13}', "--baseline"], ["outside the baseline's domain", "d <= 12"]),
    (["apfree_q", "--params", '{"q": 3, "n": 15}', "--baseline"], ["20,000 points"]),
    (["nosuch", "--params", "{}"], ["unknown family"]),
    (["capset", "--params", "{d: 3}"], ["--params is not valid JSON", "line 1 column 2"]),
    (["capset", "--params", '{"d": 3}', "--budget-s", "0"], ["--budget-s"]),
    (["capset", "--params", '{"d": 3}', "--output", "w.json"], ["use it with --baseline"]),
])
def test_usage_errors_exit_2_and_name_the_domain(capsys, argv, words):
    code, _, err = run(capsys, "instance", *argv)
    assert code == 2
    for word in words:
        assert word in err, (word, err)


def _baseline(capsys, tmp_path: Path, family: str, params: dict, suite: Path | None = None) -> dict:
    witness = tmp_path / "w" / f"{suites.instance_id(family, params)}.json"
    witness.parent.mkdir(exist_ok=True)
    argv = ["instance", family, "--params", json.dumps(params), "--baseline", "--output", str(witness), "--json",
            "--budget-s", "300"]
    if suite is not None:
        argv += ["--suite-out", str(suite)]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["baseline"]["verifiers"] == "ACCEPT/ACCEPT" and doc["reference_type"] == "construction"
    assert doc["reference"] == doc["baseline"]["objective"] and doc["baseline"]["method"]
    return doc


def _check_witnesses(capsys, tmp_path: Path, suite: Path, count: int) -> None:
    code, out, err = run(capsys, "audit", "--witnesses", str(tmp_path / "w"), "--suite", str(suite))
    assert code == 0, out + err
    assert f"{count} of {count} witnesses hold" in out
    # without the suite file the new instances are unknown: the audit must not hold
    code, out, _ = run(capsys, "audit", "--witnesses", str(tmp_path / "w"))
    assert code == 1 and "is not an instance of any suite" in out


@pytest.mark.parametrize("family", FAST)
def test_fast_baselines_are_verified_and_their_witnesses_audit(capsys, tmp_path, family):
    suite = tmp_path / "mine.json"
    doc = _baseline(capsys, tmp_path, family, NEW[family], suite)
    assert doc["suite_call_id"] == f"u1-{family}-0"
    _check_witnesses(capsys, tmp_path, suite, 1)


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(set(NEW) - set(FAST)))
def test_every_other_family_baseline_is_verified_within_the_default_budget(capsys, tmp_path, family):
    suite = tmp_path / "mine.json"
    _baseline(capsys, tmp_path, family, NEW[family], suite)
    _check_witnesses(capsys, tmp_path, suite, 1)


def test_a_user_made_suite_goes_through_export_score_report_and_audit(capsys, tmp_path):
    suite = tmp_path / "series.json"
    for family, params in (("capset", {"d": 5}), ("labs", {"N": 30}), ("capset", {"d": 10})):
        run(capsys, "instance", family, "--params", json.dumps(params), "--suite-out", str(suite), "--tier", "S2")
        if params != {"d": 10}:
            _baseline(capsys, tmp_path, family, params, suite)       # replaces the row: same call id, now a reference
    run(capsys, "instance", "labs", "--params", '{"N": 30}', "--suite-out", str(suite))    # keeps the reference
    rows = json.loads(suite.read_text())["instances"]
    assert [r["call_id"] for r in rows] == ["s2-capset-0", "s2-labs-0", "s2-capset-1"]
    assert rows[1]["reference"] == "450/131" and rows[1]["reference_type"] == "construction"
    assert rows[0]["reference"] == "45" and rows[2]["reference"] == "2432" and rows[2]["reference_type"] == "published"
    assert [i.call_id for i in suites.load(str(suite))] == ["s2-capset-0", "s2-labs-0", "s2-capset-1"]

    code, out, _ = run(capsys, "instances", "--suite", str(suite), "--json")
    assert code == 0 and [i["call_id"] for i in json.loads(out)["instances"]] == [r["call_id"] for r in rows]

    prompts = tmp_path / "prompts.jsonl"
    assert run(capsys, "export", "--suite", str(suite), "--output", str(prompts))[0] == 0
    exported = [json.loads(line) for line in prompts.read_text().splitlines()]
    assert [e["call_id"] for e in exported] == ["s2-capset-0", "s2-labs-0", "s2-capset-1"]
    assert exported[0]["reference"] == 45

    answers = tmp_path / "answers.jsonl"
    lines = []
    for r in rows[:2]:
        witness = json.loads((tmp_path / "w" / f"{r['instance_id']}.json").read_text())
        lines.append(json.dumps({"call_id": r["call_id"], "answer": witness["answer"]}))
    lines.append(json.dumps({"call_id": "s2-capset-1", "answer": ["0000000000", "0000000001"]}))
    answers.write_text("\n".join(lines) + "\n")
    scores = tmp_path / "scores.json"
    code, out, err = run(capsys, "score", str(answers), "--suite", str(suite), "--output", str(scores))
    assert code == 0, err
    doc = json.loads(scores.read_text())
    assert doc["complete"] and doc["suite"] == str(suite)
    by_call = {r["call_id"]: r for r in doc["calls_scored"]}
    assert by_call["s2-capset-0"]["ratio"] == 1 and by_call["s2-labs-0"]["ratio"] == 1
    assert by_call["s2-capset-1"]["status"] == "ACCEPT" and by_call["s2-capset-1"]["ratio"] < 0.01

    code, out, err = run(capsys, "report", str(scores), "--raw")
    assert code == 0, err
    assert "s2-capset-0" in out and "s2-labs-0" in out

    code, out, _ = run(capsys, "audit", "--suite", str(suite), "--family", "labs")
    assert code == 0 and "s2-labs-0" in out and "no construction bundled" in out
    _check_witnesses(capsys, tmp_path, suite, 2)


def test_a_bad_suite_file_is_a_usage_error(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"instances": [{"call_id": "u1-capset-0", "tier": "U1", "seed": 0, "family": "capset",
                                              "params": {"d": 0}, "sense": "max"}]}))
    code, _, err = run(capsys, "instances", "--suite", str(bad))
    assert code == 2 and "invalid parameters" in err
    bad.write_text(json.dumps({"instances": [{"call_id": "u1-capset-0", "tier": "U1", "seed": 0, "family": "capset",
                                              "params": {"d": 3}, "sense": "max", "instance_id": "capset-000000000000"}]}))
    code, _, err = run(capsys, "export", "--suite", str(bad), "--output", str(tmp_path / "p.jsonl"))
    assert code == 2 and "!= computed" in err
    code, _, err = run(capsys, "score", "-", "--suite", str(tmp_path / "missing.json"), "--output", str(tmp_path / "s"))
    assert code == 2 and "cannot read the suite file" in err


@pytest.mark.parametrize("text, words", [
    ('{"instances": ' + "[" * 100_000 + "]" * 100_000 + "}", "deeper than"),   # a RecursionError traceback before
    ('{"instances": [], "instances": []}', "duplicate"),
    ('{"instances": [NaN]}', "NaN"),
])
def test_a_suite_file_is_read_as_strictly_as_an_answer(capsys, tmp_path, text, words):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    code, _, err = run(capsys, "instances", "--suite", str(bad))
    assert code == 2 and "is not strict JSON" in err and words in err, err


def test_instance_params_are_read_strictly(capsys):
    code, _, err = run(capsys, "instance", "capset", "--params", '{"d": 4, "d": 5}')
    assert code == 2 and "--params is not valid JSON" in err and "duplicate" in err, err


def test_a_baseline_over_budget_is_stopped(capsys):
    code, _, err = run(capsys, "instance", "heilbronn", "--params", '{"n": 30}', "--baseline", "--budget-s", "0.5")
    assert code == 2 and "did not finish within the budget of 0.5 s" in err


def test_a_baseline_result_the_verifiers_reject_is_not_a_reference(capsys, monkeypatch, tmp_path):
    line = baselines.Baseline(["000", "111", "222"], "a line, not a cap", {})
    monkeypatch.setattr(baselines.module("capset"), "baseline", lambda params, log: line)
    suite = tmp_path / "s.json"
    code, _, err = run(capsys, "instance", "capset", "--params", '{"d": 3}', "--baseline", "--suite-out", str(suite))
    assert code == 2 and "do not accept" in err and "REJECT" in err and not suite.exists()


def test_a_crashing_baseline_is_reported(capsys, monkeypatch):
    def boom(params, log):
        raise RuntimeError("generator broke")
    monkeypatch.setattr(baselines.module("labs"), "baseline", boom)
    code, _, err = run(capsys, "instance", "labs", "--params", '{"N": 30}', "--baseline")
    assert code == 2 and "generator broke" in err


def test_a_published_frontier_stays_as_recorded(capsys, tmp_path):
    """schur k = 6 is bench-v1 a3-schur-1 (published 536): the witness records 536, not the baseline's 406."""
    out = tmp_path / "w" / "s.json"
    out.parent.mkdir()
    code, text, err = run(capsys, "instance", "schur", "--params", '{"k": 6}', "--baseline", "--output", str(out),
                          "--json")
    doc = json.loads(text)
    assert code == 0 and doc["reference"] == "536" and doc["reference_type"] == "published"
    assert doc["baseline"]["objective"] == "406" and "ratio other than 1" in doc["baseline"]["note"]
    assert json.loads(out.read_text())["reference"] == 536
    index = json.loads((out.parent / "index.json").read_text())
    assert [r["witness"] for r in index["records"]] == ["s.json"]
    code, audit, _ = run(capsys, "audit", "--witnesses", str(out.parent))
    assert code == 1 and "expected exactly 1" in audit


def test_issue_21_domains_are_described_without_running_anything_large():
    """Instances at the new tops are described at once: no bound of millions of digits, no baseline DP or
    greedy walk over 1..n (each would take minutes or hours there)."""
    assert "d <= 12" in baselines.domain("capset", {"d": 10 ** 7})
    assert "20,000 points" in baselines.domain("apfree_q", {"q": 3, "n": 10 ** 7})
    assert "n <= 1,000,000" in baselines.domain("lineq", {"a": 1, "b": 2, "n": 10 ** 12})
    assert baselines.domain("lineq", {"a": 1, "b": 2, "n": 10 ** 6}) is None
    doc = new_instance.describe("capset", {"d": 10 ** 7})
    assert doc["bound"] is None and doc["bound_kind"] is None
    assert new_instance.describe("apfree_q", {"q": 7, "n": 10 ** 7})["bound"] is None
    assert new_instance.describe("lineq", {"a": 1, "b": 2, "n": 10 ** 12})["bound"] == "1000000000000"


def test_the_largest_complete_graph_written_by_the_degdiam_baseline_is_an_allowed_answer():
    """K_2200, the fallback at the top of the baseline's domain: its edge list as JSON (default separators)
    fits the answer limit with 2 MB to spare, within MAX_EDGES and the primary's work bound; K_2234 would
    leave less than 1.2 MB. Refused above (d = 2,200, so K_2201)."""
    from endless_exam.certificates.schemas import degdiam as schema
    from endless_exam.certificates.strictjson import MAX_BYTES

    def json_bytes(V: int) -> int:            # "[[0, 1], [0, 2], ...]": each edge "[i, j]", ", " between
        digits = [len(str(i)) for i in range(V)]
        later = sum(digits)
        total = 0
        for i in range(V):
            later -= digits[i]
            total += (V - 1 - i) * (digits[i] + 4) + later
        edges = V * (V - 1) // 2
        return total + 2 * (edges - 1) + 2

    top = baselines.module("degdiam").DEGDIAM_MAX_COMPLETE
    edges = top * (top - 1) // 2
    assert json_bytes(3) == len(json.dumps([[0, 1], [0, 2], [1, 2]]))
    assert json_bytes(top) <= MAX_BYTES - 2_000_000 < json_bytes(2234) < MAX_BYTES
    assert edges <= schema.MAX_EDGES and schema.work(top, edges, 10_000, top - 1) <= schema.MAX_PRIMARY_WORK
    assert baselines.domain("degdiam", {"d": top - 1, "k": 2}) is None
    assert "32 MiB" in baselines.domain("degdiam", {"d": top, "k": 2})


def test_domain_of_every_family_is_checked_before_running():
    assert baselines.domain("capset", {"d": 12}) is None and "d <= 12" in baselines.domain("capset", {"d": 13})
    assert baselines.domain("labs", {"N": 2}) and baselines.domain("labs", {"N": 3}) is None
    assert baselines.domain("labs", {"N": 100_000}) is None and "N <= 100,000" in baselines.domain("labs", {"N": 100_001})
    assert baselines.domain("heilbronn", {"n": 300}) is None and "n <= 300" in baselines.domain("heilbronn", {"n": 3500})
    assert "n <= 300" in baselines.domain("heilbronn_shape", {"n": 301, "T": [[0, 0], [10000, 0], [0, 10000]]})
    assert baselines.domain("mols", {"n": 211}) is None and baselines.domain("mols", {"n": 2702}) is None
    assert "work bounds" in baselines.domain("mols", {"n": 223}) and "work bounds" in baselines.domain("mols", {"n": 2701})
    assert "answer limit" in baselines.domain("mols", {"n": 2703})          # 2,703 = 3 x 17 x 53: two squares
    assert baselines.domain("kakeya", {"q": 5, "n": 1}) and baselines.domain("schur", {"k": 64}) is None
    with pytest.raises(baselines.OutsideDomain):
        baselines.baseline("apfree_q", {"q": 3, "n": 15})
    with pytest.raises(new_instance.InstanceError):
        new_instance.describe("capset", {"d": 10 ** 7 + 1})


def test_every_family_names_its_parameter_domain_when_the_parameters_are_refused(capsys):
    # the message after "Domain of F:" is the schema's own statement of its parameters, never just a title
    for family in FAMILIES:
        code, _, err = run(capsys, "instance", family, "--params", '{"nosuch": 1}')
        assert code == 2 and f"Domain of {family}: {{" in err, (family, err)
        assert "Answer schema" not in err and "``" not in err

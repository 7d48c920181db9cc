"""Export of prompts.jsonl (checker.suites.export, ``endless-exam export``; docs/SPECIFICATION.md section 7)."""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from endless_exam.certificates import contract
from endless_exam.checker import cli, prompts
from endless_exam.checker.suites import export
from endless_exam.checker.suites import instances as suites

BENCH = suites.load("bench-v1")
READY = [i for i in BENCH if i.implemented]
NOT_READY = [i for i in BENCH if not i.implemented]
FIELDS = ("call_id", "instance_id", "family", "family_group", "params", "tier", "seed", "sense", "reference",
          "reference_type", "anchor", "anchor_kind", "max_output_tokens", "verification_seconds", "system", "prompt")
EXTRA = {"reference_exact", "anchor_exact"}        # added by this project


def run_cli(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def strict_lines(path: Path) -> list[dict]:
    def no_constant(name):
        raise AssertionError(f"non-finite number {name} in the export")

    def pairs(items):
        keys = [k for k, _ in items]
        assert len(keys) == len(set(keys)), keys
        return dict(items)

    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    return [json.loads(line, parse_constant=no_constant, object_pairs_hook=pairs) for line in text.splitlines()]


@pytest.fixture(scope="module")
def partial(tmp_path_factory) -> list[dict]:
    out = tmp_path_factory.mktemp("export") / "prompts.jsonl"
    assert cli.main(["export", "--output", str(out), "--allow-partial"]) == 0
    return strict_lines(out)


def test_export_refuses_while_a_family_is_not_implemented(tmp_path, capsys):
    out = tmp_path / "prompts.jsonl"
    code, _, err = run_cli(capsys, "export", "--output", out)
    if not NOT_READY:
        assert code == 0 and len(strict_lines(out)) == 69
        pytest.skip("every bench-v1 family is implemented: nothing to refuse")
    assert code == 2
    assert f"{len(NOT_READY)} calls" in err and "--allow-partial" in err
    for fam in {i.family for i in NOT_READY}:
        assert fam in err
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_refusal_leaves_an_existing_file_alone(tmp_path, capsys):
    if not NOT_READY:
        pytest.skip("every bench-v1 family is implemented")
    out = tmp_path / "prompts.jsonl"
    out.write_text("old\n")
    assert run_cli(capsys, "export", "--output", out)[0] == 2
    assert out.read_text() == "old\n"


def test_allow_partial_writes_only_implemented_calls_in_suite_order(partial, capsys, tmp_path):
    assert [r["call_id"] for r in partial] == [i.call_id for i in READY]
    assert "capset" in {r["family"] for r in partial}
    code, _, err = run_cli(capsys, "export", "--output", tmp_path / "p.jsonl", "--allow-partial")
    assert code == 0 and f"wrote {len(READY)} prompts" in err
    if NOT_READY:
        assert "skipped" in err and f"{len(NOT_READY)} calls" in err
    assert not (tmp_path / "p.jsonl.tmp").exists()


def test_every_record_has_the_upstream_fields(partial):
    by_call = {i.call_id: i for i in READY}
    for rec in partial:
        assert set(FIELDS) <= set(rec), rec["call_id"]
        assert set(rec) - set(FIELDS) <= EXTRA
        inst = by_call[rec["call_id"]]
        assert rec["instance_id"] == inst.instance_id == suites.instance_id(inst.family, inst.params)
        assert (rec["family"], rec["family_group"], rec["params"]) == (inst.family, inst.family_group, inst.params)
        assert (rec["tier"], rec["seed"], rec["sense"]) == (inst.tier, inst.seed, inst.sense)
        assert rec["reference_type"] == inst.reference_type and rec["anchor_kind"] == inst.bound_kind
        assert rec["max_output_tokens"] == 128000 and rec["verification_seconds"] == 60
        assert rec["system"] == prompts.SYSTEM
        assert rec["prompt"] == prompts.prompt(inst.family, inst.params)
        assert rec["reference_exact"] == str(inst.reference)
        if isinstance(inst.reference, int):
            assert type(rec["reference"]) is int and rec["reference"] == inst.reference
        else:
            assert type(rec["reference"]) is float and rec["reference"] == float(inst.reference)
        if inst.bound is not None:
            assert rec["anchor_exact"] == str(inst.bound)
            assert rec["anchor"] == (inst.bound if isinstance(inst.bound, int) else float(inst.bound))


def test_capset_records(partial):
    by_call = {r["call_id"]: r for r in partial}
    rec = by_call["a3-capset-11"]
    assert rec["params"] == {"d": 9} and rec["reference"] == 1082 and rec["reference_exact"] == "1082"
    assert rec["reference_type"] == "published" and rec["anchor"] == 2070 and rec["anchor_kind"] == "bound"
    assert rec["tier"] == "A3" and rec["seed"] == 11 and rec["family_group"] == "capset" and rec["sense"] == "max"
    assert "1082" not in rec["prompt"]
    assert by_call["a3-capset-0"]["anchor"] == 5619


def test_model_inputs_only(tmp_path, capsys):
    out = tmp_path / "inputs.jsonl"
    assert run_cli(capsys, "export", "--output", out, "--allow-partial", "--model-inputs-only")[0] == 0
    rows = strict_lines(out)
    assert len(rows) == len(READY)
    for rec, inst in zip(rows, READY):
        assert list(rec) == ["call_id", "instance_id", "system", "prompt"]
        assert rec["call_id"] == inst.call_id and rec["instance_id"] == inst.instance_id
        assert rec["system"] == prompts.SYSTEM and rec["prompt"] == prompts.prompt(inst.family, inst.params)
    # nothing that gives the reference away
    text = out.read_text()
    assert "reference" not in text and "1082" not in text


def test_tool_assisted_track(tmp_path, capsys):
    out = tmp_path / "tools.jsonl"
    assert run_cli(capsys, "export", "--output", out, "--allow-partial", "--track", "tool-assisted")[0] == 0
    rows = strict_lines(out)
    assert [r["call_id"] for r in rows] == [i.call_id for i in READY]
    for rec, inst in zip(rows, READY):
        assert "system" not in rec
        assert "/workspace/answer.json" in rec["prompt"]
        assert rec["prompt"] == prompts.prompt(inst.family, inst.params, "tool-assisted")
        assert set(FIELDS) - {"system"} <= set(rec)
    out2 = tmp_path / "tools-inputs.jsonl"
    assert run_cli(capsys, "export", "--output", out2, "--allow-partial", "--track", "tool-assisted",
                   "--model-inputs-only")[0] == 0
    assert all(list(r) == ["call_id", "instance_id", "prompt"] for r in strict_lines(out2))


def test_rational_reference_is_a_float_with_the_exact_string(monkeypatch):
    rational = [i for i in BENCH if isinstance(i.reference, Fraction)]
    assert rational, "bench-v1 has rational references (LABS, Heilbronn)"
    # the prompt text is not under test here: stub it so that unimplemented families can be exported too
    monkeypatch.setattr(prompts, "prompt", lambda family, params, track="tool-free": f"prompt for {family}")
    for inst in rational:
        rec = export.record(inst)
        assert type(rec["reference"]) is float and rec["reference"] == float(inst.reference)
        assert rec["reference_exact"] == f"{inst.reference.numerator}/{inst.reference.denominator}"
        assert Fraction(rec["reference_exact"]) == inst.reference
        line = json.loads(json.dumps(rec))
        assert type(line["reference"]) is float
    labs = next(i for i in BENCH if i.call_id == "a3-labs-0")
    rec = export.record(labs)
    assert rec["reference"] == 1400 / 251 and rec["reference_exact"] == "1400/251"
    assert rec["anchor"] == 12.32 and rec["anchor_exact"] == "308/25" and rec["anchor_kind"] == "conjecture"


def test_rational_references_of_implemented_families_in_the_file(partial):
    by_call = {i.call_id: i for i in READY}
    for rec in partial:
        ref = by_call[rec["call_id"]].reference
        if isinstance(ref, Fraction):
            assert type(rec["reference"]) is float and Fraction(rec["reference_exact"]) == ref


def test_integer_reference_stays_an_integer():
    inst = suites.find("a3-capset-2")
    rec = export.record(inst)
    assert rec["reference"] == 5504 and type(rec["reference"]) is int and rec["reference_exact"] == "5504"


def test_instance_without_reference_exports_nulls(tmp_path, capsys):
    out = tmp_path / "series.jsonl"
    assert run_cli(capsys, "export", "--output", out, "--suite", "size-series", "--allow-partial")[0] == 0
    rows = {r["call_id"]: r for r in strict_lines(out)}
    no_ref = [i for i in suites.load("size-series") if i.implemented and i.reference is None]
    assert no_ref
    for inst in no_ref:
        rec = rows[inst.call_id]
        assert rec["reference"] is None and rec["reference_exact"] is None and rec["reference_type"] is None


def test_export_of_an_unimplemented_family_record_is_refused(monkeypatch):
    real = contract._exists
    monkeypatch.setattr(contract, "_exists", lambda name: not name.endswith(".capset") and real(name))
    inst = suites.find("a3-capset-11")
    ready, missing = export.split([inst])
    assert ready == [] and missing == [inst]
    with pytest.raises(contract.FamilyNotImplemented):
        export.record(inst)


def test_unknown_track_or_suite_is_a_usage_error(tmp_path, capsys):
    out = tmp_path / "p.jsonl"
    assert run_cli(capsys, "export", "--output", out, "--allow-partial", "--track", "tools")[0] == 2
    assert run_cli(capsys, "export", "--output", out, "--allow-partial", "--suite", "bench-v9")[0] == 2
    assert run_cli(capsys, "export", "--allow-partial")[0] == 2
    assert not out.exists()


# ---- output paths (issue 8, item 4) --------------------------------------------------------------------

import os
import stat


def test_export_into_a_missing_directory_is_a_clear_error(tmp_path, capsys):
    """Reproduction: `export --output /missing/dir/x` printed "internal error: FileNotFoundError"."""
    code, _, err = run_cli(capsys, "export", "--output", tmp_path / "missing" / "dir" / "x", "--allow-partial")
    assert code == 2 and "internal error" not in err and "does not exist" in err


def test_export_onto_a_directory_is_a_clear_error(tmp_path, capsys):
    """Reproduction: `export --output DIR` printed "internal error: IsADirectoryError"."""
    target = tmp_path / "dir"
    target.mkdir()
    code, _, err = run_cli(capsys, "export", "--output", target, "--allow-partial")
    assert code == 2 and "internal error" not in err and "is a directory" in err
    assert target.is_dir() and os.listdir(tmp_path) == ["dir"]        # no temporary file left behind


def test_export_never_replaces_a_device_or_fifo(tmp_path, capsys):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    code, _, err = run_cli(capsys, "export", "--output", fifo, "--allow-partial")
    assert code == 2 and "not a regular file" in err and stat.S_ISFIFO(os.stat(fifo).st_mode)
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o644 | stat.S_IFCHR, os.makedev(1, 3))
    except OSError:
        return          # not root: no device node to test with
    code, _, err = run_cli(capsys, "export", "--output", device, "--allow-partial")
    assert code == 2 and "not a regular file" in err and stat.S_ISCHR(os.stat(device).st_mode)


def test_export_leaves_no_temporary_file_and_respects_the_umask(tmp_path, capsys):
    out = tmp_path / "prompts.jsonl"
    assert run_cli(capsys, "export", "--output", out, "--allow-partial")[0] == 0
    assert os.listdir(tmp_path) == ["prompts.jsonl"]
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o666 & ~mask

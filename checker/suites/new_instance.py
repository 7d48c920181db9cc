"""``endless-exam instance FAMILY --params JSON``: any parameters as a scored instance, with a baseline reference.

* The instance: its id (computed as the suites compute it), sense, bound and its kind (the family's bound
  formula), and every suite instance with the same id (a published frontier stays as recorded there).
* ``--baseline``: the family's documented baseline algorithm (``baseline()`` of ``checker/constructions/<key>.py``,
  beside the family's generator, found through the registry ``checker/constructions/baselines.py``) runs in a
  child process under a wall-clock budget (``--budget-s``; the child is killed when it runs out), then both
  verifiers check the result through the harness. Only a result both verifiers ACCEPT (with equal
  objectives) becomes a reference; it is stated as a baseline (``reference_type`` ``construction``) with the
  method and its parameters.
* ``--output FILE``: the witness file in the layout of the reference witnesses (``answer``, ``source``,
  ``family``, ``params``, ``reference``, ``reference_type``; plus ``method`` and ``method_parameters``), and
  its record in ``index.json`` beside it (added or replaced), so ``audit --witnesses DIR`` re-checks it. The
  witness records the reference of the suite it is audited against: the bundled suite's (a published value
  the baseline may not reach), or with ``--suite-out`` the new row's.
* ``--suite-out FILE``: adds the instance (or replaces it: the same instance id) to a suite file in the
  format of ``fixtures/suites/*.json``, created if absent; ``export``, ``score``, ``report`` and ``audit``
  accept it with ``--suite FILE``. Call ids are ``TIER-family-SEED`` (``--tier``, default U1; the seed is
  the next free one of the family in that tier). With ``--baseline``, the row's reference is the baseline's
  verified value (``construction``) whenever it differs from a bundled suite's published reference, which
  the row's note names (so ``audit --witnesses DIR --suite FILE`` holds for the witnesses written with it).
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

from endless_exam.certificates.errors import ParamsError
from endless_exam.certificates.params import validate
from endless_exam.certificates.verdict import Status, objective_to_str

from endless_exam.checker.constructions import baselines
from endless_exam.checker.verify import harness
from endless_exam.checker.suites import instances as suites
from endless_exam.certificates.contract import FAMILIES
from endless_exam.checker.families import load

DEFAULT_BUDGET_S = 300.0
MAX_BUDGET_S = 86_400.0
DEFAULT_TIER = "U1"


class InstanceError(Exception):
    """A usage error: bad family or parameters, parameters outside the baseline's domain, bad files."""


class BaselineFailed(Exception):
    """The baseline ran out of budget, crashed, or its result is not accepted by both verifiers."""


def _text(value: Any) -> str | None:
    return None if value is None else objective_to_str(value)


def _domain_text(family: str) -> str:
    """The family's parameter domain, as its schema's ``validate_params`` states it (the module
    docstring's first paragraph is only the family's title)."""
    doc = FAMILIES[family].schema().validate_params.__doc__ or ""
    return " ".join(doc.replace("``", "").split())


def describe(family: str, raw_params: Any) -> dict:
    """The instance of ``family`` with ``raw_params`` (``InstanceError`` naming the domain if invalid)."""
    if family not in FAMILIES:
        import difflib

        close = difflib.get_close_matches(str(family), list(FAMILIES), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise InstanceError(f"unknown family {family!r}{hint}; known: {', '.join(FAMILIES)}")
    if not FAMILIES[family].implemented:
        raise InstanceError(f"family {family!r} is not implemented yet")
    try:
        params = validate(family, raw_params)
    except ParamsError as exc:
        raise InstanceError(f"{exc}. Domain of {family}: {_domain_text(family)}") from None
    bound = load(family).SPEC.bound(params)
    iid = suites.instance_id(family, params)
    recorded = [{"suite": i.suite, "call_id": i.call_id, "reference": _text(i.reference),
                 "reference_type": i.reference_type, "citation": i.citation} for i in suites.by_instance_id(iid)]
    return {"family": family, "params": params, "instance_id": iid, "sense": FAMILIES[family].sense,
            "bound": None if bound is None else _text(bound[0]), "bound_kind": None if bound is None else bound[1],
            "suites": recorded, "baseline_domain": baselines.domain(family, params)}


# ---- running the baseline under a budget ---------------------------------------------------------------

def _child(family: str, params: dict, conn) -> None:
    try:
        os.dup2(2, 1)                  # a generator's prints go to stderr, never into the command's output
        sys.stdout = sys.stderr
    except OSError:
        pass

    def log(line: str) -> None:
        print(f"  {line}", file=sys.stderr, flush=True)
    try:
        b = baselines.baseline(family, params, log)
        conn.send(("ok", b.answer, b.method, b.parameters))
    except BaseException as exc:      # the parent reports it; nothing may escape the child
        conn.send(("error", f"{type(exc).__name__}: {exc}", None, None))
    finally:
        conn.close()


def run_baseline(family: str, params: dict, budget_s: float,
                 progress: Callable[[float], None] | None = None) -> baselines.Baseline:
    """The baseline's result, computed in a forked child that is killed after ``budget_s`` seconds."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(family, params, child), daemon=True)
    started = time.monotonic()
    proc.start()
    child.close()
    try:
        while not parent.poll(0.5):
            elapsed = time.monotonic() - started
            if progress:
                progress(elapsed)
            if elapsed > budget_s:
                raise BaselineFailed(f"the baseline did not finish within the budget of {budget_s:g} s "
                                     "(raise --budget-s)")
            if not proc.is_alive() and not parent.poll(0):
                raise BaselineFailed(f"the baseline process ended without a result (exit code {proc.exitcode})")
        try:
            kind, answer, method, parameters = parent.recv()
        except EOFError:
            raise BaselineFailed("the baseline process ended without a result") from None
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join(5)
        parent.close()
    if kind != "ok":
        raise BaselineFailed(f"the baseline failed: {answer}")
    return baselines.Baseline(answer, method, parameters)


def verified(family: str, params: dict, b: baselines.Baseline, *, time_limit: float, memory_limit: int):
    """Both verifiers on the baseline's answer; ``BaselineFailed`` unless both ACCEPT."""
    payload = json.dumps({"answer": b.answer}).encode("utf-8")
    res = harness.verify(family, params, payload, "file", time_limit=time_limit, memory_limit=memory_limit)
    if res.status is not Status.ACCEPT:
        raise BaselineFailed(f"the verifiers do not accept the baseline's result: {res.status.value} "
                             f"{res.reason}: {res.message}")
    return res


# ---- files ----------------------------------------------------------------------------------------------

def _reference_json(value) -> int | str:
    return value if isinstance(value, int) else objective_to_str(value)


def _atomic_write(path: Path, text: str) -> None:
    from endless_exam.checker.files.outputs import write_text

    write_text(str(path), text)


def _read_json(path: Path, what: str) -> Any:
    from endless_exam.certificates.strictjson import MAX_BYTES

    from endless_exam.checker.files.reading import DocumentError, read_strict_json

    try:
        return read_strict_json(str(path), MAX_BYTES, what)
    except DocumentError as exc:
        raise InstanceError(str(exc)) from None


def write_witness(path: str, info: dict, answer: Any, reference, reference_type: str, source: str,
                  method: str | None = None, parameters: dict | None = None) -> Path:
    """The witness file and its record in ``index.json`` of the same directory (added or replaced)."""
    target = Path(path)
    if target.name == "index.json" or target.is_dir():
        raise InstanceError(f"--output {path} must name a witness file (index.json beside it is kept up to date)")
    if not target.parent.is_dir():
        raise InstanceError(f"--output {path}: the directory {target.parent} does not exist")
    doc = {"answer": answer, "source": source, "family": info["family"], "params": info["params"],
           "reference": _reference_json(reference), "reference_type": reference_type}
    if method is not None:
        doc.update(method=method, method_parameters=parameters or {})
    data = json.dumps(doc, separators=(",", ":")) + "\n"
    index_path = target.parent / "index.json"
    index = _read_json(index_path, "witness index") if index_path.exists() else {"version": "1", "records": []}
    if not isinstance(index, dict) or not isinstance(index.get("records"), list):
        raise InstanceError(f"{index_path} is not a witness index (an object with a 'records' list)")
    record = {"instance_id": info["instance_id"], "family": info["family"], "params": info["params"],
              "reference": doc["reference"], "reference_type": reference_type, "witness": target.name,
              "sha256": hashlib.sha256(data.encode("utf-8")).hexdigest(), "source": source}
    index["records"] = [r for r in index["records"]
                        if not (isinstance(r, dict) and r.get("instance_id") == info["instance_id"])] + [record]
    _atomic_write(target, data)
    _atomic_write(index_path, json.dumps(index, indent=1) + "\n")
    return target


def existing_suite_out(path: str) -> dict:
    """The suite file at ``--suite-out`` (it exists), read bounded and checked in shape before any work: an
    object with an 'instances' list of objects whose reference, if any, is an exact number."""
    doc = _read_json(Path(path), "suite file")
    if not isinstance(doc, dict) or not isinstance(doc.get("instances"), list):
        raise InstanceError(f"{path} is not a suite file (an object with an 'instances' list)")
    for n, row in enumerate(doc["instances"]):
        if not isinstance(row, dict):
            raise InstanceError(f"{path}: instance {n} is not an object")
        try:
            suites._exact(row.get("reference"), "reference", f"{path}: instance {n}")
        except suites.SuiteDataError as exc:
            raise InstanceError(str(exc)) from None
    return doc


def add_to_suite(path: str, info: dict, reference, reference_type: str | None, citation: str | None,
                 note: str | None, tier: str) -> str:
    """Add (or replace) the instance in the suite file ``path``; returns its call id."""
    if not tier or not tier.isalnum():
        raise InstanceError(f"--tier must be letters and digits (e.g. U1), got {tier!r}")
    target = Path(path)
    if target.exists():
        doc = existing_suite_out(path)
    else:
        if not target.parent.is_dir():
            raise InstanceError(f"--suite-out {path}: the directory {target.parent} does not exist")
        doc = {"suite": target.stem, "description": "A suite made with endless-exam instance --suite-out.",
               "fields": {"reference": "exact reference h (integer or p/q)", "bound": "exact bound b (integer or p/q)"},
               "instances": []}
    rows = doc["instances"]
    old = next((r for r in rows if r.get("instance_id") == info["instance_id"]), None)
    if old is not None:
        seed, tier = old["seed"], old["tier"]
        if reference is None and old.get("reference") is not None:     # describing again keeps a reference
            kept = Fraction(suites._exact(old["reference"], "reference", path))
            reference = kept.numerator if kept.denominator == 1 else kept
            reference_type = old.get("reference_type")
            citation, note = old.get("citation"), old.get("note")
    else:
        used = {r.get("seed") for r in rows if r.get("family") == info["family"] and r.get("tier") == tier}
        seed = next(s for s in range(len(used) + 1) if s not in used)
    row = {"call_id": suites.call_id(tier, info["family"], seed), "tier": tier, "seed": seed,
           "instance_id": info["instance_id"], "family": info["family"], "params": info["params"],
           "sense": info["sense"], "reference": _text(reference), "reference_type": reference_type,
           "bound": info["bound"], "bound_kind": info["bound_kind"], "citation": citation, "note": note}
    doc["instances"] = [row if r is old else r for r in rows] if old is not None else rows + [row]
    text = json.dumps(doc, indent=1) + "\n"
    _atomic_write(target, text)
    try:
        suites.load_file(str(target))       # what export/score/report/audit will read must load
    except suites.SuiteDataError as exc:
        raise InstanceError(f"the suite file {path} does not load: {exc}") from None
    return row["call_id"]


# ---- the command ------------------------------------------------------------------------------------------

def _terminal_progress(label: str, budget_s: float) -> Callable[[float], None] | None:
    if not sys.stderr.isatty():
        return None

    def show(elapsed: float) -> None:
        print(f"\r{label}: {elapsed:6.1f} s of {budget_s:g} s", end="", file=sys.stderr, flush=True)
    return show


def run(family: str, params_text: str, *, want_baseline: bool, output: str | None, suite_out: str | None,
        tier: str, budget_s: float, time_limit: float, memory_limit: int, as_json: bool) -> int:
    from endless_exam.certificates.errors import AnswerError
    from endless_exam.certificates.strictjson import loads

    try:
        raw = loads(params_text)
    except AnswerError as exc:
        raise InstanceError(f"--params is not valid JSON: {exc.message}") from None
    if not 0 < budget_s <= MAX_BUDGET_S:
        raise InstanceError(f"--budget-s must be in (0, {MAX_BUDGET_S:,.0f}] seconds, got {budget_s:g}")
    if suite_out and os.path.lexists(suite_out):
        existing_suite_out(suite_out)     # a malformed --suite-out is a usage error before any work
    info = describe(family, raw)
    params = info["params"]
    published = next((s for s in info["suites"] if s["reference"] is not None), None)
    if want_baseline and info["baseline_domain"]:
        raise InstanceError(f"{family} {json.dumps(params)} is outside the baseline's domain: {info['baseline_domain']}")
    if output and not want_baseline:
        raise InstanceError("--output writes the baseline's witness: use it with --baseline")
    result: dict[str, Any] = {**info, "baseline": None}
    reference, reference_type, citation, note = None, None, None, None
    if published:
        reference, reference_type = Fraction(published["reference"]), published["reference_type"]
        citation = published["citation"]
        reference = reference.numerator if reference.denominator == 1 else reference
    if want_baseline:
        label = f"baseline {family} {json.dumps(params)}"
        print(f"{label}: running (budget {budget_s:g} s)", file=sys.stderr, flush=True)
        started = time.monotonic()
        progress = _terminal_progress(label, budget_s)
        try:
            b = run_baseline(family, params, budget_s, progress)
        finally:
            if progress:
                print(file=sys.stderr)
        seconds = time.monotonic() - started
        res = verified(family, params, b, time_limit=time_limit, memory_limit=memory_limit)
        objective = res.objective
        result["baseline"] = {"objective": objective_to_str(objective), "method": b.method, "parameters": b.parameters,
                              "seconds": round(seconds, 3), "verifiers": f"{res.primary.status.value}/{res.second.status.value}",
                              "reference_type": "construction"}
        if not published:
            reference, reference_type = objective, "construction"
            note = f"baseline reference: {b.method} Parameters: {json.dumps(b.parameters)}"
        elif suite_out and Fraction(objective) != Fraction(reference):
            # the witness records the reference of the suite it is audited against: with --suite-out that is
            # the new row, which states the baseline's value (so audit --witnesses DIR --suite FILE holds) and
            # names the published one in its note; without --suite-out the bundled suite's published value
            known = f"the published reference is {published['reference']} ({published['suite']} {published['call_id']})"
            note = f"baseline reference: {b.method} Parameters: {json.dumps(b.parameters)}; {known}"
            reference, reference_type, citation = objective, "construction", None
            published = None
            result["baseline"]["note"] = (f"{known}; the baseline reaches {objective_to_str(objective)}, "
                                          "which is this instance's reference in the witness and in --suite-out (so "
                                          "audit --witnesses DIR --suite FILE holds; against the bundled suites it "
                                          "reports a ratio other than 1)")
        elif published and Fraction(objective) != Fraction(reference):
            result["baseline"]["note"] = (f"the witness records the suite's reference {published['reference']}; "
                                          f"the baseline reaches {objective_to_str(objective)}, so audit --witnesses "
                                          "reports a ratio other than 1 (with --suite-out FILE the new row and the "
                                          "witness state the baseline's value instead)")
        if output:
            source = (f"endless-exam instance {family} --params '{json.dumps(params, separators=(',', ':'))}' --baseline: "
                      f"{b.method}")
            path = write_witness(output, info, b.answer, reference if published else objective,
                                 reference_type, source, b.method, b.parameters)
            result["baseline"]["witness"] = str(path)
    if suite_out:
        result["suite_call_id"] = add_to_suite(suite_out, info, reference, reference_type, citation, note, tier)
    result["reference"], result["reference_type"] = _text(reference), reference_type
    if as_json:
        print(json.dumps(result, indent=1))
    else:
        _print(result)
    return 0


def _print(r: dict) -> None:
    print(f"instance   {r['instance_id']}  ({r['family']} {json.dumps(r['params'])})")
    print(f"sense      {r['sense']}")
    print(f"bound      {r['bound'] or '-'}" + (f" ({r['bound_kind']})" if r["bound_kind"] else ""))
    for s in r["suites"]:
        print(f"in suite   {s['suite']}: {s['call_id']}, reference {s['reference'] or '-'} ({s['reference_type'] or '-'})"
              + (f", {s['citation']}" if s["citation"] else ""))
    if not r["suites"]:
        print("in suite   none (a new instance)")
    b = r["baseline"]
    if b is not None:
        print(f"baseline   {b['objective']} in {b['seconds']:.1f} s, verifiers {b['verifiers']}")
        print(f"method     {b['method']}")
        print(f"parameters {json.dumps(b['parameters'])}")
        if "witness" in b:
            print(f"witness    {b['witness']} (and its record in index.json beside it)")
        if "note" in b:
            print(f"note       {b['note']}")
    elif r["baseline_domain"]:
        print(f"baseline   not available: {r['baseline_domain']}")
    print(f"reference  {r['reference'] or '-'}" + (f" ({r['reference_type']})" if r["reference_type"] else "")
          + (" -- a baseline reference (the method above)" if b is not None and r["reference_type"] == "construction"
             and not any(s["reference"] for s in r["suites"]) else ""))
    if r.get("suite_call_id"):
        print(f"suite      written as {r['suite_call_id']}")

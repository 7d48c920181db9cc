"""Scoring a run: ``answers.jsonl`` -> ``scores.json`` (BENCHMARK.md sections 5-7).

Every answer that can earn a score goes through the harness (both verifiers, own processes, limits).
Outcome classes, decided in this order for each call:
1. infrastructure (``error``, ``finish_reason`` or ``verify_msg`` is an infrastructure reason) -> missing;
2. tool-free track: ``finish_reason`` other than ``stop`` -> zero; ``output_tokens`` above 128,000 -> zero;
   tool-assisted track: ``submission_within_deadline`` false -> zero; a finish reason other than
   stop/timeout/resource_limit/length -> zero; no token cap;
3. an answer whose JSON breaks a strictness rule -> REJECT with that reason (zero);
4. otherwise both verifiers: ACCEPT -> its ratio; REJECT, TIMEOUT, LIMIT -> zero; ERROR -> missing
   (``verification_process_failed``, or ``family_not_implemented``); DISAGREE -> missing and flagged
   (``independent_verifier_disagreement``).
Each finished call is appended at once to ``<output>.progress.jsonl`` (first line: a header with the
answers file's SHA-256, the track, the suite and the checker version). Running the same command again
reuses every finished call and verifies only the rest; a header that does not match is an error
unless ``--restart`` is given. ``scores.json`` is written atomically at the end, also when calls failed.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from fractions import Fraction
from typing import Callable

from endless_exam.certificates.verdict import Status, objective_from_str, objective_to_float, objective_to_str

from . import __version__, harness
from .answers import AnswerRecord, AnswersFileError
from .scoring import ratio, ratio_float
from .suites import Instance

TOKEN_BUDGET = 128_000
TOOL_FINISH_OK = frozenset({"stop", "timeout", "resource_limit", "length"})


class ScoreError(Exception):
    pass


def _verdict_summary(v, seconds: float) -> dict:
    return {"status": v.status.value, "objective": objective_to_str(v.objective), "reason": v.reason,
            "message": v.message, "seconds": round(seconds, 4)}


def _base_row(inst: Instance) -> dict:
    return {
        "call_id": inst.call_id, "instance_id": inst.instance_id, "family": inst.family,
        "family_group": inst.family_group, "params": inst.params, "sense": inst.sense,
        "reference": None if inst.reference is None else str(inst.reference),
        "reference_float": objective_to_float(inst.reference),
        "reference_type": inst.reference_type, "bound": None if inst.bound is None else str(inst.bound),
        "bound_kind": inst.bound_kind,
    }


def _finish(row: dict, inst: Instance, outcome: str, status: str, valid: bool, objective, reason, message) -> dict:
    r = ratio(objective, inst.reference, inst.sense, valid) if outcome != "missing" else None
    row.update({
        "outcome": outcome, "status": status, "valid": valid,
        "objective": objective_to_str(objective) if objective is not None else None,
        "objective_float": objective_to_float(objective),
        "reason": reason, "message": message,
        "ratio": ratio_float(r), "ratio_exact": None if r is None else objective_to_str(r),
        "published_breakthrough": bool(r is not None and inst.reference_type == "published" and r > 1),
    })
    return row


def score_record(rec: AnswerRecord, inst: Instance, track: str, time_limit: float, memory_limit: int) -> dict:
    """Score one call; never raises on bad answers (they become rows)."""
    row = _base_row(inst)
    row["line"] = rec.line
    infra = rec.infrastructure_reason
    if infra is not None:
        return _finish(row, inst, "missing", "MISSING", False, None, infra, f"infrastructure failure: {infra}")
    if track == "tool-free":
        if rec.finish_reason != "stop":
            return _finish(row, inst, "zero", "ZERO", False, None, f"finish_reason:{rec.finish_reason}",
                           "generation did not finish normally")
        if rec.output_tokens is not None and rec.output_tokens > TOKEN_BUDGET:
            return _finish(row, inst, "zero", "ZERO", False, None, "output_token_budget",
                           f"output exceeded the {TOKEN_BUDGET:,}-token budget ({rec.output_tokens:,})")
    else:
        if rec.submission_within_deadline is not True:
            why = "no submission_within_deadline flag" if rec.submission_within_deadline is None else "submitted after the deadline"
            return _finish(row, inst, "zero", "ZERO", False, None, "deadline", why)
        if rec.finish_reason not in TOOL_FINISH_OK:
            return _finish(row, inst, "zero", "ZERO", False, None, f"finish_reason:{rec.finish_reason}",
                           "the session did not end normally")
    if not inst.implemented:
        return _finish(row, inst, "missing", "MISSING", False, None, "family_not_implemented",
                       f"family {inst.family!r} is not implemented yet; the answer was not verified")
    if rec.answer_error is not None:
        reason, message = rec.answer_error
        return _finish(row, inst, "scored", "REJECT", False, None, reason, message)
    if rec.has_answer:
        payload, kind = rec.answer_json.encode("ascii"), "json"
    else:   # a lone surrogate cannot be UTF-8: it reaches the verifiers as bytes that fail to decode (rejected)
        payload, kind = (rec.content or "").encode("utf-8", "surrogatepass"), "text"
    res = harness.verify(inst.family, inst.params, payload, kind, time_limit=time_limit, memory_limit=memory_limit)
    row["primary"] = _verdict_summary(res.primary, res.primary_seconds)
    row["second"] = _verdict_summary(res.second, res.second_seconds)
    row["witness"] = res.witness
    row["witness_checks"] = res.witness_checks
    status = res.status
    if status is Status.ACCEPT:
        return _finish(row, inst, "scored", "ACCEPT", True, res.objective, None, res.message)
    if status in (Status.REJECT, Status.TIMEOUT, Status.LIMIT):
        return _finish(row, inst, "scored", status.value, False, None, res.reason, res.message)
    if status is Status.DISAGREE:
        return _finish(row, inst, "missing", "DISAGREE", False, None, "independent_verifier_disagreement", res.message)
    not_impl = "FAMILY_NOT_IMPLEMENTED" in (res.primary.reason, res.second.reason)
    return _finish(row, inst, "missing", "ERROR", False, None,
                   "family_not_implemented" if not_impl else "verification_process_failed", res.message)


# ---- progress file ---------------------------------------------------------------------------------

def _sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


REUSABLE_OUTCOMES = ("scored", "zero")   # rows that a resumed run keeps; missing ones are redone


class Progress:
    def __init__(self, path: str, header: dict, restart: bool) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.stopped = False
        self.done: dict[str, dict] = {}
        lines: list[str] = []
        if os.path.exists(path) and not restart:
            with open(path, "r", encoding="utf-8") as fh:
                lines = fh.read().splitlines()
        if lines and not restart:
            try:
                old = json.loads(lines[0])
            except ValueError:
                old = "torn" if len(lines) == 1 else None   # killed while writing the header: start afresh
            if old == "torn":
                old = header
            if old != header:
                raise ScoreError(f"{path} belongs to a different run (answers file, track, suite or checker version "
                                 f"differ); use --restart to discard it")
            for line in lines[1:]:
                try:
                    row = json.loads(line)
                except ValueError:
                    break                     # a line cut short by an interruption: redo that call
                if row.get("outcome") in REUSABLE_OUTCOMES:
                    self.done[row["call_id"]] = row
            with open(path, "w", encoding="utf-8") as fh:   # rewrite without a torn last line
                fh.write(json.dumps(header) + "\n")
                for row in self.done.values():
                    fh.write(json.dumps(row) + "\n")
        else:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(json.dumps(header) + "\n")

    def add(self, row: dict) -> None:
        with self.lock:
            if self.stopped:          # an interrupted run records nothing more (killed verifiers are not verdicts)
                return
            with open(self.path, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(row) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
            self.done[row["call_id"]] = row


class Bar:
    """A plain progress line on a terminal (stderr), silent otherwise."""

    def __init__(self, total: int, done: int) -> None:
        self.total, self.count = total, done
        self.enabled = sys.stderr.isatty()
        self.started = time.perf_counter()
        self.draw()

    def draw(self) -> None:
        if not self.enabled:
            return
        width = 30
        filled = int(width * self.count / self.total) if self.total else width
        elapsed = time.perf_counter() - self.started
        sys.stderr.write(f"\rscoring [{'#' * filled}{'.' * (width - filled)}] {self.count}/{self.total}  {elapsed:6.1f} s")
        sys.stderr.flush()

    def step(self) -> None:
        self.count += 1
        self.draw()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")


# ---- the run ---------------------------------------------------------------------------------------

def run(answers_path: str, output: str, instances: tuple[Instance, ...], *, suite: str, track: str = "tool-free",
        allow_partial: bool = False, jobs: int = 1, restart: bool = False, duplicates: str = "error",
        time_limit: float = harness.DEFAULT_TIME_LIMIT, memory_limit: int = harness.DEFAULT_MEMORY_LIMIT,
        log: Callable[[str], None] = lambda m: print(m, file=sys.stderr)) -> dict:
    from . import answers as answers_mod

    out_dir = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(out_dir):
        raise ScoreError(f"the output directory {out_dir} does not exist")
    if os.path.isdir(output):
        raise ScoreError(f"the output {output} is a directory")
    if os.path.exists(output) and os.path.exists(answers_path) and os.path.samefile(output, answers_path):
        raise ScoreError("the output would overwrite the answers file")
    by_call = {i.call_id: i for i in instances}
    records = answers_mod.read(answers_path, set(by_call))
    for rec in records:
        if rec.track is not None and rec.track != track:
            raise AnswersFileError(f"answers line {rec.line}: track {rec.track!r} but scoring the {track} track")
    answered = {r.call_id for r in records}
    scorable = tuple(i for i in instances if i.reference is not None)   # calls without a reference: verify only
    unanswered = sorted({i.call_id for i in scorable} - answered)
    if unanswered and not allow_partial:
        raise ScoreError(f"answers cover {len(answered)} of {len(by_call)} calls; missing e.g. {unanswered[:5]}; "
                         "use --allow-partial for a subset score")
    header = {"answers_sha256": _sha256(answers_path), "track": track, "suite": suite, "checker": __version__,
              "time_limit": time_limit, "memory_limit": memory_limit}
    progress = Progress(output + ".progress.jsonl", header, restart)
    todo = [r for r in records if r.call_id not in progress.done]
    if progress.done:
        log(f"resuming: {len(progress.done)} finished calls reused, {len(todo)} left")
    bar = Bar(len(records), len(records) - len(todo))
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    stop = threading.Event()

    def guarded(rec: AnswerRecord) -> dict | None:
        if stop.is_set():
            return None
        try:
            return score_record(rec, by_call[rec.call_id], track, time_limit, memory_limit)
        except KeyboardInterrupt:
            stop.set()
            raise

    try:
        futures = {pool.submit(guarded, r): r for r in todo}
        for fut in as_completed(futures):
            rec = futures[fut]
            try:
                row = fut.result()
                if row is None:       # skipped after an interrupt
                    continue
            except Exception as exc:  # a scorer bug must not lose the other results
                row = _finish(_base_row(by_call[rec.call_id]), by_call[rec.call_id], "missing", "ERROR", False,
                              None, "verification_process_failed", f"scorer error: {type(exc).__name__}: {exc}")
            progress.add(row)
            bar.step()
    except KeyboardInterrupt:
        stop.set()
        with progress.lock:
            progress.stopped = True
        pool.shutdown(wait=False, cancel_futures=True)
        harness.kill_all()
        pool.shutdown(wait=True)
        bar.close()
        raise ScoreError(f"interrupted: {len(progress.done)} of {len(records)} calls are saved in "
                         f"{progress.path}; run the same command again to resume") from None
    pool.shutdown(wait=True)
    bar.close()
    rows = [progress.done[r.call_id] for r in records]
    doc = build_scores(scorable, [r for r in rows if r["reference"] is not None], unanswered, track, suite,
                       duplicates)
    doc["verified_without_reference"] = [r for r in rows if r["reference"] is None]
    tmp = output + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")
    os.replace(tmp, output)
    return doc


def build_scores(instances: tuple[Instance, ...], rows: list[dict], unanswered: list[str], track: str,
                 suite: str = "bench-v1", duplicates: str = "error") -> dict:
    from .aggregate import InstanceOutcome, aggregate

    order = {i.call_id: n for n, i in enumerate(instances)}
    rows = sorted(rows, key=lambda r: order[r["call_id"]])
    outcomes = [InstanceOutcome(
        call_id=r["call_id"], instance_id=r["instance_id"], family=r["family"], family_group=r["family_group"],
        reference_type=r["reference_type"], sense=r["sense"], reference=objective_from_str(r["reference"]),
        bound=None if r["bound"] is None else Fraction(r["bound"]), bound_kind=r["bound_kind"],
        status=r["status"], valid=r["valid"],
        objective=objective_from_str(r["objective"]),
        ratio=None if r["ratio_exact"] is None else Fraction(r["ratio_exact"]),
    ) for r in rows if r["reference"] is not None]
    expected = list(dict.fromkeys(i.instance_id for i in instances if i.reference is not None))
    try:
        summary = aggregate(outcomes, expected_instances=expected, duplicates=duplicates)
    except ValueError as exc:   # e.g. two scored calls for one instance: keep every row, report the problem
        summary = {"error": str(exc)[:2000]}
    infra = [{"call_id": r["call_id"], "reason": r["reason"], "ratio": None} for r in rows if r["outcome"] == "missing"]
    missing = sorted(set(unanswered) | {f["call_id"] for f in infra})
    complete = not missing
    doc = {
        "version": "1", "checker": __version__, "suite": suite, "track": track, "complete": complete,
        "calls": len(rows), "expected_calls": len(instances),
        "distinct_instances": len({r["instance_id"] for r in rows if r["outcome"] != "missing"}),
        "expected_instances": len({i.instance_id for i in instances}),
    }
    key = "score" if complete else "subset_score"
    doc[key] = summary.get("score") if complete else summary.get("subset_score")
    doc.update({
        "published_hfr": summary.get("published_hfr"),
        "construction_reference_ratio": summary.get("construction_reference_ratio"),
        "valid_fraction": summary.get("valid_fraction"),
        "reference_parity_score": 100, "score_capped": False,
        "instances": [{"instance_id": r["instance_id"], "family": r["family"], "reference_type": r["reference_type"],
                       "calls": 1, "ratio": r["ratio"]} for r in rows if r["outcome"] != "missing"],
        "calls_scored": rows,
        "missing_call_ids": missing,
        "infrastructure_failures": infra,
        "summary": summary,
    })
    return doc

"""Scoring a run: ``answers.jsonl`` -> ``scores.json`` (BENCHMARK.md sections 5-7).

Every answer that can earn a score goes through the harness (both verifiers, own processes, limits).
Outcome classes, decided in this order for each call:
1. infrastructure (``error``, ``finish_reason`` or ``verify_msg`` is an infrastructure reason) -> missing;
2. tool-free track: ``finish_reason`` other than ``stop`` -> zero; ``output_tokens`` above 128,000 -> zero;
   tool-assisted track: ``submission_within_deadline`` false -> zero; a finish reason other than
   stop/timeout/resource_limit/length -> zero; no token cap;
3. a line, answer or content over its size limit -> REJECT ``SIZE_LIMIT`` (decided from the length);
4. otherwise both verifiers, which get the raw bytes of the answer (or of the content) and parse them
   themselves: ACCEPT -> its ratio; REJECT (a strictness or syntax fault of the answer's JSON included),
   TIMEOUT, LIMIT -> zero; ERROR -> missing (``verification_process_failed``, or
   ``family_not_implemented``); DISAGREE -> missing and flagged (``independent_verifier_disagreement``).

Where the verifications run (``backend``): ``local`` (threads here, ``jobs`` answers at a time) or
``ray`` (``checker.score_ray``: Ray tasks that call the same ``harness.verify`` on the worker and send
back ``verification_fields``); both backends build every row with ``row_from_verification`` and write
it through the same ``Progress``, so rows, resume and ``scores.json`` do not depend on the backend, and
the backend is not part of the run's header.

The answers file is streamed (``answers.AnswersSource``): the scorer frames each line and keeps only
offsets, so its memory does not grow with the file; a verified call's answer is read back (and its
line re-hashed) when its turn comes. Memory: a constant plus, per ``--jobs``, one answer (at most
32 MiB) and the harness's copies of it.

Each finished call is appended at once to ``<output>.progress.jsonl`` (first line: a header with the
SHA-256 of the answers bytes actually read, the track, the suite, the checker version and the limits).
Each row carries ``answers_sha256``, its ``call_id``, its line number and ``line_sha256`` (the SHA-256
of its own answers line) and ``integrity``: the SHA-256 of the row's other content and the answers
hash. Running the same command again reuses a saved row only if the answers come from a regular file
whose hash is the header's, the row's integrity hash, bindings and suite fields match, and the row is
consistent in itself (status, validity, objective, ratio and both verifiers' verdicts agree; a call
decided without verification must be decided the same way again); every other row is redone and the
run says how many. This is integrity against accidents and hand edits, not authentication: anyone who
can write the file can recompute the hashes. A header that does not match is an error unless
``--restart`` is given; answers from a pipe never resume (the run restarts and says so).
``scores.json`` is written atomically at the end, also when calls failed, and carries the same header
(``run``) and ``answers_sha256``; an existing one that belongs to other answers (or ``--restart``) is
removed when the run starts, so that it never stands beside progress of a different run.
Refused outputs: a directory, anything that is not a regular file (a device such as ``/dev/null``, a
FIFO, a socket), and an output or progress path that is the answers file (same inode or real path).
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

from endless_exam.certificates.verdict import Status, Verdict, objective_from_str, objective_to_float, objective_to_str

from . import __version__, harness, suites
from .combine import WitnessCheck, combine
from .answers import AnswerRecord, AnswersFileError
from .outputs import refusal
from .scoring import ratio, ratio_float
from .suites import Instance

TOKEN_BUDGET = 128_000
TOOL_FINISH_OK = frozenset({"stop", "timeout", "resource_limit", "length"})
BACKENDS = ("local", "ray")     # where the verifications run (checker.score_ray for ray)


class ScoreError(Exception):
    pass


def _verdict_summary(v, seconds: float) -> dict:
    return {"status": v.status.value, "objective": objective_to_str(v.objective), "reason": v.reason,
            "message": v.message, "seconds": round(seconds, 4)}


def _summary_verdict(summary: dict) -> Verdict:
    """The verdict a row's ``primary`` / ``second`` summary records (without its witness)."""
    return Verdict(Status(summary["status"]), objective=objective_from_str(summary["objective"]),
                   reason=summary["reason"], message=summary["message"])


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


def decide_without_verification(rec: AnswerRecord, inst: Instance, track: str) -> dict | None:
    """The row of a call whose outcome needs no verifier (infrastructure, zero, not implemented, a size
    limit), or None when the answer must go to the verifiers. Cheap and deterministic: it is also
    how a saved row of such a call is checked on resume."""
    row = _base_row(inst)
    row["line"] = rec.line
    row["line_sha256"] = rec.sha256
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
    too_big = rec.size_error()
    if too_big is not None:
        return _finish(row, inst, "scored", "REJECT", False, None, *too_big)
    return None


def score_record(rec: AnswerRecord, inst: Instance, track: str, time_limit: float, memory_limit: int,
                 source=None, formal: bool = False) -> dict:
    """Score one call; never raises on bad answers (they become rows). ``source`` (an
    ``answers.AnswersSource``) supplies the raw answer bytes; it may raise ``AnswersChangedError``."""
    decided = decide_without_verification(rec, inst, track)
    if decided is not None:
        return decided
    kind, payload = verification_payload(rec, source)
    res = harness.verify(inst.family, inst.params, payload, kind, time_limit=time_limit, memory_limit=memory_limit,
                         formal=formal)
    del payload
    return row_from_verification(rec, inst, verification_fields(res, formal))


def verification_payload(rec: AnswerRecord, source) -> tuple[str, bytes]:
    """(kind, raw bytes) that the verifiers get for ``rec``, read back from ``source`` (hash-checked)."""
    which, span = rec.payload_span()
    return ("json" if which == "answer" else "jsonl_content"), source.read_value(rec, span)


def verification_fields(res: harness.Combined, formal: bool) -> dict:
    """The plain-JSON result of verifying one answer: what a row keeps of the harness's ``Combined``.
    Every backend builds rows from this (the ray backend computes it on the worker and sends it back)."""
    fields = {"primary": _verdict_summary(res.primary, res.primary_seconds),
              "second": _verdict_summary(res.second, res.second_seconds),
              "witness": res.witness, "witness_checks": res.witness_checks}
    if formal:
        fields["formal"] = res.formal
    fields["combined"] = {"status": res.status.value, "objective": objective_to_str(res.objective),
                          "reason": res.reason, "message": res.message}
    return fields


def row_from_verification(rec: AnswerRecord, inst: Instance, fields: dict) -> dict:
    """The row of a verified call, from ``verification_fields``."""
    row = _base_row(inst)
    row["line"] = rec.line
    row["line_sha256"] = rec.sha256
    combined = fields["combined"]
    for key in ("primary", "second", "witness", "witness_checks", "formal"):
        if key in fields:
            row[key] = fields[key]
    status = Status(combined["status"])
    message = combined["message"]
    if status is Status.ACCEPT:
        return _finish(row, inst, "scored", "ACCEPT", True, objective_from_str(combined["objective"]), None, message)
    if status in (Status.REJECT, Status.TIMEOUT, Status.LIMIT):
        return _finish(row, inst, "scored", status.value, False, None, combined["reason"], message)
    if status is Status.DISAGREE:
        return _finish(row, inst, "missing", "DISAGREE", False, None, "independent_verifier_disagreement", message)
    not_impl = "FAMILY_NOT_IMPLEMENTED" in (fields["primary"]["reason"], fields["second"]["reason"])
    return _finish(row, inst, "missing", "ERROR", False, None,
                   "family_not_implemented" if not_impl else "verification_process_failed", message)


def failure_row(rec: AnswerRecord, inst: Instance, message: str) -> dict:
    """An infrastructure ERROR row (missing, redone on resume) for a call whose verification did not
    come back: a scorer bug, or a lost Ray task."""
    row = _finish(_base_row(inst), inst, "missing", "ERROR", False, None, "verification_process_failed", message)
    row["line"], row["line_sha256"] = rec.line, rec.sha256
    return row


# ---- progress file ---------------------------------------------------------------------------------

REUSABLE_OUTCOMES = ("scored", "zero")   # rows that a resumed run keeps; missing ones are redone
_BINDING = ("integrity", "answers_sha256")   # progress-only fields, not copied into scores.json


def _canonical(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def row_integrity(row: dict, answers_sha256: str) -> str:
    """SHA-256 over the row's content (without ``integrity``) and the answers hash. It detects
    accidents and edits that do not recompute it; it authenticates nothing."""
    body = {k: v for k, v in row.items() if k != "integrity"}
    return hashlib.sha256(b"endless-exam progress row v1\n" + answers_sha256.encode("ascii") + b"\n"
                          + _canonical(body)).hexdigest()


_VERDICT_KEYS = ("outcome", "status", "valid", "objective", "objective_float", "reason", "message", "ratio",
                 "ratio_exact", "published_breakthrough")


def row_is_consistent(row, rec: AnswerRecord | None, inst: Instance | None, answers_sha256: str, track: str) -> bool:
    """May a saved progress row be reused for ``rec``? (Binding, integrity, suite fields, own consistency.)"""
    try:
        if type(row) is not dict or rec is None or inst is None:
            return False
        if row.get("integrity") != row_integrity(row, answers_sha256) or row.get("answers_sha256") != answers_sha256:
            return False
        if row.get("call_id") != rec.call_id or row.get("line") != rec.line or row.get("line_sha256") != rec.sha256:
            return False
        if any(row.get(k) != v for k, v in _base_row(inst).items()):
            return False
        if row.get("outcome") not in REUSABLE_OUTCOMES:
            return False
        decided = decide_without_verification(rec, inst, track)
        if decided is not None:       # decided again, the same way, or not reused
            return all(row.get(k) == decided.get(k) for k in _VERDICT_KEYS) and "primary" not in row
        status = row.get("status")
        if row.get("outcome") != "scored" or status not in ("ACCEPT", "REJECT", "TIMEOUT", "LIMIT"):
            return False
        primary, second, checks = row.get("primary"), row.get("second"), row.get("witness_checks")
        if type(primary) is not dict or type(second) is not dict or type(checks) is not list:
            return False
        # the trust rule, applied again to the verdicts the row records, must give the verdict it claims
        res = combine(_summary_verdict(primary), _summary_verdict(second), [WitnessCheck.from_json(c) for c in checks])
        objective = res.objective
        if (res.status.value != status or objective_to_str(objective) != row.get("objective")
                or res.reason != row.get("reason")):
            return False
        valid = res.valid
        expect = _finish({}, inst, "scored", status, valid, objective, row.get("reason"), row.get("message"))
        return all(row.get(k) == expect[k] for k in _VERDICT_KEYS)
    except Exception:          # a malformed row (wrong types, garbage objective) is simply not reused
        return False


class Progress:
    """``<output>.progress.jsonl``: a header line, then one row per finished call (appended, fsync'd)."""

    def __init__(self, path: str, header: dict, restart: bool, *, resume_allowed: bool = True,
                 records: dict[str, AnswerRecord] | None = None, instances: dict[str, Instance] | None = None,
                 track: str = "tool-free", log: Callable[[str], None] = lambda m: None) -> None:
        self.path = path
        self.header = header
        self.answers_sha256 = header["answers_sha256"]
        self.lock = threading.Lock()
        self.stopped = False
        self.done: dict[str, dict] = {}
        self.redone = 0          # saved rows that failed a check and are verified again
        self.resumed = False
        records = records or {}
        instances = instances or {}
        exists = os.path.exists(path)
        if exists and not restart and not resume_allowed:
            log(f"the answers do not come from a regular file (a pipe?): saved progress in {path} is not "
                "reused; restarting")
        if exists and not restart and resume_allowed:
            self._load(records, instances, track)
        self._rewrite()

    def _load(self, records: dict, instances: dict, track: str) -> None:
        with open(self.path, "rb") as fh:
            first = fh.readline()
            rest_start = fh.tell()
            more = fh.read(1) != b""
            fh.seek(rest_start)
            try:
                old = json.loads(first)
            except ValueError:
                old = "torn" if not more and not first.endswith(b"\n") else None   # killed while writing the header
            if old == "torn" or (old is None and not first.strip() and not more):
                return
            if old != self.header:
                raise ScoreError(f"{self.path} belongs to a different run (answers file, track, suite, checker version "
                                 f"or limits differ); use --restart to discard it")
            self.resumed = True
            rows: dict[str, list] = {}
            for line in fh:
                try:
                    row = json.loads(line)
                except ValueError:
                    if not line.endswith(b"\n"):
                        break                 # the last line, cut short by an interruption: redo that call
                    self.redone += 1
                    continue
                cid = row.get("call_id") if type(row) is dict else None
                rows.setdefault(cid if type(cid) is str else None, []).append(row)
        for cid, saved in rows.items():
            if cid is None or len(saved) != 1:       # a call saved twice: neither copy is trusted
                self.redone += len(saved)
                continue
            row = saved[0]
            if row_is_consistent(row, records.get(cid), instances.get(cid), self.answers_sha256, track):
                self.done[cid] = row
            elif type(row) is dict and row.get("outcome") in REUSABLE_OUTCOMES:
                self.redone += 1          # a missing row is always redone; anything else failed a check

    def _rewrite(self) -> None:
        """Write header and kept rows to a new file and move it into place (never a torn rewrite)."""
        import tempfile

        directory = os.path.dirname(os.path.abspath(self.path))
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=os.path.basename(self.path) + ".", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(json.dumps(self.header) + "\n")
                for row in self.done.values():
                    fh.write(json.dumps(row) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
            _match_umask(tmp)
            os.replace(tmp, self.path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    def add(self, row: dict) -> None:
        row = dict(row, answers_sha256=self.answers_sha256)
        row.pop("integrity", None)
        row["integrity"] = row_integrity(row, self.answers_sha256)
        with self.lock:
            if self.stopped:          # an interrupted run records nothing more (killed verifiers are not verdicts)
                return
            with open(self.path, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(row) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
            self.done[row["call_id"]] = row


def _match_umask(path: str) -> None:
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(path, 0o666 & ~mask)


class Bar:
    """Progress on stderr: a live tqdm bar (rate, ETA and running counts) on a terminal, plain lines
    every ``PLAIN_EVERY`` seconds (and at the end) otherwise."""

    PLAIN_EVERY = 10.0

    def __init__(self, total: int, done: int, enabled: bool | None = None) -> None:
        self.total, self.count = total, done
        self.counts = {"ACCEPT": 0, "REJECT": 0, "TIMEOUT": 0, "missing": 0}
        self.tty = sys.stderr.isatty() if enabled is None else enabled
        self.started = self.last = time.perf_counter()
        self.bar = None
        if self.tty:
            from tqdm import tqdm

            self.bar = tqdm(total=total, initial=done, desc="scoring", unit="answer", file=sys.stderr,
                            dynamic_ncols=True, smoothing=0.1)

    def _tally(self, row: dict | None) -> None:
        if row is None:
            return
        if row.get("outcome") == "missing":
            self.counts["missing"] += 1
        elif row.get("status") in ("TIMEOUT", "LIMIT"):
            self.counts["TIMEOUT"] += 1
        elif row.get("status") == "ACCEPT":
            self.counts["ACCEPT"] += 1
        else:
            self.counts["REJECT"] += 1

    def text(self) -> str:
        elapsed = time.perf_counter() - self.started
        rate = (self.count / elapsed) if elapsed > 0 else 0.0
        counts = " ".join(f"{k} {v}" for k, v in self.counts.items())
        return f"scoring {self.count}/{self.total} ({rate:.1f}/s, {elapsed:.0f} s) {counts}"

    def step(self, row: dict | None = None) -> None:
        self.count += 1
        self._tally(row)
        if self.bar is not None:
            self.bar.set_postfix(self.counts, refresh=False)
            self.bar.update(1)
        elif time.perf_counter() - self.last >= self.PLAIN_EVERY:
            self.last = time.perf_counter()
            print(self.text(), file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        elif self.count:
            print(self.text(), file=sys.stderr, flush=True)


# ---- output paths ----------------------------------------------------------------------------------

def check_output_path(path: str, what: str, answers_identity: tuple[int, int] | None = None,
                      answers_path: str | None = None) -> None:
    """Refuse a path that may not be (re)written (``outputs.refusal``): a directory, a non-regular file
    (device, FIFO, socket), or the answers file itself under any name (same inode, or same real path)."""
    why = refusal(path, what, answers_path, answers_identity)
    if why is not None:
        raise ScoreError(why.replace("the input file", "the answers file"))


def _bound_to(output: str, header: dict) -> bool:
    """Is the existing scores file at ``output`` the result of exactly this run (same header)?"""
    try:
        if os.path.getsize(output) > 1 << 30:
            return False
        with open(output, "rb") as fh:
            doc = json.load(fh)
        return type(doc) is dict and doc.get("run") == header and doc.get("answers_sha256") == header["answers_sha256"]
    except (OSError, ValueError, RecursionError):
        return False


def write_json_atomically(path: str, doc) -> None:
    import tempfile

    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=os.path.basename(path) + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=1)
            fh.write("\n")
        _match_umask(tmp)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# ---- the run ---------------------------------------------------------------------------------------

def run(answers_path: str, output: str, instances: tuple[Instance, ...], *, suite: str, track: str = "tool-free",
        allow_partial: bool = False, jobs: int | None = None, restart: bool = False, duplicates: str = "error",
        time_limit: float = harness.DEFAULT_TIME_LIMIT, memory_limit: int = harness.DEFAULT_MEMORY_LIMIT,
        formal: bool = False, only: tuple[str, ...] | None = None, limit: int | None = None,
        backend: str = "local", ray_address: str | None = None,
        log: Callable[[str], None] = lambda m: print(m, file=sys.stderr)) -> dict:
    """Score a run. ``jobs``: answers verified at a time (local, default 1) or tasks in flight on the
    cluster (``backend="ray"``, default twice the cluster's CPUs); ``ray_address`` as ``ray.init``'s."""
    from .answers import AnswersChangedError, AnswersSource

    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}")
    if backend == "ray":
        from . import score_ray

        try:
            score_ray.require()      # before anything is read or written
        except score_ray.RayBackendError as exc:
            raise ScoreError(str(exc)) from None

    out_dir = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(out_dir):
        raise ScoreError(f"the output directory {out_dir} does not exist")
    progress_path = output + ".progress.jsonl"
    check_output_path(output, "output", None, answers_path)
    check_output_path(progress_path, "progress file", None, answers_path)
    with AnswersSource(answers_path, spool_dir=out_dir) as source:
        check_output_path(output, "output", source.identity, answers_path)
        check_output_path(progress_path, "progress file", source.identity, answers_path)
        return _run(source, output, progress_path, instances, suite=suite, track=track, allow_partial=allow_partial,
                    jobs=jobs, restart=restart, duplicates=duplicates, time_limit=time_limit,
                    memory_limit=memory_limit, formal=formal, only=only, limit=limit, log=log,
                    changed_error=AnswersChangedError, backend=backend, ray_address=ray_address)


def _run(source, output: str, progress_path: str, instances: tuple[Instance, ...], *, suite: str, track: str,
         allow_partial: bool, jobs: int | None, restart: bool, duplicates: str, time_limit: float,
         memory_limit: int, formal: bool, only: tuple[str, ...] | None, limit: int | None,
         log: Callable[[str], None], changed_error: type, backend: str = "local",
         ray_address: str | None = None) -> dict:
    by_call = {i.call_id: i for i in instances}
    if only is not None:
        unknown = [c for c in only if c not in by_call]
        if unknown:
            raise ScoreError(f"--only names call ids that are not in suite {suite!r}: {', '.join(unknown[:5])}")

    def hint(call_id: str) -> str:
        having = [name for name in suites.SUITES if any(i.call_id == call_id for i in suites.load(name))]
        where = f"suites that have it: {', '.join(having)}" if having else "no suite has it"
        return f" in suite {suite!r} (the suite scored; choose another with --suite); {where}"

    records = source.scan(set(by_call), hint)
    for rec in records:
        if rec.track is not None and rec.track != track:
            raise AnswersFileError(f"answers line {rec.line}: track {rec.track!r} but scoring the {track} track")
    if only is not None or limit is not None:   # a quick check on some calls: a subset score
        records = [r for r in records if only is None or r.call_id in set(only)][:limit]
        allow_partial = True     # the other calls of the suite are missing: the result is a subset score
    answered = {r.call_id for r in records}
    scorable = tuple(i for i in instances if i.reference is not None)   # calls without a reference: verify only
    unanswered = sorted({i.call_id for i in scorable} - answered)
    if unanswered and not allow_partial:
        raise ScoreError(f"answers cover {len(answered)} of {len(by_call)} calls; missing e.g. {unanswered[:5]}; "
                         "use --allow-partial for a subset score")
    header = {"answers_sha256": source.sha256, "track": track, "suite": suite, "checker": __version__,
              "time_limit": time_limit, "memory_limit": memory_limit, "progress_format": 2}
    if formal:
        header["formal"] = True   # a run with the formal check is another run (its rows carry "formal")
    if only is not None or limit is not None:   # so is a quick check on a subset
        header["subset"] = {"only": sorted(only) if only is not None else None, "limit": limit}
    progress = Progress(progress_path, header, restart, resume_allowed=source.regular,
                        records={r.call_id: r for r in records}, instances=by_call, track=track, log=log)
    if os.path.exists(output) and (restart or not _bound_to(output, header)):
        os.remove(output)     # results of other answers must not stand beside this run's progress
        log(f"removed the earlier {output}: it does not belong to these answers and settings")
    todo = [r for r in records if r.call_id not in progress.done]
    if progress.redone:
        log(f"{progress.redone} saved row(s) failed their integrity or consistency check and are redone")
    if progress.done:
        log(f"resuming: {len(progress.done)} finished calls reused, {len(todo)} left")
    if backend == "ray":
        _dispatch_ray(todo, by_call, len(records), progress, track=track, time_limit=time_limit,
                      memory_limit=memory_limit, formal=formal, source=source, jobs=jobs, ray_address=ray_address,
                      log=log, changed_error=changed_error)
    else:
        _dispatch_local(todo, by_call, len(records), progress, track=track, time_limit=time_limit,
                        memory_limit=memory_limit, formal=formal, source=source, jobs=jobs or 1,
                        changed_error=changed_error)
    rows = [{k: v for k, v in progress.done[r.call_id].items() if k not in _BINDING} for r in records]
    doc = build_scores(scorable, [r for r in rows if r["reference"] is not None], unanswered, track, suite,
                       duplicates)
    doc["verified_without_reference"] = [r for r in rows if r["reference"] is None]
    doc["answers_sha256"] = source.sha256
    doc["run"] = header
    write_json_atomically(output, doc)
    return doc


def _interrupted(progress: Progress, total: int) -> ScoreError:
    return ScoreError(f"interrupted: {len(progress.done)} of {total} calls are saved in "
                      f"{progress.path}; run the same command again to resume")


def _stopped_by(exc: Exception, progress: Progress) -> ScoreError:
    return ScoreError(f"{exc}; {len(progress.done)} finished calls are saved in {progress.path}")


def _dispatch_local(todo: list[AnswerRecord], by_call: dict[str, Instance], total: int, progress: Progress, *,
                    track: str, time_limit: float, memory_limit: int, formal: bool, source, jobs: int,
                    changed_error: type) -> None:
    """Verify ``todo`` here, ``jobs`` answers at a time (threads, each driving the harness)."""
    bar = Bar(total, total - len(todo))
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    stop = threading.Event()

    def guarded(rec: AnswerRecord) -> dict | None:
        if stop.is_set():
            return None
        try:
            return score_record(rec, by_call[rec.call_id], track, time_limit, memory_limit, source, formal)
        except KeyboardInterrupt:
            stop.set()
            raise

    def halt() -> None:
        stop.set()
        with progress.lock:
            progress.stopped = True
        pool.shutdown(wait=False, cancel_futures=True)
        harness.kill_all()
        pool.shutdown(wait=True)
        bar.close()

    try:
        futures = {pool.submit(guarded, r): r for r in todo}
        for fut in as_completed(futures):
            rec = futures[fut]
            try:
                row = fut.result()
                if row is None:       # skipped after an interrupt
                    continue
            except changed_error as exc:
                halt()
                raise _stopped_by(exc, progress) from None
            except Exception as exc:  # a scorer bug must not lose the other results
                row = failure_row(rec, by_call[rec.call_id], f"scorer error: {type(exc).__name__}: {exc}")
            progress.add(row)
            bar.step(row)
    except KeyboardInterrupt:
        halt()
        raise _interrupted(progress, total) from None
    pool.shutdown(wait=True)
    bar.close()


def _dispatch_ray(todo: list[AnswerRecord], by_call: dict[str, Instance], total: int, progress: Progress, *,
                  track: str, time_limit: float, memory_limit: int, formal: bool, source, jobs: int | None,
                  ray_address: str | None, log: Callable[[str], None], changed_error: type) -> None:
    """Verify ``todo`` on a Ray cluster (``score_ray``); rows go through the same ``Progress`` and ``Bar``."""
    from . import score_ray

    if not todo:             # nothing to verify: no cluster needed
        Bar(total, total).close()
        return
    session = score_ray.Session(ray_address, log)
    try:
        session.__enter__()
    except score_ray.RayBackendError as exc:      # no cluster: nothing was verified
        raise ScoreError(str(exc)) from None
    except KeyboardInterrupt:
        raise _interrupted(progress, total) from None
    bar = Bar(total, total - len(todo))

    def record(row: dict) -> None:
        progress.add(row)
        bar.step(row)

    def stopped() -> None:
        with progress.lock:
            progress.stopped = True

    try:
        try:
            score_ray.dispatch(session, todo, by_call, track=track, time_limit=time_limit,
                               memory_limit=memory_limit, formal=formal, source=source, record=record,
                               stopped=stopped, in_flight=jobs or session.default_in_flight())
        finally:
            bar.close()
            session.close()
    except changed_error as exc:
        raise _stopped_by(exc, progress) from None
    except score_ray.RayBackendError as exc:
        raise _stopped_by(exc, progress) from None
    except KeyboardInterrupt:
        raise _interrupted(progress, total) from None


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
    infra = [{"call_id": r["call_id"], "reason": r["reason"], "ratio": None} for r in rows
             if r["outcome"] == "missing" and r["reason"] != "family_not_implemented"]
    # calls of families this checker does not implement yet: missing, but not an infrastructure failure
    not_implemented = [{"call_id": r["call_id"], "family": r["family"]} for r in rows
                       if r["outcome"] == "missing" and r["reason"] == "family_not_implemented"]
    missing = sorted(set(unanswered) | {f["call_id"] for f in infra} | {f["call_id"] for f in not_implemented})
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
        "not_implemented": not_implemented,
        "summary": summary,
    })
    return doc

"""Scoring a run: ``answers.jsonl`` -> ``scores.json`` (docs/SPECIFICATION.md sections 5-7).

One call at a time, ``checker.scoring.call`` decides how an answer is scored (infrastructure -> missing; an
unfinished generation or the token budget -> zero; a size limit -> REJECT; otherwise both verifiers
through the harness) and makes its row, a ``callrow.CallRow``; this module runs the calls, keeps the
progress file and writes ``scores.json``.

Where the verifications run (``backend``): ``local`` (threads here, ``jobs`` answers at a time) or
``ray`` (``checker.scoring.score_ray``: Ray tasks that call the same ``harness.verify`` on the worker and send
back ``callrow.verification_fields``); both backends build every row with ``call.verified_row`` and write
it through the same ``Progress``, so rows, resume and ``scores.json`` do not depend on the backend, and
the backend is not part of the run's header.

The answers file is streamed (``answers.AnswersSource``): the scorer frames each line and keeps only
offsets, so its memory does not grow with the file; a verified call's answer is read back (and its
line re-hashed) when its turn comes. Memory: a constant plus, per ``--jobs``, one answer (at most
32 MiB) and the harness's copies of it.

Samples. An answers line may carry ``sample`` (several independent responses to one call); every sample is
scored on its own and ``(call_id, sample)`` keys the records, the progress rows and the rows of
``scores.json`` (a row of sample 0 has no ``sample`` field, so a run with one sample per call writes
exactly the files it wrote before samples existed: progress format 2, scores.json version "1"; a run with
a sample other than 0 has progress format 3 and version "2"). The aggregate gives each call the mean ratio
over its scored samples and reports best-of-k and the valid samples beside it (``aggregate``). ``--only``
selects calls with all their samples; ``--limit N`` keeps the first N calls answered (in file order),
each with all its samples.

Each finished sample is appended at once to ``<output>.progress.jsonl`` (first line: a header with the
SHA-256 of the answers bytes actually read, the track, the suite, the checker version, the fingerprint of
the installed checker code (``fingerprint.code_fingerprint``) and the limits).
Each row carries ``answers_sha256``, its ``call_id`` (and ``sample``), its line number and ``line_sha256`` (the SHA-256
of its own answers line) and ``integrity``: the SHA-256 of the row's other content and the answers
hash. Running the same command again reuses a saved row only if the answers come from a regular file
whose hash is the header's, the row's integrity hash, bindings and suite fields match, the row is
exactly what ``CallRow.to_json`` writes (types, key set, derived fields), and it is consistent in
itself (the trust rule, ``combine``, applied to both verifiers' recorded verdicts and re-checks gives
the row's verdict; a call decided without verification must be decided the same way again); every
other row is redone and the run says how many. This is integrity against accidents and hand edits, not authentication: anyone who
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
from fractions import Fraction
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import Callable

from endless_exam.certificates.verdict import objective_to_float, objective_to_str

from endless_exam.checker import __version__
from endless_exam.checker.verify import harness
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.scoring.aggregate import aggregate
from endless_exam.checker.scoring.answers import AnswerRecord, AnswersFileError
from endless_exam.checker.scoring.call import decide_without_verification, failure_row, score_record
from endless_exam.checker.scoring.callrow import CallRow
from endless_exam.checker.verify.combine import combine
from endless_exam.checker.scoring.fingerprint import code_fingerprint
from endless_exam.checker.scoring.progress_header import header_difference
from endless_exam.checker.scoring.reverify import claims_record
from endless_exam.checker.scoring import runlock
from endless_exam.checker.files.outputs import refusal, replace_file
from endless_exam.checker.suites.instances import Instance

BACKENDS = ("local", "ray")     # where the verifications run (checker.scoring.score_ray for ray)


class ScoreError(Exception):
    pass


# ---- progress file ---------------------------------------------------------------------------------

REUSABLE_OUTCOMES = ("scored", "zero")   # rows that a resumed run keeps; missing ones are redone
#: the progress header's ``progress_format``: 2 for a run with one sample per call (the rows have no
#: ``sample``, exactly as before samples existed), 3 when some answers line has a ``sample`` other than 0
PROGRESS_FORMAT, PROGRESS_FORMAT_SAMPLES = 2, 3
#: scores.json ``version``: "1" for one sample per call (today's format, byte for byte), "2" with samples
SCORES_VERSION, SCORES_VERSION_SAMPLES = "1", "2"
_BINDING = ("integrity", "answers_sha256")   # progress-only fields, not copied into scores.json


def _canonical(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def row_integrity(row: dict, answers_sha256: str) -> str:
    """SHA-256 over the row's content (without ``integrity``) and the answers hash. It detects
    accidents and edits that do not recompute it; it authenticates nothing."""
    body = {k: v for k, v in row.items() if k != "integrity"}
    return hashlib.sha256(b"endless-exam progress row v1\n" + answers_sha256.encode("ascii") + b"\n"
                          + _canonical(body)).hexdigest()


def row_is_consistent(row: CallRow, rec: AnswerRecord | None, inst: Instance | None, track: str) -> bool:
    """May a saved row (already read by ``CallRow.from_json``, so well formed and bound to these answers) be
    reused for ``rec``? Its line, the suite's fields and its own verdict must hold again: a call decided
    without verification is decided the same way again; a verified one gives, by the trust rule
    (``combine``) applied to the verdicts it records, the verdict it claims."""
    if rec is None or inst is None:
        return False
    if (row.key, row.line, row.line_sha256) != (rec.key, rec.line, rec.sha256) or not row.same_instance(inst):
        return False
    if row.outcome not in REUSABLE_OUTCOMES:
        return False
    decided = decide_without_verification(rec, inst, track)
    if decided is not None:       # decided again, the same way, or not reused
        return row == decided
    v = row.verification
    if row.outcome != "scored" or v is None:
        return False
    try:
        res = combine(v.primary.verdict(), v.second.verdict(), v.witness_checks)
    except (ValueError, TypeError):
        return False
    return (res.status.value, objective_to_str(res.objective), res.reason) == (
        row.status, objective_to_str(row.objective), row.reason)


class Progress:
    """``<output>.progress.jsonl``: a header line, then one row per finished sample of a call (appended,
    fsync'd); rows are keyed by (call_id, sample), a row without ``sample`` being sample 0."""

    def __init__(self, path: str, header: dict, restart: bool, *, resume_allowed: bool = True,
                 records: dict[tuple[str, int], AnswerRecord] | None = None,
                 instances: dict[str, Instance] | None = None,
                 track: str = "tool-free", log: Callable[[str], None] = lambda m: None) -> None:
        self.path = path
        self.header = header
        self.answers_sha256 = header["answers_sha256"]
        self.lock = threading.Lock()
        self.stopped = False
        self.done: dict[tuple[str, int], CallRow] = {}
        self.redone = 0          # saved rows that failed a check and are verified again
        self.reverified = 0      # saved record claims (reverify.claims_record), verified again by design
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

    @property
    def unit(self) -> str:
        """What a saved row is, for messages: a call, or (when the run has samples) one sample of a call."""
        return "answers (call samples)" if self.header.get("progress_format") == PROGRESS_FORMAT_SAMPLES else "calls"

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
                raise ScoreError(f"{self.path} belongs to a different run ({header_difference(old, self.header)}); "
                                 "use --restart to discard it")
            self.resumed = True
            rows: dict[tuple[str, int] | None, list] = {}
            for line in fh:
                try:
                    row = json.loads(line)
                except ValueError:
                    if not line.endswith(b"\n"):
                        break                 # the last line, cut short by an interruption: redo that call
                    self.redone += 1
                    continue
                rows.setdefault(_saved_key(row), []).append(row)
        for key, saved in rows.items():
            if key is None or len(saved) != 1:       # a sample saved twice: neither copy is trusted
                self.redone += len(saved)
                continue
            data = saved[0]
            row = self._reusable(data, records.get(key), instances.get(key[0]), track)
            if row is not None:
                if claims_record(row.ratio, row.reference_type):   # a record claim is verified again in this run, never reused
                    self.reverified += 1
                    continue
                self.done[key] = row
            elif type(data) is dict and data.get("outcome") in REUSABLE_OUTCOMES:
                self.redone += 1          # a missing row is always redone; anything else failed a check

    def _reusable(self, data, rec: AnswerRecord | None, inst: Instance | None, track: str) -> CallRow | None:
        """The saved row ``data`` if it is bound to these answers, intact, well formed and consistent."""
        if type(data) is not dict or data.get("answers_sha256") != self.answers_sha256:
            return None
        if data.get("integrity") != row_integrity(data, self.answers_sha256):
            return None
        try:
            row = CallRow.from_json({k: v for k, v in data.items() if k not in _BINDING})
        except Exception:          # a malformed row (wrong types, garbage objective) is simply not reused
            return None
        return row if row_is_consistent(row, rec, inst, track) else None

    def _bound(self, row: CallRow) -> dict:
        """The progress line of ``row``: its JSON, the answers hash and the integrity hash over both."""
        data = dict(row.to_json(), answers_sha256=self.answers_sha256)
        data["integrity"] = row_integrity(data, self.answers_sha256)
        return data

    def _rewrite(self) -> None:
        """Write header and kept rows to a new file and move it into place (never a torn rewrite)."""
        def write(fh) -> None:
            fh.write((json.dumps(self.header) + "\n").encode("utf-8"))
            for row in self.done.values():
                fh.write((json.dumps(self._bound(row)) + "\n").encode("utf-8"))

        replace_file(self.path, write)

    def add(self, row: CallRow) -> None:
        line = json.dumps(self._bound(row)) + "\n"
        with self.lock:
            if self.stopped:          # an interrupted run records nothing more (killed verifiers are not verdicts)
                return
            with open(self.path, "a", encoding="utf-8") as fh:
                fh.write(line)
                fh.flush()
                os.fsync(fh.fileno())
            self.done[row.key] = row


def _saved_key(row) -> tuple[str, int] | None:
    """The (call_id, sample) key of a saved progress row (no ``sample``: 0), or None when it has none."""
    if type(row) is not dict or type(row.get("call_id")) is not str:
        return None
    sample = row.get("sample", 0)
    return (row["call_id"], sample) if type(sample) is int else None


class Bar:
    """Progress on stderr: a live tqdm bar (rate, ETA and running counts) on a terminal, plain lines
    every ``PLAIN_EVERY`` seconds (and at the end) otherwise."""

    PLAIN_EVERY = 10.0

    def __init__(self, total: int, done: int, enabled: bool | None = None) -> None:
        self.total, self.count, self.initial = total, done, done
        # ZERO (a finish reason, the token budget or the deadline decided it, no verifier) is not a REJECT
        self.counts = {"ACCEPT": 0, "REJECT": 0, "ZERO": 0, "TIMEOUT": 0, "missing": 0}
        self.tty = sys.stderr.isatty() if enabled is None else enabled
        self.started = self.last = time.perf_counter()
        self.bar = None
        if self.tty:
            from tqdm import tqdm

            self.bar = tqdm(total=total, initial=done, desc="scoring", unit="answer", file=sys.stderr,
                            dynamic_ncols=True, smoothing=0.1)

    def _tally(self, row: CallRow | None) -> None:
        if row is None:
            return
        if row.outcome == "missing":
            self.counts["missing"] += 1
        elif row.status in ("TIMEOUT", "LIMIT"):
            self.counts["TIMEOUT"] += 1
        elif row.status == "ACCEPT":
            self.counts["ACCEPT"] += 1
        elif row.status == "ZERO":
            self.counts["ZERO"] += 1
        else:
            self.counts["REJECT"] += 1

    def text(self) -> str:
        elapsed = time.perf_counter() - self.started
        new = self.count - self.initial          # calls reused from a resumed run took no time here
        rate = f"{new / elapsed:.1f}/s, " if new > 0 and elapsed > 0 else ""
        counts = " ".join(f"{k} {v}" for k, v in self.counts.items())
        return f"scoring {self.count}/{self.total} ({rate}{elapsed:.0f} s) {counts}"

    def step(self, row: CallRow | None = None) -> None:
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


#: a scores.json larger than this is never one to keep (removed unread when a run starts)
MAX_BOUND_SCORES_BYTES = 64 << 20


def _bound_to(output: str, header: dict) -> bool:
    """Is the existing scores file at ``output`` the result of exactly this run (same header)?"""
    try:
        # a scores file of this run is small (its rows are the progress rows, each bounded): a stale large
        # file at the output path is never read, only removed (a 200 MB file cost 55 s and 2.5 GB to parse)
        if os.path.getsize(output) > MAX_BOUND_SCORES_BYTES or not os.path.isfile(output):
            return False
        with open(output, "rb") as fh:
            doc = json.load(fh)
        return type(doc) is dict and doc.get("run") == header and doc.get("answers_sha256") == header["answers_sha256"]
    except (OSError, ValueError, RecursionError):
        return False


def write_json_atomically(path: str, doc) -> None:
    """``doc`` as indented JSON, replacing ``path`` atomically (``outputs.replace_file``)."""
    data = (json.dumps(doc, indent=1) + "\n").encode("utf-8")
    replace_file(path, lambda fh: fh.write(data))


# ---- the run ---------------------------------------------------------------------------------------

def run(answers_path: str, output: str, instances: tuple[Instance, ...], *, suite: str, track: str = "tool-free",
        allow_partial: bool = False, jobs: int | None = None, restart: bool = False, duplicates: str = "error",
        time_limit: float = harness.DEFAULT_TIME_LIMIT, memory_limit: int = harness.DEFAULT_MEMORY_LIMIT,
        formal: bool = False, only: tuple[str, ...] | None = None, limit: int | None = None,
        backend: str = "local", ray_address: str | None = None,
        log: Callable[[str], None] = lambda m: print(m, file=sys.stderr)) -> dict:
    """Score a run. ``jobs``: answers verified at a time (local, default 1) or tasks in flight on the
    cluster (``backend="ray"``, default twice the cluster's CPUs); ``ray_address`` as ``ray.init``'s."""
    from endless_exam.checker.scoring.answers import AnswersChangedError, AnswersSource

    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}")
    if backend == "ray":
        from endless_exam.checker.scoring import score_ray

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
    check_output_path(runlock.lock_path(output), "lock file", None, answers_path)
    with runlock.hold(output, ScoreError), AnswersSource(answers_path, spool_dir=out_dir) as source:
        check_output_path(output, "output", source.identity, answers_path)
        check_output_path(progress_path, "progress file", source.identity, answers_path)
        return _run(source, output, progress_path, instances, suite=suite, track=track, allow_partial=allow_partial,
                    jobs=jobs, restart=restart, duplicates=duplicates, time_limit=time_limit,
                    memory_limit=memory_limit, formal=formal, only=only, limit=limit, log=log,
                    changed_error=AnswersChangedError, backend=backend, ray_address=ray_address)


def _where_lines_go(records: list, by_call: dict, lines_read: int, only, limit) -> str | None:
    """Where the answer lines go when not all of them are scored: lines of calls without a reference are
    verified only (``verified_without_reference`` of scores.json), lines outside --only / --limit are skipped."""
    def calls(recs) -> str:
        n = len({r.call_id for r in recs})
        return f"{n} call{'s' if n != 1 else ''}"
    scored = [r for r in records if by_call[r.call_id].reference is not None]
    unreferenced = [r for r in records if by_call[r.call_id].reference is None]
    skipped = lines_read - len(records)
    if not unreferenced and not skipped:
        return None
    parts = [f"{len(scored)} to score ({calls(scored)})"]
    if unreferenced:
        parts.append(f"{len(unreferenced)} of {calls(unreferenced)} without a reference, verified but not scored "
                     "(verified_without_reference in scores.json; report lists them as 'no reference')")
    if skipped:
        parts.append(f"{skipped} of calls outside {'--only' if only is not None else '--limit'}, not read further")
    return f"{lines_read} answer line{'s' if lines_read != 1 else ''}: " + "; ".join(parts)


def _closest(name: str, names) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``names``, or ''."""
    import difflib

    close = difflib.get_close_matches(name, list(names), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _run(source, output: str, progress_path: str, instances: tuple[Instance, ...], *, suite: str, track: str,
         allow_partial: bool, jobs: int | None, restart: bool, duplicates: str, time_limit: float,
         memory_limit: int, formal: bool, only: tuple[str, ...] | None, limit: int | None,
         log: Callable[[str], None], changed_error: type, backend: str = "local",
         ray_address: str | None = None) -> dict:
    by_call = {i.call_id: i for i in instances}
    if only is not None:
        unknown = [c for c in only if c not in by_call]
        if unknown:
            raise ScoreError(f"--only names call ids that are not in suite {suite!r}: {', '.join(unknown[:5])}"
                             + _closest(unknown[0], by_call))

    def hint(call_id: str) -> str:
        having = [name for name in suites.SUITES if any(i.call_id == call_id for i in suites.load(name))]
        where = f"suites that have it: {', '.join(having)}" if having else "no suite has it"
        return f" in suite {suite!r} (the suite scored; choose another with --suite); {where}" + (
            "" if having else _closest(call_id, by_call))

    records = source.scan(set(by_call), hint)
    from endless_exam.checker.scoring.answers import ignored_fields_warning

    if (ignored := ignored_fields_warning(records)) is not None:
        log(f"endless-exam: warning: {ignored}")
    for rec in records:
        if rec.track is not None and rec.track != track:
            raise AnswersFileError(f"answers line {rec.line}: track {rec.track!r} but scoring the {track} track")
    lines_read = len(records)
    if only is not None or limit is not None:   # a quick check on some calls (with all their samples): a subset score
        wanted = set(only) if only is not None else None
        records = [r for r in records if wanted is None or r.call_id in wanted]
        if limit is not None:    # the first N calls answered, in file order, each with all its samples
            first_calls = set(list(dict.fromkeys(r.call_id for r in records))[:limit])
            records = [r for r in records if r.call_id in first_calls]
        allow_partial = True     # the other calls of the suite are missing: the result is a subset score
    answered = {r.call_id for r in records}
    scorable = tuple(i for i in instances if i.reference is not None)   # calls without a reference: verify only
    if (where := _where_lines_go(records, by_call, lines_read, only, limit)) is not None:
        log(where)
    unanswered = sorted({i.call_id for i in scorable} - answered)
    if unanswered and not allow_partial:
        raise ScoreError(f"answers cover {len(answered)} of {len(by_call)} calls; missing e.g. {unanswered[:5]}; "
                         "use --allow-partial for a subset score")
    multi = any(r.sample != 0 for r in records)
    header = {"answers_sha256": source.sha256, "track": track, "suite": suite, "checker": __version__,
              "code": code_fingerprint(), "time_limit": time_limit, "memory_limit": memory_limit,
              "progress_format": PROGRESS_FORMAT_SAMPLES if multi else PROGRESS_FORMAT}
    if formal:
        header["formal"] = True   # a run with the formal check is another run (its rows carry "formal")
    if only is not None or limit is not None:   # so is a quick check on a subset
        header["subset"] = {"only": sorted(only) if only is not None else None, "limit": limit}
    progress = Progress(progress_path, header, restart, resume_allowed=source.regular,
                        records={r.key: r for r in records}, instances=by_call, track=track, log=log)
    if os.path.exists(output) and (restart or not _bound_to(output, header)):
        os.remove(output)     # results of other answers must not stand beside this run's progress
        log(f"removed the earlier {output} (--restart)" if restart
            else f"removed the earlier {output}: it does not belong to these answers and settings")
    todo = [r for r in records if r.key not in progress.done]
    if progress.redone:
        log(f"{progress.redone} saved row(s) failed their integrity or consistency check and are redone")
    if progress.reverified:
        log(f"{progress.reverified} saved record claim(s) (ratio > 1, or >= 1 on a published reference) are "
            "verified again from the answers file")
    if progress.done:
        log(f"resuming: {len(progress.done)} finished {progress.unit} reused, {len(todo)} left")
    if backend == "ray":
        _dispatch_ray(todo, by_call, len(records), progress, track=track, time_limit=time_limit,
                      memory_limit=memory_limit, formal=formal, source=source, jobs=jobs, ray_address=ray_address,
                      log=log, changed_error=changed_error)
    else:
        _dispatch_local(todo, by_call, len(records), progress, track=track, time_limit=time_limit,
                        memory_limit=memory_limit, formal=formal, source=source, jobs=jobs or 1,
                        changed_error=changed_error)
    rows = [progress.done[r.key] for r in records]
    doc = build_scores(scorable, [r for r in rows if r.reference is not None], unanswered, track, suite,
                       duplicates)
    doc["verified_without_reference"] = [r.to_json() for r in rows if r.reference is None]
    doc["answers_sha256"] = source.sha256
    doc["run"] = header
    write_json_atomically(output, doc)
    return doc


def _interrupted(progress: Progress, total: int) -> ScoreError:
    err = ScoreError(f"interrupted: {len(progress.done)} of {total} {progress.unit} are saved in "
                     f"{progress.path}; run the same command again to resume")
    err.interrupted = sys.exc_info()[1]     # the KeyboardInterrupt (or interrupts.Terminated): the exit code
    return err


def _stopped_by(exc: Exception, progress: Progress) -> ScoreError:
    return ScoreError(f"{exc}; {len(progress.done)} finished {progress.unit} are saved in {progress.path}")


def _dispatch_local(todo: list[AnswerRecord], by_call: dict[str, Instance], total: int, progress: Progress, *,
                    track: str, time_limit: float, memory_limit: int, formal: bool, source, jobs: int,
                    changed_error: type) -> None:
    """Verify ``todo`` here, ``jobs`` answers at a time (threads, each driving the harness)."""
    bar = Bar(total, total - len(todo))
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    stop = threading.Event()

    def guarded(rec: AnswerRecord) -> CallRow | None:
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
        harness.interrupt()          # kill the running verifiers and start no new one (a thread mid-call)
        pool.shutdown(wait=True)
        harness.resume()
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
    from endless_exam.checker.scoring import score_ray

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

    def record(row: CallRow) -> None:
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


def build_scores(instances: tuple[Instance, ...], rows: list[CallRow], unanswered: list[str], track: str,
                 suite: str = "bench-v1", duplicates: str = "error") -> dict:
    """scores.json for ``rows`` (one per sample of a call; one sample per call is the usual run). A call's
    entry in ``instances`` has the mean ratio over its scored samples; ``infrastructure_failures`` and
    ``not_implemented`` list missing samples; ``missing_call_ids`` lists the calls without an answer or
    without any scored sample; the run is complete when every call has an answer and every sample is scored."""
    order = {i.call_id: n for n, i in enumerate(instances)}
    rows = sorted(rows, key=lambda r: (order[r.call_id], r.sample))
    multi = any(r.sample != 0 for r in rows)
    outcomes = [r.outcome_view() for r in rows if r.reference is not None]
    expected = list(dict.fromkeys(i.instance_id for i in instances if i.reference is not None))
    try:
        summary = aggregate(outcomes, expected_instances=expected, duplicates=duplicates)
    except ValueError as exc:   # e.g. two scored calls for one instance: keep every row, report the problem
        summary = {"error": str(exc)[:2000]}

    def tagged(r: CallRow, **fields) -> dict:
        return {"call_id": r.call_id, **({"sample": r.sample} if r.sample else {}), **fields}

    infra = [tagged(r, reason=r.reason, ratio=None) for r in rows
             if r.missing and r.reason != "family_not_implemented"]
    # calls of families this checker does not implement yet: missing, but not an infrastructure failure
    not_implemented = [tagged(r, family=r.family) for r in rows
                       if r.missing and r.reason == "family_not_implemented"]
    by_call: dict[str, list[CallRow]] = {}
    for r in rows:
        by_call.setdefault(r.call_id, []).append(r)
    missing = sorted(set(unanswered) | {cid for cid, samples in by_call.items() if all(r.missing for r in samples)})
    complete = not missing and not any(r.missing for r in rows)
    doc = {
        "version": SCORES_VERSION_SAMPLES if multi else SCORES_VERSION, "checker": __version__, "suite": suite,
        "track": track, "complete": complete, "calls": len(by_call),
    }
    if multi:
        doc["samples"] = len(rows)
    doc.update({
        "expected_calls": len(instances),
        "distinct_instances": len({r.instance_id for r in rows if not r.missing}),
        "expected_instances": len({i.instance_id for i in instances}),
    })
    key = "score" if complete else "subset_score"
    doc[key] = summary.get("score") if complete else summary.get("subset_score")
    call_ratio = {}
    for cid, samples in by_call.items():
        scored = [r.ratio for r in samples if not r.missing]
        if scored:
            call_ratio[cid] = sum(scored, Fraction(0)) / len(scored)
    doc.update({
        "published_hfr": summary.get("published_hfr"),
        "construction_reference_ratio": summary.get("construction_reference_ratio"),
        "valid_fraction": summary.get("valid_fraction"),
        "reference_parity_score": 100, "score_capped": False,
        "instances": [{"instance_id": samples[0].instance_id, "family": samples[0].family,
                       "reference_type": samples[0].reference_type, "calls": 1,
                       "ratio": objective_to_float(call_ratio[cid])}
                      for cid, samples in by_call.items() if cid in call_ratio],
        "calls_scored": [r.to_json() for r in rows],
        "missing_call_ids": missing,
        "infrastructure_failures": infra,
        "not_implemented": not_implemented,
        "summary": summary,
    })
    return doc

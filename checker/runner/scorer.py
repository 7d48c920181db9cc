"""The inspect scorer and metrics: each answer decided exactly as ``endless-exam score`` decides it.

The sample's answers line (``answers_out``: the same line ``run`` writes) is framed by
``checker.scoring.answers.parse_line`` and scored by ``checker.scoring.call.score_record``, the function ``score`` uses:
the outcome classes first (infrastructure -> missing, an unfinished generation or the token budget ->
zero, a size limit -> REJECT), then both verifiers in their isolated processes through
``checker.verify.harness`` (same time and memory limits, same trust rule, ``combine``). The harness blocks, so
it runs in a worker thread (``anyio.to_thread``), at most as many at a time as this process has CPUs;
inspect's event loop never waits on it.

The ``Score``: ``value`` is the call's exact ratio as a float (0 for a zero; NaN for a missing call, which
is never a zero), ``answer`` the verdict, ``explanation`` the verdict, reason and message, ``metadata``
the verdict, reason, exact objective and ratio (strings), gap closed, both verifiers' summaries and the
witness re-checks, and ``row``: the full ``calls_scored`` row that ``score`` would write.

Metrics (over the scored samples of the eval) come from ``checker.scoring.aggregate.aggregate`` applied to those
rows, the same function that makes ``scores.json``: ``score`` (100 x mean ratio over the distinct
instances; the subset score when some are missing), ``published_mean``, ``construction_mean``,
``valid_fraction`` and ``gap_closed`` (the mean over eligible instances). NaN where the group is empty.
"""
from __future__ import annotations

import os
from functools import lru_cache

from endless_exam.certificates.verdict import objective_to_float

from endless_exam.checker.scoring.aggregate import aggregate, gap_closed
from endless_exam.checker.scoring.answers import parse_line
from endless_exam.checker.runner.samples import STORE_KEY, instance_of
from endless_exam.checker.scoring.call import score_record
from endless_exam.checker.scoring.callrow import CallRow, outcome_from_json
from endless_exam.checker.suites.instances import Instance
from endless_exam.checker.verify import harness



class _LineSource:
    """The scorer's ``AnswersSource`` for one line held in memory."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def read_value(self, rec, span) -> bytes:
        return self.data[span[0]:span[1]]


def score_line(data: bytes, inst: Instance, track: str, time_limit: float = harness.DEFAULT_TIME_LIMIT,
               memory_limit: int = harness.DEFAULT_MEMORY_LIMIT) -> CallRow:
    """Score one answers line (without its ``\\n``) of ``inst`` as ``score`` does (blocking)."""
    rec = parse_line(data, 1)
    return score_record(rec, inst, track, time_limit, memory_limit, _LineSource(data))


def score_fields(row: CallRow) -> dict:
    """What a Score shows of a row: verdict, reason, exact objective and ratio, gap closed, the verifiers."""
    data = row.to_json()
    gap = None if row.missing or row.reference is None else gap_closed(row.outcome_view())
    meta = {"call_id": row.call_id, "sample": row.sample, "verdict": row.status, "outcome": row.outcome,
            "reason": row.reason, "objective": data["objective"], "ratio": data["ratio_exact"],
            "gap_closed": gap, "message": row.message}
    for name in ("primary", "second", "witness_checks"):
        if name in data:
            meta[name] = data[name]
    meta["row"] = data
    return meta


def explanation(row: CallRow) -> str:
    head = row.status + (f" ({row.reason})" if row.reason else "")
    if row.status == "ACCEPT":
        head += f": objective {row.to_json()['objective']}, ratio {row.to_json()['ratio_exact']}"
    return f"{head}\n{row.message}"


@lru_cache(maxsize=1)
def _cpus() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


_limiters: dict = {}


def _limiter():
    """One ``CapacityLimiter`` (this process's CPUs) per event loop."""
    import asyncio

    import anyio

    key = id(asyncio.get_running_loop())
    if key not in _limiters:
        _limiters[key] = anyio.CapacityLimiter(_cpus())
    return _limiters[key]


def _summary(scores) -> dict:
    """``aggregate`` over the rows of the scored samples (a call repeated by inspect's epochs counts as
    further samples of the call)."""
    rows, seen = [], {}
    for s in scores:
        meta = getattr(getattr(s, "score", s), "metadata", None) or {}
        row = meta.get("row")
        if isinstance(row, dict) and row.get("reference") is not None:
            key = (row["call_id"], row.get("sample", 0))
            if key in seen:
                row = dict(row, sample=max(k[1] for k in seen if k[0] == row["call_id"]) + 1)
                key = (row["call_id"], row["sample"])
            seen[key] = True
            rows.append(outcome_from_json(row, "score"))
    if not rows:
        return {}
    return aggregate(rows, expected_instances=None, duplicates="mean", resamples=1)


def _num(value) -> float:
    return float("nan") if value is None else float(value)


def make_scorer():
    """The inspect scorer (with its metrics), built lazily so that inspect is imported only here."""
    import anyio
    from inspect_ai.scorer import Score, Target, metric, scorer
    from inspect_ai.solver import TaskState

    def summary_metric(name: str, pick):
        """An inspect metric reading one figure of the run's exact summary (``aggregate``)."""
        @metric(name=name)
        def made():
            def compute(scores) -> float:
                return _num(pick(_summary(scores)))
            return compute
        return made

    overall = summary_metric("score", lambda s: s.get("score", s.get("subset_score")))
    published = summary_metric("published_mean", lambda s: s.get("published_hfr"))
    construction = summary_metric("construction_mean", lambda s: s.get("construction_reference_ratio"))
    valid = summary_metric("valid_fraction", lambda s: s.get("valid_fraction"))
    gap = summary_metric("gap_closed", lambda s: (s.get("gap_closed") or {}).get("mean"))

    @scorer(metrics=[overall(), published(), construction(), valid(), gap()], name="endless_exam_scorer")
    def endless_exam_scorer(time_limit: float = harness.DEFAULT_TIME_LIMIT,
                            memory_limit: int = harness.DEFAULT_MEMORY_LIMIT):
        async def score(state: TaskState, target: Target) -> Score:

            inst, track = instance_of(state.metadata)
            text = state.store.get(STORE_KEY)
            if text is None:        # the solver recorded nothing: the collection failed
                return Score(value=float("nan"), answer="MISSING", explanation="no answers line was recorded",
                             metadata={"verdict": "MISSING", "reason": "collector_error"})
            data = text.encode("latin-1")
            row = await anyio.to_thread.run_sync(score_line, data, inst, track, time_limit, memory_limit,
                                                 limiter=_limiter())
            ratio = objective_to_float(row.ratio)
            value = float("nan") if row.missing or ratio is None else ratio
            return Score(value=value, answer=row.status, explanation=explanation(row), metadata=score_fields(row))
        return score

    return endless_exam_scorer


"""The inspect tasks: one sample per call (and per ``samples`` index) of a suite, the export's messages.

Tasks (registered through the ``inspect_ai`` entry point, ``registry``): ``endless_exam/bench_v1``,
``endless_exam/size_series``, ``endless_exam/kakeya``, ``endless_exam/a1``, ``endless_exam/a2`` (one per
bundled suite) and ``endless_exam/suite`` (``-T suite=NAME_OR_FILE``). Every task takes ``track``
(``tool-free``, default, or ``tool-assisted``), ``samples`` (independent responses per call, default 1),
``only`` (call ids, comma-separated), ``deadline`` (tool-assisted, seconds, default 7200),
``answers_out`` (a path: also append each sample's answers line there; ``endless-exam run`` sets it) and
``attempt`` (a number written into those lines).

A sample: ``id`` = the call id (``CALL_ID#K`` for sample K > 0), ``input`` = the system message and the
prompt exactly as ``export`` writes them for the track (the tool-assisted track has no system message),
``metadata`` = call id, instance id, family, parameters, reference (exact, as a string), reference type,
tier, sample index, suite and track. Calls of families that are not implemented are left out (as
``export --allow-partial`` does).

The tool-free solver generates once with no tools (``tool_calls="none"``: a tool call the model makes
anyway is recorded as ``tool_violation``, never executed), classifies the output (``outcomes``), and
stores the sample's answers line (``answers_out``) for the scorer. An exception that survives
inspect's retries is recorded as its infrastructure reason and raised again, so inspect marks the
sample as an error (and its own ``--retry-on-error`` may retry it).
"""
from __future__ import annotations

import time

from endless_exam.checker import prompts
from endless_exam.checker.suites import export
from endless_exam.checker.suites.names import SUITES
from endless_exam.checker.runner.outcomes import classify_error, classify_output
from endless_exam.checker.runner.samples import suite_instances, base_fields, finish, record, sample_id, usage_fields

TRACKS = ("tool-free", "tool-assisted")
DEFAULT_DEADLINE = 7200
PACKAGE = "endless_exam"


def select(instances, only: list[str] | None = None, limit: int | None = None):
    """The calls of ``instances`` to run: implemented ones, those in ``only`` if given, the first ``limit``."""
    chosen = [i for i in instances if i.implemented]
    if only:
        known = {i.call_id for i in instances}
        unknown = [c for c in only if c not in known]
        if unknown:
            raise ValueError(f"call ids not in the suite: {', '.join(unknown[:5])}")
        wanted = set(only)
        chosen = [i for i in chosen if i.call_id in wanted]
    if limit is not None:
        chosen = chosen[:limit]
    return chosen


def build_samples(suite: str, track: str, keys: list[tuple[str, int]]):
    """inspect ``Sample`` objects for (call id, sample index) keys of ``suite``."""
    from inspect_ai.dataset import Sample
    from inspect_ai.model import ChatMessageSystem, ChatMessageUser

    by_call = {i.call_id: i for i in suite_instances(suite)}
    out = []
    for call_id, k in keys:
        inst = by_call[call_id]
        rec = export.record(inst, track)
        messages = []
        if rec.get("system") is not None:
            messages.append(ChatMessageSystem(content=rec["system"]))
        messages.append(ChatMessageUser(content=rec["prompt"]))
        meta = {"call_id": call_id, "instance_id": inst.instance_id, "family": inst.family, "params": inst.params,
                "reference": rec["reference_exact"], "reference_type": inst.reference_type, "tier": inst.tier,
                "sample": k, "suite": suite, "track": track}
        out.append(Sample(id=sample_id(call_id, k), input=messages, metadata=meta))
    return out


def tool_free_solver(answers_path: str | None, attempt: int, store: bool = True):
    from inspect_ai.solver import solver

    @solver(name="endless_exam_tool_free")
    def collect():
        async def solve(state, generate):
            meta = state.metadata
            started = time.time()
            fields = base_fields(meta, attempt, started)
            try:
                state = await generate(state, tool_calls="none")
            except Exception as exc:     # after inspect's retries: infrastructure, never a zero
                outcome = classify_error(exc)
                fields.update(finish_reason=outcome.finish_reason, error=outcome.error)
                record(state, finish(fields, started), None, answers_path, store)
                raise
            output = state.output
            outcome = classify_output(output, "tool-free")
            if not outcome.infrastructure:
                fields["content"] = output.completion or ""
            fields["finish_reason"] = outcome.finish_reason
            if outcome.error:
                fields["error"] = outcome.error
            fields.update(usage_fields(output))
            fields["response_model"] = getattr(output, "model", None)
            fields["response_id"] = getattr(output, "response_id", None)
            record(state, finish(fields, started), None, answers_path, store)
            return state
        return solve

    return collect()


def make_task(suite: str, track: str = "tool-free", samples: int = 1, only: str | list[str] | None = None,
              limit: int | None = None, keys: list[tuple[str, int]] | None = None, deadline: int = DEFAULT_DEADLINE,
              answers_out: str | None = None, attempt: int = 1, time_limit: float | None = None,
              memory_limit: int | None = None, sandbox=None, store: bool = True):
    """The inspect ``Task`` for ``suite`` (``keys``: exactly these (call id, sample) pairs, for a resume;
    ``store=False``: the scorer will not run, ``run`` scores ``answers_out`` itself)."""
    from inspect_ai import Task

    from endless_exam.checker.runner.scorer import make_scorer

    if track not in TRACKS:
        raise ValueError(f"track must be one of {', '.join(TRACKS)}, got {track!r}")
    samples = int(samples)
    if not 1 <= samples <= 1000:
        raise ValueError(f"samples must be between 1 and 1000, got {samples}")
    if keys is None:
        if isinstance(only, str):
            only = [c for c in only.split(",") if c]
        chosen = select(suite_instances(suite), only or None, limit)
        keys = [(i.call_id, k) for i in chosen for k in range(samples)]
    dataset = build_samples(suite, track, keys)
    if track == "tool-free":
        solver = tool_free_solver(answers_out, attempt, store)
    else:
        from endless_exam.checker.runner.agent import tool_assisted_solver

        solver = tool_assisted_solver(answers_out, attempt, int(deadline), store)
    kwargs = {}
    if time_limit is not None:
        kwargs["time_limit"] = time_limit
    if memory_limit is not None:
        kwargs["memory_limit"] = memory_limit
    if sandbox is None and track == "tool-assisted":    # Docker with the paper's limits; --sandbox local overrides
        from endless_exam.checker.runner.agent import compose_file

        sandbox = ("docker", compose_file())
    return Task(dataset=dataset, solver=solver, scorer=make_scorer()(**kwargs), sandbox=sandbox,
                metadata={"suite": suite, "track": track, "prompts_system": prompts.system(track)})


def task_name(short: str, probe) -> str:
    """The name under which inspect finds ``endless_exam/<short>``: inspect prefixes the package's name
    itself for a package installed in site-packages; an editable install is not detected as a package,
    so the prefix is given explicitly there."""
    try:
        from inspect_ai._util.package import get_installed_package_name
        prefixed = get_installed_package_name(probe) == PACKAGE
    except Exception:      # an inspect without that helper: name it explicitly
        prefixed = False
    return short if prefixed else f"{PACKAGE}/{short}"


def suite_task_names() -> dict[str, str]:
    return {name: name.replace("-", "_") for name in SUITES}

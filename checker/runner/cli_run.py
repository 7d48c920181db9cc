"""``endless-exam run``: a model on a suite through inspect-ai, then ``score`` into ``RUN_DIR/scores.json``.

``RUN_DIR`` holds ``manifest.json`` (``manifest``), ``answers.jsonl`` (``answers_out``: the scorer's
format), ``logs/`` (inspect's eval logs, one per invocation; ``inspect view --log-dir RUN_DIR/logs``),
``scores.json`` with its progress file (written by the existing scorer, ``checker.scoring.score.run``, exactly as
``endless-exam score RUN_DIR/answers.jsonl --output RUN_DIR/scores.json --allow-partial`` writes it), and
``run.lock`` (one run per directory at a time).

Resume: running the same command again reads ``answers.jsonl``, keeps every sample whose newest line is a
scored outcome (zeros included) and collects again only the samples that are absent (never reached, or
lost when the run was killed) or whose newest line is an infrastructure failure. The manifest's settings
must match (else the run is refused, naming the field, unless ``--restart``, which starts the directory
anew). ``--only`` and ``--limit`` select calls and may change between invocations.

Retries, rate limits, concurrency and the provider clients are inspect's (``--max-retries``,
``--max-connections``, ``-M`` for the provider's client arguments); nothing here talks HTTP.
Exit codes: 0 when every selected sample is scored, 2 on a usage error or when some samples are still
missing (infrastructure failures: run again), 3 when the verifiers disagree (as ``score``), 130/143 when
interrupted (what was collected is kept).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time


EXTRA_HINT = "pip install 'endless-exam-checker[run]'"
DEFAULT_MAX_TOKENS = 128_000
DEFAULT_DEADLINE = 7200
DEFAULT_MAX_RETRIES = 4
MAX_JOBS = 64            # as score's --jobs


class RunError(Exception):
    pass


def add_parser(sub, suite_arg, usage_error: type[Exception]) -> None:
    """Register ``run`` on the CLI's subparsers (``checker.cli`` calls this, and nothing else from here)."""
    p = sub.add_parser("run", help="run a model on a suite with inspect-ai and score it (needs the run extra)")
    p.add_argument("--model", required=True, help="inspect model name PROVIDER/MODEL, e.g. openai/gpt-4.1, "
                                                  "anthropic/claude-sonnet-4-0, openai/MODEL with --model-base-url "
                                                  "for vLLM or any OpenAI-compatible server")
    p.add_argument("--output", required=True, metavar="RUN_DIR", help="the run directory (created if missing)")
    p.add_argument("--suite", type=suite_arg, default="bench-v1", help="bundled suite or suite file (default bench-v1)")
    p.add_argument("--track", choices=("tool-free", "tool-assisted"), default="tool-free",
                   help="tool-free (the system message, no tools; default) or tool-assisted (an agent with bash "
                        "and python in a sandbox, the answer read from /workspace/answer.json)")
    p.add_argument("--samples", type=int, default=1, metavar="K", help="independent responses per call (default 1)")
    p.add_argument("--only", nargs="+", metavar="CALL_ID", help="only these calls (default: every call)")
    p.add_argument("--limit", type=int, metavar="N", help="only the first N calls of the suite (default: all)")
    p.add_argument("--max-connections", type=int, metavar="N",
                   help="concurrent requests to the model (inspect's; default inspect's, 10)")
    p.add_argument("--max-tokens", type=int, default=DEFAULT_MAX_TOKENS,
                   help=f"output token budget per generation (default {DEFAULT_MAX_TOKENS:,}, the paper's)")
    p.add_argument("--reasoning-effort", choices=("none", "minimal", "low", "medium", "high", "xhigh", "max"),
                   help="reasoning effort for models that take one (default: the provider's)")
    p.add_argument("--model-base-url", metavar="URL", help="the provider's base URL (a local vLLM server, say)")
    p.add_argument("-M", dest="model_args", action="append", default=[], metavar="KEY=VALUE",
                   help="a model argument for the provider's client (repeatable; the value is read as JSON "
                        "when it parses, else as text; default: none)")
    p.add_argument("--max-retries", type=int, default=DEFAULT_MAX_RETRIES,
                   help=f"inspect's retries of a failed request (rate limit, server or transport error), with "
                        f"its exponential backoff (default {DEFAULT_MAX_RETRIES}); what still fails is missing "
                        "and collected again by the next run")
    p.add_argument("--sandbox", choices=("docker", "local"),
                   help="tool-assisted track: docker (4 CPUs, 16 GiB, 128 processes; default where docker is "
                        "installed) or local (UNISOLATED: the agent's commands run on this machine as this user)")
    p.add_argument("--deadline", type=int, default=DEFAULT_DEADLINE, metavar="SECONDS",
                   help=f"tool-assisted track: wall-clock deadline per sample (default {DEFAULT_DEADLINE}, 2 h)")
    p.add_argument("--display", choices=("full", "rich", "plain", "log", "none"),
                   help="inspect's progress display (default: inspect's, full on a terminal)")
    p.add_argument("--restart", action="store_true",
                   help="discard the run directory's answers and scores and start anew (default: resume)")
    p.add_argument("--jobs", type=int, help=f"answers verified at a time when scoring, 1 to {MAX_JOBS} (default: the CPUs available)")
    p.set_defaults(func=lambda args: cmd_run(args, usage_error))


def _model_args(items: list[str]) -> dict:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise RunError(f"-M expects KEY=VALUE, got {item!r}")
        try:
            out[key] = json.loads(value)
        except ValueError:
            out[key] = value
    return out


def require_inspect() -> None:
    try:
        import inspect_ai  # noqa: F401
    except ImportError:
        raise RunError(f"run needs inspect-ai, which is not installed: {EXTRA_HINT}") from None


def cmd_run(args: argparse.Namespace, usage_error: type[Exception]) -> int:
    try:
        require_inspect()
        return execute(args)
    except RunError as exc:
        raise usage_error(str(exc)) from None


def _log(msg: str) -> None:
    print(f"endless-exam: {msg}", file=sys.stderr)


def settings_of(args, model_name: str, instances) -> dict:
    from endless_exam.checker import __version__
    from endless_exam.checker.runner import manifest

    tool = args.track == "tool-assisted"
    return {"model": model_name, "model_base_url": args.model_base_url, "model_args": _model_args(args.model_args),
            "suite": args.suite, "suite_sha256": manifest.suite_sha256(instances), "track": args.track,
            "prompts_sha256": manifest.prompts_sha256(instances, args.track), "samples": args.samples,
            "max_tokens": None if tool else args.max_tokens, "reasoning_effort": args.reasoning_effort,
            "sandbox": args.sandbox if tool else None, "deadline": args.deadline if tool else None,
            "checker": __version__}


def _sandbox_spec(args, run_dir: str):
    if args.track != "tool-assisted":
        return None
    if args.sandbox is None:
        args.sandbox = "docker" if shutil.which("docker") else None
        if args.sandbox is None:
            raise RunError("the tool-assisted track needs a sandbox: docker is not installed here; give --sandbox "
                           "local to run the agent's commands UNISOLATED on this machine (docs/runner.md)")
    if args.sandbox == "local":
        return "local"
    from endless_exam.checker.runner.agent import write_compose

    return ("docker", write_compose(os.path.join(run_dir, "sandbox")))


def _offline_mock(name: str, model_args: dict):
    """inspect's ``mockllm/...`` with its default reply and its usage stated (output tokens counted as
    mockllm counts them, characters; input tokens 0), or None for any other model. Plain mockllm counts the
    input with tiktoken's o200k_base encoding, which tiktoken downloads on first use: offline, the eval
    would fail inside inspect. Through ``custom_outputs`` (mockllm's own option) no tokenizer is needed."""
    if name.split("/", 1)[0] != "mockllm" or "custom_outputs" in model_args:
        return None
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    text = f"Default output from {name}"          # mockllm's own default reply

    def replies():
        while True:
            out = ModelOutput.from_content(model=name.split("/", 1)[-1], content=text)
            out.usage = ModelUsage(input_tokens=0, output_tokens=len(text), total_tokens=len(text))
            yield out

    return get_model(name, custom_outputs=replies(), **model_args)


def execute(args, model=None, log=_log) -> int:
    """Run ``args`` (the parsed options); ``model``: an inspect ``Model`` to use instead of ``args.model``
    (tests: mockllm with scripted outputs)."""
    from inspect_ai import eval as inspect_eval

    from endless_exam.checker.scoring import runlock, score
    from endless_exam.checker.scoring.fingerprint import code_fingerprint
    from endless_exam.checker.suites import instances as suites
    from endless_exam.checker.verify import harness
    from endless_exam.checker.runner import answers_out, manifest
    from endless_exam.checker.runner.samples import close_journals, sample_id
    from endless_exam.checker.runner.task import make_task, select

    if args.samples < 1 or args.samples > 1000:
        raise RunError(f"--samples must be between 1 and 1000, got {args.samples}")
    if args.limit is not None and args.limit < 1:
        raise RunError(f"--limit must be at least 1, got {args.limit}")
    if args.max_tokens < 1:
        raise RunError(f"--max-tokens must be at least 1, got {args.max_tokens}")
    if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
        raise RunError(f"--jobs must be between 1 and {MAX_JOBS}, got {args.jobs}")
    if args.deadline < 1:
        raise RunError(f"--deadline must be at least 1 second, got {args.deadline}")
    run_dir = args.output
    if os.path.exists(run_dir) and not os.path.isdir(run_dir):
        raise RunError(f"--output {run_dir} exists and is not a directory")
    os.makedirs(run_dir, exist_ok=True)
    instances = suites.load(args.suite)
    try:
        chosen = select(instances, args.only, args.limit)
    except ValueError as exc:
        raise RunError(f"--only: {exc}") from None
    if not chosen:
        raise RunError("no call selected (families not implemented yet are left out)")
    skipped = sorted({i.family for i in instances if not i.implemented})
    if skipped:
        log(f"leaving out the calls of families not implemented yet: {', '.join(skipped)}")
    model_name = args.model if model is None else str(model)
    if model is None:
        model = _offline_mock(args.model, _model_args(args.model_args))
    with runlock.hold(os.path.join(run_dir, "run"), RunError):
        sandbox = _sandbox_spec(args, run_dir)
        settings = settings_of(args, model_name, instances)
        answers_path = os.path.join(run_dir, "answers.jsonl")
        scores_path = os.path.join(run_dir, "scores.json")
        saved = manifest.load(run_dir) if not args.restart else None
        if saved is not None:
            why = manifest.difference(saved, settings)
            if why is not None:
                raise RunError(f"{run_dir} was made with other settings ({why}); use another --output, or "
                               "--restart to discard it")
        elif args.restart:
            for name in ("answers.jsonl", "scores.json", "scores.json.progress.jsonl"):
                if os.path.exists(os.path.join(run_dir, name)):
                    os.remove(os.path.join(run_dir, name))
        selection = {"only": args.only, "limit": args.limit}
        doc = manifest.write(run_dir, settings, selection, saved, code_fingerprint())
        attempt = len(doc["runs"])
        keys = [(i.call_id, k) for i in chosen for k in range(args.samples)]
        rows = answers_out.read(answers_path, log)
        todo = [k for k in keys if k not in rows or not answers_out.is_done(rows[k][0])]
        redo = sum(1 for k in todo if k in rows)
        if len(todo) < len(keys):
            log(f"resuming: {len(keys) - len(todo)} of {len(keys)} samples already collected; collecting "
                f"{len(todo)}" + (f" ({redo} after an infrastructure failure)" if redo else ""))
        interrupted = None
        if todo:
            task = make_task(args.suite, track=args.track, keys=todo, deadline=args.deadline,
                             answers_out=os.path.abspath(answers_path), attempt=attempt, sandbox=sandbox,
                             store=False)
            config = {"max_retries": args.max_retries}
            if args.track == "tool-free":
                config["max_tokens"] = args.max_tokens
            if args.reasoning_effort:
                config["reasoning_effort"] = args.reasoning_effort
            if args.max_connections:
                config["max_connections"] = args.max_connections
            try:
                logs = inspect_eval(task, model=model if model is not None else args.model,
                                    model_base_url=args.model_base_url, model_args=settings["model_args"],
                                    log_dir=os.path.join(run_dir, "logs"), display=args.display, score=False,
                                    fail_on_error=False, retry_on_error=0, **config)
            except KeyboardInterrupt as exc:
                logs, interrupted = [], exc
            except Exception as exc:     # the eval did not start (no API key, an unknown provider, ...)
                if type(exc).__name__ != "PrerequisiteError":
                    raise
                import re

                text = re.sub(r"\[/?[a-z ]+\]", "", str(exc)).replace("ERROR: ", "").strip()
                raise RunError(f"inspect could not start the eval: {text}") from None
            finally:
                close_journals()
            if logs and logs[0].status == "cancelled":
                interrupted = KeyboardInterrupt()
            _record_lost(logs, todo, answers_path, args, attempt)
        rows = answers_out.read(answers_path, log)
        order = [k for k in ((i.call_id, s) for i in instances for s in range(max(args.samples, _max_sample(rows) + 1)))]
        answers_out.compact(answers_path, rows, order)
        if interrupted is not None:
            from endless_exam.checker.scoring import interrupts

            log(f"interrupted: the samples collected so far are in {answers_path}; run the same command again "
                "to resume")
            return interrupts.stop(interrupted)
        missing_now = [k for k in keys if k not in rows or not answers_out.is_done(rows[k][0])]
        jobs = args.jobs or max(1, min(MAX_JOBS, len(os.sched_getaffinity(0))))
        try:
            # new answers: score them anew; the same answers (a run that collected nothing): resume scoring
            result = score.run(answers_path, scores_path, instances, suite=args.suite, track=args.track,
                               allow_partial=True, jobs=jobs, restart=bool(todo), log=log)
        except score.ScoreError as exc:
            if getattr(exc, "interrupted", None) is not None:     # SIGINT / SIGTERM while scoring: saved
                from endless_exam.checker.scoring import interrupts

                log(str(exc))
                return interrupts.stop(exc.interrupted)
            raise RunError(str(exc)) from None
        finally:
            harness.shutdown()
    return _summary(result, keys, missing_now, run_dir, log, sample_id)


def _max_sample(rows) -> int:
    return max((k[1] for k in rows), default=0)


def _record_lost(logs, todo, answers_path, args, attempt) -> None:
    """A sample that failed in inspect before its solver could record it (a sandbox that did not start, say)
    gets an infrastructure line (``collector_error``), so that it is listed as missing and redone."""
    from endless_exam.checker.runner import answers_out
    from endless_exam.checker.runner.samples import base_fields, finish

    rows = answers_out.read(answers_path)
    wanted = set(todo)
    journal = None
    for log_ in logs or []:
        for s in log_.samples or []:
            meta = s.metadata or {}
            key = (meta.get("call_id"), meta.get("sample", 0))
            if key not in wanted or s.error is None:
                continue
            if key in rows and rows[key][0].get("attempt") == attempt:
                continue
            fields = base_fields(meta, attempt, time.time())
            fields.update(finish_reason="collector_error", error="collector_error")
            journal = journal or answers_out.Journal(answers_path)
            journal.append(answers_out.line(finish(fields, time.time())))
    if journal is not None:
        journal.close()


def _summary(doc: dict, keys, missing_now, run_dir: str, log, sample_id) -> int:
    key = "score" if doc["complete"] else "subset_score"
    value = doc.get(key)
    counts: dict[str, int] = {}
    for r in doc.get("calls_scored", []):
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    shown = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    print(f"{key}: {value:.2f}" if value is not None else f"{key}: n/a", end="")
    print(f"  (samples {len(keys)}: {shown or 'none scored'}) -> {os.path.join(run_dir, 'scores.json')}")
    for name, label in (("published_hfr", "published mean"), ("construction_reference_ratio", "construction mean"),
                        ("valid_fraction", "valid fraction")):
        if doc.get(name) is not None:
            print(f"{label:<18} {doc[name]:.4f}")
    gap = (doc.get("summary") or {}).get("gap_closed") or {}
    if gap.get("mean") is not None:
        print(f"{'gap closed':<18} {gap['mean']:.4f}")
    disagreements = [r for r in doc.get("calls_scored", []) if r["status"] == "DISAGREE"]
    if disagreements:
        log(f"ALARM: the verifiers disagree on {len(disagreements)} call(s): "
            f"{', '.join(r['call_id'] for r in disagreements[:10])}")
        return 3
    if missing_now:
        shown = ", ".join(sample_id(c, k) for c, k in missing_now[:10])
        log(f"{len(missing_now)} sample(s) are missing (infrastructure failures, never scored as zero): {shown}; "
            "run the same command again to collect them")
        return 2
    return 0

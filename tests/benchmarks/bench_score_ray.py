"""Wall time of a distributed run against a local run (a script, not a test):
``python -m tests.benchmarks.bench_score_ray [N] [--repeat R] [--cpus C]``.

Starts a local Ray instance (``ray.init(num_cpus=C)``, default 2) once and prints the seconds it took,
then scores, on each of two answer sets, with ``score.run`` (in-process, so neither Python start-up nor
Ray start-up is in these figures): the five README example answers (``fixtures/examples/answers.jsonl``)
and N (default 200) synthetic cap-set answers of mixed validity (``bench_score``'s set), locally at
``--jobs 1`` and ``--jobs 2`` and with ``--backend ray`` (default in-flight bound), each R times (default
3) after one warm-up run (verifier zygotes, and Ray's workers and their zygotes, started), and prints
min / median / max seconds and answers per second. Every run starts afresh (``restart``); the script
checks that the ray run's scores.json equals the local one's apart from timing fields.

For the whole command, Ray's start-up included, time the CLI from outside, e.g.
``farm-bench -n 5 --timeout 300 --vs '.venv/bin/endless-exam score fixtures/examples/answers.jsonl --output
/tmp/b/local.json --allow-partial --restart --jobs 2' -- .venv/bin/endless-exam score
fixtures/examples/answers.jsonl --output /tmp/b/ray.json --allow-partial --restart --backend ray
--ray-address local``.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

from endless_exam.checker.scoring import score
from endless_exam.checker.suites import instances as suites

from .bench_score import _answers as synthetic_answers

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "fixtures", "examples", "answers.jsonl")


def _untimed(value):
    if isinstance(value, dict):
        return {k: _untimed(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [_untimed(v) for v in value]
    return value


def _time(answers: str, out: str, instances, suite: str, repeat: int, **kwargs) -> tuple[list[float], dict]:
    doc = score.run(answers, out, instances, suite=suite, allow_partial=True, restart=True, duplicates="mean",
                    log=lambda m: None, **kwargs)          # warm-up, not counted
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        doc = score.run(answers, out, instances, suite=suite, allow_partial=True, restart=True, duplicates="mean",
                        log=lambda m: None, **kwargs)
        times.append(time.perf_counter() - t)
    return times, doc


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.benchmarks.bench_score_ray")
    ap.add_argument("n", nargs="?", type=int, default=200, help="synthetic cap-set answers (default 200)")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per configuration (default 3)")
    ap.add_argument("--cpus", type=int, default=2, help="CPUs of the local Ray instance (default 2)")
    args = ap.parse_args()
    import ray

    t = time.perf_counter()
    ray.init(num_cpus=args.cpus, include_dashboard=False, log_to_driver=False)
    print(f"ray {ray.__version__}: ray.init(num_cpus={args.cpus}) took {time.perf_counter() - t:.2f} s "
          f"(machine: {os.cpu_count()} CPUs)")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            insts, rows = synthetic_answers(args.n)
            synthetic = os.path.join(tmp, "synthetic.jsonl")
            with open(synthetic, "w") as fh:
                fh.writelines(json.dumps(r) + "\n" for r in rows)
            sets = [("README examples (5 answers, bench-v1)", EXAMPLES, suites.load("bench-v1"), "bench-v1", 5),
                    (f"synthetic cap sets ({args.n} answers)", synthetic, tuple(insts), "bench", args.n)]
            for title, answers, instances, suite, n in sets:
                print(f"{title}: {args.repeat} runs each after one warm-up; seconds min / median / max")
                docs = {}
                for label, kwargs in (("local --jobs 1", {"jobs": 1}), ("local --jobs 2", {"jobs": 2}),
                                      ("ray (default in flight)", {"backend": "ray"})):
                    times, docs[label] = _time(answers, os.path.join(tmp, "out.json"), instances, suite,
                                               args.repeat, **kwargs)
                    med = statistics.median(times)
                    print(f"  {label:24s} {min(times):7.2f} / {med:7.2f} / {max(times):7.2f} s"
                          f"  {n / med:7.1f} answers/s")
                same = _untimed(docs["ray (default in flight)"]) == _untimed(docs["local --jobs 2"])
                print(f"  ray scores.json equals the local one apart from timing fields: {'yes' if same else 'NO'}")
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What ``endless-exam run`` costs beyond ``score`` (a script, not a test): ``python -m tests.benchmarks.bench_runner``.

Serves the bundled example answers (``fixtures/examples/answers.jsonl``, 5 calls) from the tests' fake
OpenAI-compatible server on 127.0.0.1 (``tests/runner/fake_openai.py``) and times, ``-n`` times each, whole
commands of the installed ``endless-exam``: ``run`` into a fresh directory (inspect's start-up, 5
requests, the answers journal, then ``score``) and ``score`` of the same answers file alone. Prints the
median wall seconds and CPU seconds (user + system of the command and every process it waited for:
the CLI, inspect, both zygotes and their verifier processes, from ``os.wait4``) and the difference.
State the load average (printed too) with any figure: CPU seconds are the steadier figure on a shared machine.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from tests.benchmarks.bench_startup import _time as time_command
from tests.runner.common import EXAMPLES, example_records, prompt_of, reply_of
from tests.runner.fake_openai import FakeOpenAI

EXE = str(Path(sys.executable).with_name("endless-exam"))


def _time(argv: list[str]) -> tuple[float, float, int]:
    return time_command(argv, dict(os.environ, OPENAI_API_KEY="bench"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=3, help="runs of each command (default 3)")
    n = ap.parse_args().n
    records = example_records()
    calls = [r["call_id"] for r in records]
    script = {prompt_of(r["call_id"]): [reply_of(r)] for r in records}
    rows = {"run": [], "score": []}
    with FakeOpenAI(script) as server, tempfile.TemporaryDirectory() as tmp:
        for i in range(n):
            run_dir = os.path.join(tmp, f"R{i}")
            rows["run"].append(_time([EXE, "run", "--model", "openai/fake", "--model-base-url", server.base_url,
                                      "-M", "responses_api=false", "--display", "none", "--output", run_dir,
                                      "--only", *calls]))
            rows["score"].append(_time([EXE, "score", str(EXAMPLES), "--output", os.path.join(tmp, f"s{i}.json"),
                                        "--allow-partial"]))
    print(f"load average {open('/proc/loadavg').read().split()[:3]}; {n} runs each; {len(calls)} calls")
    print(f"{'command':<8} {'wall s':>8} {'cpu s':>8}  exit codes")
    med = {}
    for name, got in rows.items():
        wall, cpu = statistics.median(g[0] for g in got), statistics.median(g[1] for g in got)
        med[name] = (wall, cpu)
        print(f"{name:<8} {wall:>8.2f} {cpu:>8.2f}  {[g[2] for g in got]}")
    print(f"{'run - score':<12} {med['run'][0] - med['score'][0]:>4.2f} {med['run'][1] - med['score'][1]:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Write a full bench-v1 answers file from the bundled reference constructions (no model involved, so no
output tokens): one answer per call, the first bundled construction of the call's instance (every one of
the 69 calls has one; ``endless-exam audit --suite bench-v1`` verifies them). Scored, it is a complete run
whose ratios are those of the project's own constructions against the references: the figures of
``docs/examples/bench-v1/`` show the benchmark at its real scale (17 families, 69 calls).
Usage: python docs/examples/bench_v1_answers.py OUT.jsonl"""
import json
import sys

from endless_exam.checker.suites import instances as suites
from endless_exam.checker.suites.constructions_index import load_all


def main(out: str) -> None:
    by_instance = {}
    for c in load_all():                       # every bundled construction, in family and file-name order
        by_instance.setdefault(c.instance_id, c)
    lines = []
    for inst in suites.load("bench-v1"):
        c = by_instance.get(inst.instance_id)
        if c is None:
            raise SystemExit(f"no bundled construction for {inst.call_id}")
        lines.append(json.dumps({"call_id": inst.call_id, "answer": c.answer}, separators=(",", ":")))
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} answers -> {out}")


if __name__ == "__main__":
    main(sys.argv[1])

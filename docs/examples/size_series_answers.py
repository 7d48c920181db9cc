"""Write a size-series answers file built from the bundled constructions (one answer per size; no model
involved, so no output_tokens). Usage: python docs/examples/size_series_answers.py OUT.jsonl"""
import json
import sys

from endless_exam import fixtures
from endless_exam.checker import suites


def main(out: str) -> None:
    by_instance = {}
    for family in sorted({i.family for i in suites.load("size-series")}):
        for _name, c in fixtures.list_json("constructions", family):
            by_instance.setdefault((c["family"], json.dumps(c["params"], sort_keys=True)), c)
    lines = []
    for inst in suites.load("size-series"):
        c = by_instance.get((inst.family, json.dumps(inst.params, sort_keys=True)))
        if c is not None:
            lines.append(json.dumps({"call_id": inst.call_id, "answer": c["answer"]}, separators=(",", ":")))
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} answers -> {out}")


if __name__ == "__main__":
    main(sys.argv[1])

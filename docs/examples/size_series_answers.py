"""Write a size-series answers file with two samples per size, built from the bundled constructions (no
model involved, so no output tokens). Usage: python docs/examples/size_series_answers.py OUT.jsonl

Per call of the ``size-series`` suite that has a bundled construction:
* sample 0 is the construction itself;
* sample 1 is the construction cut to the first 90% of its elements when the answer is a plain list (for
  cap sets, kissing configurations, Schur colourings and lineq sets a part is still valid, only smaller;
  a degree-diameter graph or a covering design loses its property and the sample is rejected), and the
  construction again when the answer is a compact form (an object).
So the curves show two samples per size, their mean (the score's rule) and, in the report, best-of-k."""
import json
import math
import sys

from endless_exam import fixtures
from endless_exam.checker.suites import instances as suites


def second_sample(answer):
    if isinstance(answer, list) and len(answer) > 1:
        return answer[:math.ceil(0.9 * len(answer))]
    return answer


def main(out: str) -> None:
    by_instance = {}
    for family in sorted({i.family for i in suites.load("size-series")}):
        for _name, c in fixtures.list_json("constructions", family):
            by_instance.setdefault((c["family"], json.dumps(c["params"], sort_keys=True)), c)
    lines = []
    for inst in suites.load("size-series"):
        c = by_instance.get((inst.family, json.dumps(inst.params, sort_keys=True)))
        if c is None:
            continue
        for sample, answer in ((0, c["answer"]), (1, second_sample(c["answer"]))):
            lines.append(json.dumps({"call_id": inst.call_id, "sample": sample, "answer": answer},
                                    separators=(",", ":")))
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} answers -> {out}")


if __name__ == "__main__":
    main(sys.argv[1])

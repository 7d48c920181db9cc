"""Reference constructions bundled in ``fixtures/constructions/<family>/*.json``.

Each file holds ``family``, ``params``, ``answer`` (exactly what a submitter could send inside
``{"answer": ...}``), ``objective`` (what the construction claims; the audit recomputes it and
reports a mismatch), ``method`` and ``generated_by``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from endless_exam import fixtures

from endless_exam.certificates.contract import FAMILIES
from endless_exam.checker.suites.instances import instance_id


@dataclass(frozen=True)
class Construction:
    name: str
    family: str
    params: dict
    answer: Any
    objective: Any
    method: str
    generated_by: str | None

    @property
    def instance_id(self) -> str:
        return instance_id(self.family, self.params)


def load_all(family: str | None = None) -> list[Construction]:
    out = []
    for fam in sorted(FAMILIES):
        if family is not None and fam != family:
            continue
        for name, doc in fixtures.list_json("constructions", fam):
            out.append(Construction(f"{fam}/{name}", doc["family"], doc["params"], doc["answer"],
                                    doc.get("objective"), doc.get("method", ""), doc.get("generated_by")))
    return out

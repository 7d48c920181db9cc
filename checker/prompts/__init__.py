"""Prompts, in the project's own words: one module per family beside this assembler.

``endless_exam.checker.prompts.<key>`` holds family ``key``'s wording: ``statement(params)``,
``answer_format(params)`` (what X is in ``{"answer": X}`` for the plain form), ``compact_forms(params)``
(every other accepted form, one paragraph each) and ``limits(params)`` (every limit its schema enforces,
one sentence each, the values read from the schema). Sentences shared by several families are in
``_common``. These modules import only the shared floor (``endless_exam.certificates``), never a verifier,
so printing a prompt loads no mathematical library.

Structure of a prompt (compatible in shape with upstream, docs/SPECIFICATION.md section 7):
1. a header ``Problem (<Title>, k=v, ...).`` listing the scalar parameters in the instance's order;
2. the family statement;
3. the reply format ``{"answer": X}`` with X described, then every other accepted form;
4. the scoring rule (invalid answers score zero; a better objective scores higher; one answer);
5. every limit the checker enforces, ending with the time limit per verifier (``_common.TIME_LIMIT``).
The system message states the one-JSON-object reply rule. The tool-assisted track has no system
message; its prompt ends with the instruction to save the answer to ``/workspace/answer.json``.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from endless_exam.certificates.contract import FAMILIES, FamilyNotImplemented, family as _family

from ._common import TIME_LIMIT

SYSTEM = (
    "You will be given an open-ended mathematical construction problem. Your answer is checked "
    "mechanically, with exact arithmetic, by two independent verifiers. Reply with exactly one JSON "
    "object of the form {\"answer\": ...} and nothing else: no explanation, no reasoning, no code."
)

TOOL_ASSISTED_SUFFIX = (
    "You may use the tools of your environment. Save your final answer as one JSON object of the form "
    "{\"answer\": ...} to the file /workspace/answer.json before the deadline; only that file is scored."
)

RULE = (
    "An answer that violates the required property, is malformed, contains duplicates where elements "
    "must be distinct, uses values out of range or exceeds a stated limit scores zero. Among valid "
    "answers, a better objective scores higher. Give exactly one answer."
)


def _scalar(value) -> bool:
    return isinstance(value, (int, str, float)) and not isinstance(value, bool)


def header(family: str, params: dict) -> str:
    items = ", ".join(f"{k}={v}" for k, v in params.items() if _scalar(v))
    title = FAMILIES[family].title
    return f"Problem ({title}{', ' + items if items else ''})."


def wording(family: str) -> ModuleType:
    """The prompt module of ``family`` (``contract.FamilyNotImplemented`` if the family is unknown or not implemented)."""
    fam = _family(family)
    if not fam.implemented:
        raise FamilyNotImplemented(f"family {fam.key!r} has no prompt yet (not implemented)")
    return importlib.import_module(f"{__name__}.{fam.key}")


def prompt(family: str, params: dict, track: str = "tool-free") -> str:
    spec = wording(family)
    parts = [f"{header(family, params)} {spec.statement(params)}", ""]
    parts.append(f"Reply with a JSON object {{\"answer\": X}} where X is {spec.answer_format(params)}.")
    for form in spec.compact_forms(params):
        parts.append(form)
    parts.append(RULE)
    parts.append("Limits: " + " ".join([*spec.limits(params), TIME_LIMIT]))
    if track == "tool-assisted":
        parts.append(TOOL_ASSISTED_SUFFIX)
    elif track != "tool-free":
        raise ValueError(f"unknown track {track!r}")
    return "\n".join(parts)


def system(track: str = "tool-free") -> str | None:
    return None if track == "tool-assisted" else SYSTEM


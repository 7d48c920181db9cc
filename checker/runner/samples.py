"""One sample of a run: what it is called, which instance it asks, and how its answers line is made and kept.

Shared by the tool-free solver (``task``), the tool-assisted agent (``agent``), the scorer (``scorer``) and
``endless-exam run`` (``cli_run``): ``sample_id``, ``instance_of``; the answers-line fields (``base_fields``,
``usage_fields``, ``finish``); ``record`` stores the line for the scorer (under ``STORE_KEY``) and appends it
to ``answers.jsonl``; ``close_journals`` closes those files.
"""
from __future__ import annotations

import time
from functools import lru_cache

from endless_exam.checker.suites import instances as suites
from endless_exam.checker.runner import answers_out

STORE_KEY = "endless_exam_answers_line"     # the sample's answers line (bytes as latin-1 text) in the store


def sample_id(call_id: str, k: int) -> str:
    return call_id if k == 0 else f"{call_id}#{k}"


@lru_cache(maxsize=None)
def suite_instances(name: str):
    return suites.load(name)


def instance_of(metadata: dict):
    """(Instance, track) of a sample, from its metadata."""
    by_call = {i.call_id: i for i in suite_instances(metadata["suite"])}
    return by_call[metadata["call_id"]], metadata["track"]


_journals: dict[str, answers_out.Journal] = {}


def record(state, fields: dict, raw_answer: bytes | None, answers_path: str | None, store: bool = True) -> None:
    """Store the sample's answers line for the scorer (``store``: not when ``run`` scores the file itself,
    so that inspect's log does not hold every answer twice) and, with ``answers_path``, append it there."""
    data = answers_out.line(fields, raw_answer)
    if store:
        state.store.set(STORE_KEY, data[:-1].decode("latin-1"))
    if answers_path:
        journal = _journals.get(answers_path)
        if journal is None:
            journal = _journals[answers_path] = answers_out.Journal(answers_path)
        journal.append(data)


def close_journals() -> None:
    """Close the answers files opened by ``record`` (``run`` does at the end of its eval)."""
    while _journals:
        _journals.popitem()[1].close()


def base_fields(meta: dict, attempt: int, started: float) -> dict:
    fields = {"call_id": meta["call_id"]}
    if meta["sample"]:
        fields["sample"] = meta["sample"]
    fields["track"] = meta["track"]
    fields["attempt"] = attempt
    fields["started_at"] = _iso(started)
    return fields


def _iso(t: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1000):03d}Z"


def usage_fields(output) -> dict:
    usage = getattr(output, "usage", None)
    if usage is None:
        return {"output_tokens": None, "usage": None, "usage_complete": False}
    return {"output_tokens": usage.output_tokens,
            "usage": {"input_tokens": usage.input_tokens, "output_tokens": usage.output_tokens,
                      "reasoning_tokens": usage.reasoning_tokens},
            "usage_complete": True}


def finish(fields: dict, started: float) -> dict:
    ended = time.time()
    fields["completed_at"] = _iso(ended)
    fields["seconds"] = round(ended - started, 3)
    return fields

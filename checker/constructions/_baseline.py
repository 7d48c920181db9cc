"""What every family's documented baseline shares, and the protocol its constructions module must meet.

Each family's generator module ``checker/constructions/<key>.py`` provides, beside its fixture generator,

* ``baseline(params, log) -> Baseline``: the documented baseline algorithm for any (schema-validated)
  ``params`` inside its domain: the answer (exactly what a submitter could send), the method in words
  and the method's parameters (seeds, move budgets, factors). ``log`` takes progress lines (the
  ``instance`` command prints them to stderr). No baseline reads the clock, so the result is the same on
  every machine; nothing here decides validity (the caller verifies the answer with both verifiers).
* ``domain(params) -> str | None``: None when the baseline applies, else a sentence naming its domain
  (the family's parameter schema comes first; this adds the limits of the baseline itself, e.g. a
  product of caps must stay within the 20,000 points an answer may list). It must be cheap: it runs
  before every baseline and when an instance is described.

:class:`Construction` states these two members; :func:`conforming` imports a module and holds it to the
protocol (``certificates.protocols.conform``: both present and callable) and to the two signatures, and
raises ``FamilyContractError`` naming the module and what is wrong. The registry ``baselines.py`` loads
every module through it.

The helpers below are those several families use: the ``Baseline`` record, ``OutsideDomain``, the
largest product of building blocks (``best_product``; capset, apfree_q, shannon) and the answers of
bundled fixtures (``fixture_answer``; capset, schur), which are themselves generator output.
"""
from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass, field
from functools import lru_cache
from types import ModuleType
from typing import Any, Callable, Protocol

from endless_exam import fixtures
from endless_exam.certificates.protocols import FamilyContractError, conform

Log = Callable[[str], None]
MAX_POINTS = 20_000          # capset, apfree_q: the literal and product forms are limited to 20,000 points


@dataclass
class Baseline:
    answer: Any
    method: str
    parameters: dict = field(default_factory=dict)


class OutsideDomain(ValueError):
    """The parameters are valid for the family but outside the domain of its baseline."""


class Construction(Protocol):
    """``checker.constructions.<key>``: the family's documented baseline and the domain it applies to."""

    def baseline(self, params: dict, log: Log) -> Baseline: ...
    def domain(self, params: dict) -> str | None: ...


#: the positional parameters each member takes, in order (checked by name and kind)
SIGNATURES: dict[str, tuple[str, ...]] = {"baseline": ("params", "log"), "domain": ("params",)}
_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def check_construction(module: ModuleType) -> ModuleType:
    """``module`` itself if it is a :class:`Construction` whose ``baseline`` and ``domain`` take exactly the
    parameters of ``SIGNATURES``; otherwise ``FamilyContractError`` naming the module and every problem."""
    conform(module, Construction)
    problems = []
    for name, wanted in SIGNATURES.items():
        try:
            params = list(inspect.signature(getattr(module, name)).parameters.values())
        except (TypeError, ValueError):
            problems.append(f"{name} has no inspectable signature")
            continue
        if tuple(p.name for p in params) != wanted or any(p.kind not in _POSITIONAL for p in params):
            problems.append(f"{name} must take ({', '.join(wanted)}), not "
                            f"({', '.join(str(p) for p in params)})")
    if problems:
        raise FamilyContractError(f"{module.__name__} is not a {Construction.__name__}: {'; '.join(problems)}")
    return module


@lru_cache(maxsize=None)
def conforming(name: str) -> ModuleType:
    """The module ``name``, imported and checked by :func:`check_construction` (once per process)."""
    return check_construction(importlib.import_module(name))


def best_product(sizes: dict[int, int], total: int, cap: int | None = None) -> tuple[int, list[int]] | None:
    """The largest product of sizes[part] over multisets of parts summing to ``total`` (DP; parts in
    decreasing order, first maximum kept)."""
    best: dict[int, tuple[int, list[int]]] = {0: (1, [])}
    for d in range(1, total + 1):
        for part in sorted(sizes, reverse=True):
            if part <= d and d - part in best:
                value = best[d - part][0] * sizes[part]
                if d not in best or value > best[d][0]:
                    best[d] = (value, sorted(best[d - part][1] + [part], reverse=True))
    got = best.get(total)
    if got is None or (cap is not None and got[0] > cap):
        return None
    return got


def fixture_answer(family: str, name: str):
    """The answer of the bundled fixture ``fixtures/constructions/<family>/<name>``."""
    return fixtures.read_json("constructions", family, name)["answer"]

"""Witness syntax, shared by both verifiers: what a counterexample looks like, not whether it is one.

A rejection for ``DUPLICATE`` or ``PROPERTY_VIOLATION`` carries a witness, a JSON object that the OTHER
verifier re-checks. Each family's schema (``certificates.schemas.<key>``) declares its witness kinds in
``WITNESSES``; :func:`read` turns a JSON witness into a typed :class:`Witness` after checking its syntax
against the parsed answer: exactly the keys of one kind, distinct in-range ``indices`` of the answer,
``echo`` fields equal to the answer's items at those indices, and every other field accepted by its
validator. Whether the witness is a real counterexample (three points on a line, a monochromatic sum,
a direction without a line) is decided by each verifier's own ``confirm`` in its own code.

Two shapes of kind:
* :class:`Indexed` -- names positions of the parsed answer: ``{"indices": [i, j, ...], <echo>: ...}``.
  With ``arity == 2`` and ``echo_one`` the echo is one item (a duplicate: ``{"point": p, "indices":
  [i, j]}``); otherwise the echo is the list of the indexed items in index order.
* :class:`Fields` -- named values only (``{"direction": v}``, ``{"x": .., "y": .., "z": .., "colour": ..}``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from .reasons import REASONS


class WitnessError(Exception):
    """A witness does not have the syntax of any witness kind of its family."""


Validator = Callable[[Any, Any], Any]   # (value, parsed answer) -> normalised value; raises WitnessError


def integer(value: Any, parsed: Any = None) -> int:
    if type(value) is not int:
        raise WitnessError(f"expected a JSON integer, got {type(value).__name__}")
    return value


def int_list(length: int) -> Validator:
    def check(value: Any, parsed: Any = None) -> tuple[int, ...]:
        if type(value) is not list or len(value) != length or not all(type(v) is int for v in value):
            raise WitnessError(f"expected a list of {length} JSON integers")
        return tuple(value)
    return check


@dataclass(frozen=True)
class Indexed:
    kind: str
    reason: str
    arity: int
    echo: str | None = None                 # key holding the indexed items (None: no echo)
    echo_one: bool = False                  # the echo is one item (duplicates) instead of the list
    fields: Mapping[str, Validator] = field(default_factory=dict)

    @property
    def keys(self) -> frozenset[str]:
        return frozenset({"indices", *([self.echo] if self.echo else []), *self.fields})


@dataclass(frozen=True)
class Fields:
    kind: str
    reason: str
    fields: Mapping[str, Validator]

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(self.fields)


Kind = Indexed | Fields


@dataclass(frozen=True)
class Witness:
    """A witness whose syntax has been checked: its kind, the answer positions it names, its fields."""
    kind: str
    reason: str
    indices: tuple[int, ...]
    fields: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]


def same_json(a: Any, b: Any) -> bool:
    """Equality of JSON values with JSON types: ``true`` is not ``1``, ``1.0`` is not ``1``, a list is a list."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def check_kinds(kinds: Sequence[Kind]) -> None:
    """A family's witness kinds are well formed: known reasons, distinct names and distinct key sets."""
    names = [k.kind for k in kinds]
    keysets = [k.keys for k in kinds]
    if len(set(names)) != len(names) or len(set(keysets)) != len(keysets):
        raise ValueError(f"witness kinds must have distinct names and key sets: {names}")
    for k in kinds:
        if k.reason not in REASONS:
            raise ValueError(f"witness kind {k.kind!r} has unknown reason {k.reason!r}")


def read(kinds: Sequence[Kind], data: Any, parsed: Any, size: int, item: Callable[[Any, int], Any]) -> Witness:
    """The typed witness of ``data`` for an answer ``parsed`` of ``size`` items (``item(parsed, i)`` is
    the JSON form of item i), or :class:`WitnessError`."""
    if not isinstance(data, dict):
        raise WitnessError("a witness is a JSON object")
    keys = frozenset(data)
    kind = next((k for k in kinds if k.keys == keys), None)
    if kind is None:
        expected = " or ".join(str(sorted(k.keys)) for k in kinds)
        raise WitnessError(f"witness keys {sorted(keys)[:6]} are not those of any witness kind ({expected})")
    values = {}
    for name, validate in kind.fields.items():
        try:
            values[name] = validate(data[name], parsed)
        except WitnessError as exc:
            raise WitnessError(f"witness field {name!r}: {exc}") from None
    if isinstance(kind, Fields):
        return Witness(kind.kind, kind.reason, (), values)
    idx = data["indices"]
    if type(idx) is not list or len(idx) != kind.arity or not all(type(t) is int for t in idx):
        raise WitnessError(f"a {kind.kind} witness names exactly {kind.arity} integer indices")
    if any(t < 0 or t >= size for t in idx) or len(set(idx)) != len(idx):
        raise WitnessError(f"witness indices {idx} are not distinct positions of the answer (0..{size - 1})")
    if kind.echo is not None:
        want = item(parsed, idx[0]) if kind.echo_one else [item(parsed, t) for t in idx]
        if not same_json(data[kind.echo], want):
            raise WitnessError(f"witness field {kind.echo!r} does not match the answer at indices {idx}")
        values[kind.echo] = want
    return Witness(kind.kind, kind.reason, tuple(idx), values)

"""The typed shape of a family's four modules, checked when a module is loaded (``contract.Family``).

A family's parts are plain modules found by the family key (``contract``). Each part has a
:class:`typing.Protocol` here that says what it provides; :func:`conform` holds a freshly imported module
against its protocol (every member present; functions callable; constants of the stated type) and raises
:class:`FamilyContractError` naming the module and every member that is missing or wrong. So a broken
family fails once, when it is loaded, with one clear message, instead of as an ``AttributeError`` in
the middle of a check.

Members marked optional (``reparse``, ``PRELOAD``) may be absent; when present they are checked too.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any, Callable, Mapping, Protocol


class FamilyContractError(TypeError):
    """A family module does not have the members its part of the contract requires."""


class Schema(Protocol):
    """``certificates.schemas.<key>``: the shared strict parsing of the family's answers."""
    LIMITS: Mapping[str, int]            # every limit constant the prompt must state
    WITNESSES: tuple                     # the witness kinds (``certificates.witness``) of its rejections

    def validate_params(self, params: Any) -> dict: ...
    def parse(self, answer: Any, params: dict) -> Any: ...
    def size(self, parsed: Any) -> int: ...
    def item(self, parsed: Any, i: int) -> Any: ...


class PrimaryVerifier(Protocol):
    """``checker.families.<key>``: the primary check (and the family's declarative spec)."""
    SPEC: Any                            # checker.families.spec.FamilySpec
    LIBRARIES: tuple[str, ...]           # distributions its process loads for the family

    def check(self, parsed: Any) -> Any: ...              # -> Verdict
    def confirm(self, parsed: Any, witness: Any) -> tuple[bool, str]: ...


class SecondVerifier(Protocol):
    """``crosscheck.families.<key>``: the independent second check."""
    LIBRARIES: tuple[str, ...]

    def check(self, parsed: Any) -> Any: ...
    def confirm(self, parsed: Any, witness: Any) -> tuple[bool, str]: ...


class Oracle(Protocol):
    """``crosscheck.oracle.<key>``: the z3 statement of the definition, for small answers."""
    SIZE_RULE: str

    def fits(self, parsed: Any) -> bool: ...
    def oracle(self, parsed: Any, *, timeout_ms: int) -> tuple[str, Any]: ...
    def decide(self, *args: Any, **kwargs: Any) -> Any: ...


#: members a module may leave out (checked when present): name -> kind
OPTIONAL: dict[str, str] = {"reparse": "function", "PRELOAD": "names"}


def _is_names(value: Any) -> bool:
    return isinstance(value, tuple) and all(isinstance(v, str) and v for v in value)


_KINDS: dict[str, Callable[[Any], bool]] = {
    "function": callable,
    "names": _is_names,
    "limits": lambda v: isinstance(v, Mapping) and bool(v) and all(
        isinstance(k, str) and type(x) is int for k, x in v.items()),
    "tuple": lambda v: isinstance(v, tuple),
    "text": lambda v: isinstance(v, str) and bool(v),
    "any": lambda v: True,
}
_WHAT = {"function": "a function", "names": "a tuple of names", "limits": "a non-empty dict of int limits",
         "tuple": "a tuple", "text": "a non-empty string", "any": "defined"}
# the kind of each annotated constant, by its annotation
_ANNOTATED = {"Mapping[str, int]": "limits", "tuple": "tuple", "tuple[str, ...]": "names", "str": "text", "Any": "any"}


def members(protocol: type) -> dict[str, str]:
    """name -> kind of every member ``protocol`` requires."""
    out = {name: _ANNOTATED[str(annotation)] for name, annotation in protocol.__annotations__.items()}
    for name, value in vars(protocol).items():
        if callable(value) and not name.startswith("_"):
            out[name] = "function"
    return out


def conform(module: ModuleType, protocol: type) -> ModuleType:
    """``module`` itself if it has every member of ``protocol`` (and its optional ones are well formed);
    otherwise :class:`FamilyContractError` listing what is missing or wrong."""
    problems = []
    for name, kind in {**members(protocol), **OPTIONAL}.items():
        if not hasattr(module, name):
            if name not in OPTIONAL:
                problems.append(f"{name} is missing")
            continue
        if not _KINDS[kind](getattr(module, name)):
            problems.append(f"{name} is not {_WHAT[kind]}")
    if problems:
        raise FamilyContractError(f"{module.__name__} is not a {protocol.__name__}: {'; '.join(problems)}")
    return module

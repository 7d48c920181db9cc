"""The verdict model: one frozen, typed result per check, never a bare boolean."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .reasons import REASONS


class Status(str, enum.Enum):
    ACCEPT = "ACCEPT"        # valid
    REJECT = "REJECT"        # invalid, including every stated size, range and expansion limit
    TIMEOUT = "TIMEOUT"      # the wall-clock budget was exhausted; scores zero
    LIMIT = "LIMIT"          # the memory budget was exhausted; scores zero
    ERROR = "ERROR"          # the verifier itself failed; infrastructure, never a score
    DISAGREE = "DISAGREE"    # the verifiers disagree (combined verdicts only); never a score


Objective = int | Fraction


def _int_str(value: int) -> str:
    try:
        return str(value)
    except ValueError:
        # more digits than the interpreter's int/str conversion limit (in force outside the verifier
        # processes, which lift it): exact objectives may be huge, and the caller's limit is not ours to
        # change. decimal converts exactly, with no such limit (about 1 ms at 6,000 digits).
        import decimal

        return str(decimal.Decimal(value))


def _str_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        digits = text[1:] if text[:1] == "-" else text
        if not (digits.isascii() and digits.isdigit()):
            raise
        import decimal

        return int(decimal.Decimal(text))


def objective_to_str(value: Objective | None) -> str | None:
    """Exact decimal text: "123" or "p/q" (any number of digits)."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise TypeError("a boolean is not an objective")
    if isinstance(value, int):
        return _int_str(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return _int_str(value.numerator)
        return f"{_int_str(value.numerator)}/{_int_str(value.denominator)}"
    raise TypeError(f"objective of unsupported type {type(value).__name__}")


def objective_from_str(text: str | None) -> Objective | None:
    if text is None:
        return None
    if "/" in text:
        num, den = text.split("/", 1)
        return Fraction(_str_int(num), _str_int(den))
    return _str_int(text)


def objective_to_float(value: Objective | None) -> float | None:
    """A float for display, or None when the value is beyond the float range (the exact text stays)."""
    if value is None:
        return None
    try:
        return float(value)
    except OverflowError:
        return None


@dataclass(frozen=True)
class Verdict:
    status: Status
    objective: Objective | None = None
    reason: str | None = None
    message: str = ""
    witness: Any = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.status, Status):
            raise TypeError("status must be a Status")
        if self.status is Status.ACCEPT:
            if self.reason is not None:
                raise ValueError("an ACCEPT carries no reason")
            if self.objective is None:
                raise ValueError("an ACCEPT needs an exact objective")
        else:
            if self.reason is None or self.reason not in REASONS:
                raise ValueError(f"a {self.status.value} needs a known reason code, got {self.reason!r}")
        if self.objective is not None and (isinstance(self.objective, bool)
                                           or not isinstance(self.objective, (int, Fraction))):
            raise TypeError("objective must be an int or a Fraction")

    @property
    def valid(self) -> bool:
        return self.status is Status.ACCEPT

    @property
    def objective_float(self) -> float | None:
        return objective_to_float(self.objective)

    def to_json(self) -> dict:
        return {
            "status": self.status.value,
            "objective": objective_to_str(self.objective),
            "objective_float": self.objective_float,
            "reason": self.reason,
            "message": self.message,
            "witness": self.witness,
            "seconds": self.seconds,
        }

    @classmethod
    def from_json(cls, data: dict) -> "Verdict":
        return cls(
            status=Status(data["status"]),
            objective=objective_from_str(data.get("objective")),
            reason=data.get("reason"),
            message=data.get("message", ""),
            witness=data.get("witness"),
            seconds=data.get("seconds"),
        )


def accept(objective: Objective, message: str = "valid") -> Verdict:
    return Verdict(Status.ACCEPT, objective=objective, message=message)


def reject(reason: str, message: str, witness: Any = None) -> Verdict:
    return Verdict(Status.REJECT, reason=reason, message=message, witness=witness)

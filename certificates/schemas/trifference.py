"""Answer schema of the ``trifference`` family (ternary codes in which every three words are separated).

Parameters (strict, docs/SPECIFICATION.md 3.16): ``{"n", "m", "representation": "certified"}`` with
1 <= m <= n <= ``MAX_N_CERTIFIED`` = 1024 (every form below), or the plain ``{"n", "m"}`` of the public
release with 1 <= m <= n <= ``MAX_N_PLAIN`` = 128 (literal lists and the legacy ``linear`` form only; a
certificate there is ``FORMAT_SHAPE``).

Accepted forms (each checked for its size before anything else is built):

* a literal JSON list of 1..``MAX_WORDS`` = 6,561 strings of n characters over ``012``, admitted by
  ``_trifference_admission.admit`` on one of two paths (a structured affine core, recorded in the parsed
  list for both verifiers, or the triple scan within its cost model) and ``SIZE_LIMIT`` otherwise;
* ``{"linear": rows}``: 1..``MAX_LINEAR_ROWS`` = 8 generator rows (strings of n characters over ``012``),
  expanded to their span over F_3 by ``forms.linear`` (3^rank <= 6,561 words) and then treated as a list;
* ``{"linear_code": rows}`` (certified only; m must be 1, 2 or 3): 1..``MAX_CODE_ROWS`` = 16 generator
  rows of n characters; the rank (at most ``MAX_RANK`` = 12) and the property are the verifiers' business;
* ``{"rs_concat": {"inner", "inner_n", "inner_m", "field", "length", "dimension"}}`` (certified only,
  exactly these six keys): ``inner`` is a literal list, ``{"linear": ...}`` or ``{"linear_code": ...}``
  (never another ``rs_concat``) for the instance (n, m) = (inner_n, inner_m); ``field`` the coefficients
  c_0..c_r (increasing degree) of a polynomial over F_3 with 1 <= r <= ``MAX_FIELD_DEGREE`` = 12 (a list
  of 2..13 integers in 0..2; the last one must be 1: monic); ``length`` N and ``dimension`` K integers.
  Checked here: 1 <= inner_m <= inner_n <= n, 1 <= K <= N <= 3^r, inner_n * N <= n and
  inner_m * (N - 3K + 3) >= m. Irreducibility of the field polynomial and the inner code (and that it
  has exactly 3^r words) are decided by the verifiers.

Reason codes: a wrong JSON type is ``FORMAT_TYPE``, wrong structure or keys ``FORMAT_SHAPE``, an empty
list ``EMPTY``, a stated size limit ``SIZE_LIMIT``, and digits 3..9, integers outside their ranges, a field
polynomial that is not monic and every failed rs_concat inequality ``RANGE`` (all decided from the integers
of the certificate alone). The verifiers reject a certificate that does not certify (a reducible field
polynomial, an inner code that is not a code of the stated kind or has the wrong size) with
``CERTIFICATE_INVALID`` and a witness the other verifier re-checks.

Parsed objects: :class:`WordList` (literal lists and expanded ``linear`` spans; witness indices refer to
its ``words``), :class:`LinearCode` and :class:`RSConcat`. Witness kinds: a duplicate word, three words
of a list with fewer than m separating coordinates, for ``linear_code`` a direction z with two codewords
a, b such that the three codewords 0, a, b have fewer than m separating coordinates, and for
``rs_concat`` a monic factor of the field polynomial, a witness against the inner code (one of the
previous kinds, read against the inner code), or the true size of the inner code.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from ..errors import AnswerError, ParamsError, describe
from ..forms import linear
from ..forms.digitstrings import check_string_list
from ..params import exact_keys, int_in
from ..witness import Fields, Indexed, WitnessError, read
from . import _trifference_admission as admission

MAX_N_CERTIFIED = 1024
MAX_N_PLAIN = 128
MAX_WORDS = 6561
MAX_LINEAR_ROWS = linear.MAX_ROWS
MAX_CODE_ROWS = 16
MAX_RANK = 12
MAX_FIELD_DEGREE = 12
CODE_MULTIPLICITIES = (1, 2, 3)   # m accepted by the linear_code certificate
ALPHABET = "012"
CERTIFIED = "certified"
RS_KEYS = frozenset({"inner", "inner_n", "inner_m", "field", "length", "dimension"})
CERTIFICATE_FORMS = ("linear_code", "rs_concat")
LIMITS = {"MAX_N_CERTIFIED": MAX_N_CERTIFIED, "MAX_N_PLAIN": MAX_N_PLAIN, "MAX_WORDS": MAX_WORDS,
          "MAX_LINEAR_ROWS": MAX_LINEAR_ROWS,
          "MAX_CODE_ROWS": MAX_CODE_ROWS, "MAX_RANK": MAX_RANK, "MAX_FIELD_DEGREE": MAX_FIELD_DEGREE,
          "CORE_RANK": admission.CORE_RANK, "CORE_TABLE": admission.CORE_TABLE,
          "EXTRA_PAIRS": admission.EXTRA_PAIRS, "SCAN_BUDGET": admission.SCAN_BUDGET}


def _word(value: Any, parsed: Any) -> str:
    n = parsed.n
    if type(value) is not str or len(value) != n or value.strip(ALPHABET):
        raise WitnessError(f"expected a string of {n} characters over 012")
    return value


def _two_words(value: Any, parsed: Any) -> tuple[str, str]:
    if type(value) is not list or len(value) != 2:
        raise WitnessError("expected a list of two words")
    return _word(value[0], parsed), _word(value[1], parsed)


CODE_WITNESSES = (
    Indexed("duplicate", "DUPLICATE", arity=2, echo="word", echo_one=True),
    Indexed("triple", "PROPERTY_VIOLATION", arity=3, echo="words"),          # fewer than m separating coordinates
    # codewords 0, a, b (words = [a, b], direction = a + b) with fewer than m separating coordinates
    Fields("direction", "PROPERTY_VIOLATION", {"direction": _word, "words": _two_words}),
)


def _factor(value: Any, parsed: Any) -> tuple[int, ...]:
    """A monic polynomial over F_3 of degree 1..r-1 (coefficients in increasing degree)."""
    field = getattr(parsed, "field", None)
    if field is None:
        raise WitnessError("a factor witness belongs to an rs_concat certificate")
    if (type(value) is not list or not 2 <= len(value) <= len(field) - 1
            or any(type(c) is not int or not 0 <= c <= 2 for c in value) or value[-1] != 1):
        raise WitnessError(f"a factor is a monic polynomial c_0..c_d over F_3 with 1 <= d <= {len(field) - 2}")
    return tuple(value)


def _inner_witness(value: Any, parsed: Any):
    inner = getattr(parsed, "inner", None)
    if inner is None:
        raise WitnessError("an inner witness belongs to an rs_concat certificate")
    return read(CODE_WITNESSES, value, inner, size(inner), item)


def _count(value: Any, parsed: Any) -> int:
    if type(value) is not int or value < 0:
        raise WitnessError("expected a non-negative JSON integer")
    return value


WITNESSES = CODE_WITNESSES + (
    # rs_concat certificates that do not certify (reason CERTIFICATE_INVALID, re-checked by the other verifier):
    Fields("reducible", "CERTIFICATE_INVALID", {"factor": _factor}),            # a factor of the field polynomial
    Fields("inner", "CERTIFICATE_INVALID", {"inner": _inner_witness}),          # a witness against the inner code
    Fields("inner_size", "CERTIFICATE_INVALID", {"inner_words": _count}),       # the inner code's size, not 3^r
)


def validate_params(params: Any) -> dict:
    """``{"n", "m", "representation": "certified"}`` (1 <= m <= n <= 1024) or ``{"n", "m"}`` (n <= 128)."""
    exact_keys(params, {"n", "m"}, {"representation"})
    certified = "representation" in params
    if certified and (type(params["representation"]) is not str or params["representation"] != CERTIFIED):
        raise ParamsError(f"parameter 'representation' must be the string {CERTIFIED!r}, "
                          f"got {params['representation']!r}")
    n = int_in(params, "n", 1, MAX_N_CERTIFIED if certified else MAX_N_PLAIN)
    m = int_in(params, "m", 1, n)
    return {"n": n, "m": m, "representation": CERTIFIED} if certified else {"n": n, "m": m}


@dataclass(frozen=True)
class WordList:
    n: int
    m: int
    words: tuple[str, ...]
    form: str = "list"                      # "list" or "linear" (an expanded span)
    rows: tuple[str, ...] | None = None     # the generator rows of a "linear" form
    path: str = admission.SCAN              # how both verifiers decide it (``_trifference_admission.admit``)
    core: tuple[int, ...] = ()              # on the core path: the positions of its origin, then of its basis words


@dataclass(frozen=True)
class LinearCode:
    n: int
    m: int
    rows: tuple[str, ...]


@dataclass(frozen=True)
class RSConcat:
    n: int
    m: int
    inner: Union[WordList, LinearCode]
    inner_n: int
    inner_m: int
    field: tuple[int, ...]                  # c_0, ..., c_r (increasing degree), c_r = 1
    length: int                             # N
    dimension: int                          # K

    @property
    def degree(self) -> int:
        return len(self.field) - 1


Parsed = Union[WordList, LinearCode, RSConcat]


def _strict_int(value: Any, what: str) -> int:
    if type(value) is not int:
        raise AnswerError("FORMAT_TYPE", f"{what} must be a JSON integer, got {describe(value)}")
    return value


def _code(answer: Any, n: int, m: int, certified: bool, nested: bool) -> Parsed:
    where = "the inner code" if nested else "the code"
    if isinstance(answer, list):
        words = check_string_list(answer, n, ALPHABET, MAX_WORDS, where)
        return WordList(n, m, words, "list", None, *admission.admit(words, n, m, where))
    if not isinstance(answer, dict):
        raise AnswerError("FORMAT_TYPE", f"{where} must be a JSON list of strings or an object "
                          f"({{\"linear\": ...}}, {{\"linear_code\": ...}} or {{\"rs_concat\": ...}}), got {describe(answer)}")
    keys = sorted(answer)
    if len(keys) != 1 or keys[0] not in ("linear", "linear_code", "rs_concat"):
        raise AnswerError("FORMAT_SHAPE", f"{where} object must have exactly one of the keys 'linear', "
                          f"'linear_code', 'rs_concat', got {keys[:5]}")
    key = keys[0]
    if key == "linear":
        rows = linear.check_rows(answer["linear"], n, MAX_LINEAR_ROWS, "linear")
        words, _ = linear.expand(rows, n)
        return WordList(n, m, words, "linear", rows, *admission.admit(words, n, m, f"the span of {where}"))
    if not certified:
        raise AnswerError("FORMAT_SHAPE", f"the '{key}' certificate is accepted only in certified instances "
                          "(params with \"representation\": \"certified\"); this instance takes literal lists "
                          "and {\"linear\": rows}")
    if key == "linear_code":
        if m not in CODE_MULTIPLICITIES:
            raise AnswerError("FORMAT_SHAPE", f"the 'linear_code' certificate is accepted only for m in "
                              f"{list(CODE_MULTIPLICITIES)}, and m = {m} here")
        return LinearCode(n, m, linear.check_rows(answer["linear_code"], n, MAX_CODE_ROWS, "linear_code"))
    if nested:
        raise AnswerError("FORMAT_SHAPE", "the inner code of an rs_concat certificate cannot be another rs_concat")
    return _rs_concat(answer["rs_concat"], n, m)


def _rs_concat(value: Any, n: int, m: int) -> RSConcat:
    if not isinstance(value, dict):
        raise AnswerError("FORMAT_TYPE", f"'rs_concat' must be a JSON object, got {describe(value)}")
    if set(value) != RS_KEYS:
        missing, extra = sorted(RS_KEYS - set(value)), sorted(set(value) - RS_KEYS)[:5]
        raise AnswerError("FORMAT_SHAPE", f"'rs_concat' must have exactly the keys {sorted(RS_KEYS)}"
                          f" (missing {missing}, unknown {extra})")
    a = _strict_int(value["inner_n"], "'inner_n'")
    b = _strict_int(value["inner_m"], "'inner_m'")
    big_n = _strict_int(value["length"], "'length'")
    big_k = _strict_int(value["dimension"], "'dimension'")
    field = value["field"]
    if type(field) is not list:
        raise AnswerError("FORMAT_TYPE", f"'field' must be a JSON list of coefficients, got {describe(field)}")
    if len(field) < 2:
        raise AnswerError("FORMAT_SHAPE", f"'field' must list c_0..c_r of a polynomial of degree r >= 1 "
                          f"({len(field)} coefficients given)")
    if len(field) > MAX_FIELD_DEGREE + 1:
        raise AnswerError("SIZE_LIMIT", f"'field' has degree {len(field) - 1}; at most {MAX_FIELD_DEGREE} is accepted")
    for i, c in enumerate(field):
        _strict_int(c, f"'field' coefficient {i}")
        if not 0 <= c <= 2:
            raise AnswerError("RANGE", f"'field' coefficient {i} is {c}; coefficients are 0, 1, 2")
    if field[-1] != 1:
        raise AnswerError("RANGE", f"the field polynomial must be monic (leading coefficient 1), "
                          f"its coefficient of degree {len(field) - 1} is {field[-1]}")
    r = len(field) - 1
    if not 1 <= a <= n:
        raise AnswerError("RANGE", f"'inner_n' = {a} must be in 1..{n}")
    if not 1 <= b <= a:
        raise AnswerError("RANGE", f"'inner_m' = {b} must be in 1..inner_n = {a}")
    if big_n < 1 or big_k < 1:
        raise AnswerError("RANGE", f"'length' = {big_n} and 'dimension' = {big_k} must be at least 1")
    q = 3 ** r
    if a * big_n > n:
        raise AnswerError("RANGE", f"inner_n * length = {a} * {big_n} exceeds n = {n}")
    if big_n > q:
        raise AnswerError("RANGE", f"length N = {big_n} exceeds the field size q = 3^{r} = {q}")
    if big_k > big_n:
        raise AnswerError("RANGE", f"dimension K = {big_k} exceeds length N = {big_n}")
    if b * (big_n - 3 * big_k + 3) < m:
        raise AnswerError("RANGE", f"inner_m * (N - 3K + 3) = {b} * ({big_n} - {3 * big_k} + 3) = "
                          f"{b * (big_n - 3 * big_k + 3)} is below m = {m}")
    inner = _code(value["inner"], a, b, True, nested=True)
    return RSConcat(n, m, inner, a, b, tuple(field), big_n, big_k)


def parse(answer: Any, params: dict) -> Parsed:
    return _code(answer, params["n"], params["m"], "representation" in params, nested=False)


def size(parsed: Any) -> int:
    words = getattr(parsed, "words", None)
    return len(words) if isinstance(words, tuple) else 0


def item(parsed: Any, i: int) -> str:
    return parsed.words[i]


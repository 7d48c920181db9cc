"""Answer schema of the ``shannon`` family (zero-error codes: independent sets of strong powers of C_q).

Parameters (strict, docs/SPECIFICATION.md 3.15): ``{"q": 5 | 7 | 9, "d": 1..256}`` -- q odd with single-digit
symbols 0..q-1, d <= ``MAX_D`` = 256.

Accepted forms (each size checked before anything is built):

* a literal JSON list of 1..``MAX_WORDS`` = 4,096 strings of d characters over the digits 0..q-1;
* ``{"product": [C1, C2, ...]}`` (exactly that key): factors as in ``forms.product`` (non-empty lists of
  equal-length digit strings, lengths summing to d), expanded to all concatenations -- at most
  ``MAX_WORDS`` = 4,096 words (``EXPANSION_LIMIT``, computed from the factor sizes before expansion);
  the expansion is then checked as a list;
* the certificate ``{"factors": [{"words": [...], "power": r}, ...]}`` (exactly that key): 1..``MAX_FACTORS``
  = 256 factor objects with exactly the keys ``words`` and optionally ``power`` (a JSON integer
  1..``MAX_POWER`` = 256, default 1); ``words`` is a non-empty list of at most ``MAX_FACTOR_WORDS`` = 4,096
  strings of one length L >= 1 over 0..q-1; at most ``MAX_TOTAL_WORDS`` = 16,384 words over all
  factors; and sum L * power = d. It stands for the product code C_1^{r_1} x C_2^{r_2} x ..., whose
  size prod |C_i|^{r_i} is computed exactly; it is never expanded. Each factor must itself be a code
  in C_q^L (decided by the verifiers), which makes the product a code in C_q^d.

Reason codes: wrong JSON types ``FORMAT_TYPE``, wrong structure, keys or lengths ``FORMAT_SHAPE``, an empty
list ``EMPTY``, digits q..9 and powers outside 1..256 ``RANGE``, a stated size limit ``SIZE_LIMIT`` (the
product's ``EXPANSION_LIMIT``). Duplicates and confusable pairs are decided by the verifiers.

Witness kinds: for lists (literal or expanded) a duplicate word or two confusable words (positions in the
list); for factor certificates the factor number and two positions inside that factor.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import AnswerError, ParamsError, describe
from ..forms import product
from ..forms.digitstrings import check_string, check_string_list
from ..params import exact_keys, int_in
from ..witness import Fields, Indexed, integer, int_list

Q_VALUES = (5, 7, 9)
MAX_D = 256
MAX_WORDS = 4096
MAX_FACTORS = 256
MAX_POWER = 256
MAX_FACTOR_WORDS = 4096
MAX_TOTAL_WORDS = 16_384
DIGITS = "0123456789"
CERTIFICATE_FORMS = ("factors",)
LIMITS = {"MAX_D": MAX_D, "MAX_WORDS": MAX_WORDS, "MAX_FACTORS": MAX_FACTORS, "MAX_POWER": MAX_POWER,
          "MAX_FACTOR_WORDS": MAX_FACTOR_WORDS, "MAX_TOTAL_WORDS": MAX_TOTAL_WORDS}
WITNESSES = (
    Indexed("duplicate", "DUPLICATE", arity=2, echo="word", echo_one=True),
    Indexed("confusable", "PROPERTY_VIOLATION", arity=2, echo="words"),      # every coordinate within distance 1
    Fields("factor_duplicate", "DUPLICATE", {"factor": integer, "positions": int_list(2)}),
    Fields("factor_confusable", "PROPERTY_VIOLATION", {"factor": integer, "pair": int_list(2)}),
)


def validate_params(params: Any) -> dict:
    """``{"q": 5|7|9, "d": 1..256}``."""
    exact_keys(params, {"q", "d"})
    q = int_in(params, "q", 5, 9)
    if q not in Q_VALUES:
        raise ParamsError(f"parameter 'q' = {q} must be one of {list(Q_VALUES)} (an odd cycle length with single digits)")
    return {"q": q, "d": int_in(params, "d", 1, MAX_D)}


def alphabet(q: int) -> str:
    return DIGITS[:q]


@dataclass(frozen=True)
class ShannonWords:
    q: int
    d: int
    words: tuple[str, ...]
    form: str = "list"                                      # "list" or "product"


@dataclass(frozen=True)
class Factor:
    words: tuple[str, ...]
    power: int

    @property
    def length(self) -> int:
        return len(self.words[0])


@dataclass(frozen=True)
class ShannonFactors:
    q: int
    d: int
    factors: tuple[Factor, ...]


def _factor(value: Any, f: int, q: int) -> Factor:
    where = f"factor {f}"
    if not isinstance(value, dict):
        raise AnswerError("FORMAT_TYPE", f"{where} must be an object {{\"words\": [...], \"power\": r}}, got {describe(value)}")
    keys = set(value)
    if keys not in ({"words"}, {"words", "power"}):
        raise AnswerError("FORMAT_SHAPE", f"{where} must have the key 'words' and optionally 'power', got {sorted(keys)[:5]}")
    power = value.get("power", 1)
    if type(power) is not int:
        raise AnswerError("FORMAT_TYPE", f"{where} power must be a JSON integer, got {describe(power)}")
    if not 1 <= power <= MAX_POWER:
        raise AnswerError("RANGE", f"{where} power is {power}; powers are 1..{MAX_POWER}")
    words = value["words"]
    if type(words) is not list:
        raise AnswerError("FORMAT_TYPE", f"{where} words must be a JSON list of strings, got {describe(words)}")
    if not words:
        raise AnswerError("EMPTY", f"{where} has no words")
    if len(words) > MAX_FACTOR_WORDS:
        raise AnswerError("SIZE_LIMIT", f"{where} has {len(words):,} words; at most {MAX_FACTOR_WORDS:,} per factor")
    first = words[0]
    if type(first) is not str:
        raise AnswerError("FORMAT_TYPE", f"{where} word 0 must be a string, got {describe(first)}")
    if not first:
        raise AnswerError("FORMAT_SHAPE", f"{where} has words of length 0")
    if len(first) > MAX_D:
        raise AnswerError("FORMAT_SHAPE", f"{where} has words of length {len(first)} > d")
    for i, w in enumerate(words):
        check_string(w, len(first), alphabet(q), f"{where} word {i}")
    return Factor(tuple(words), power)


def _factors(value: Any, q: int, d: int) -> ShannonFactors:
    if type(value) is not list:
        raise AnswerError("FORMAT_TYPE", f"'factors' must be a JSON list of factor objects, got {describe(value)}")
    if not value:
        raise AnswerError("EMPTY", "'factors' has no factors")
    if len(value) > MAX_FACTORS:
        raise AnswerError("SIZE_LIMIT", f"'factors' has {len(value)} factors; at most {MAX_FACTORS}")
    out, total, dim = [], 0, 0
    for f, item in enumerate(value):
        if isinstance(item, dict) and type(item.get("words")) is list:
            total += len(item["words"])
            if total > MAX_TOTAL_WORDS:
                raise AnswerError("SIZE_LIMIT", f"the factors list more than {MAX_TOTAL_WORDS:,} words in total "
                                  f"(at least {total:,} up to factor {f})")
        factor = _factor(item, f, q)
        dim += factor.length * factor.power
        if dim > d:
            raise AnswerError("FORMAT_SHAPE", f"the factors' length x power add up to more than d = {d} (at least {dim} "
                              f"after factor {f})")
        out.append(factor)
    if dim != d:
        raise AnswerError("FORMAT_SHAPE", f"the factors' length x power add up to {dim}, expected d = {d}")
    return ShannonFactors(q, d, tuple(out))


def parse(answer: Any, params: dict):
    q, d = params["q"], params["d"]
    if isinstance(answer, list):
        return ShannonWords(q, d, check_string_list(answer, d, alphabet(q), MAX_WORDS, "the code"))
    if not isinstance(answer, dict):
        raise AnswerError("FORMAT_TYPE", "a Shannon answer must be a list of digit strings, a {\"product\": ...} or a "
                          f"{{\"factors\": ...}} object, got {describe(answer)}")
    keys = sorted(answer)
    if keys == ["product"]:
        factors = product.check_factors(answer["product"], d, alphabet(q))
        size = product.expansion_size(factors)
        if size > MAX_WORDS:
            raise AnswerError("EXPANSION_LIMIT", f"the product expands to {size:,} words; at most {MAX_WORDS:,} are "
                              "accepted (use the factors certificate for larger codes)")
        return ShannonWords(q, d, product.expand(factors), "product")
    if keys == ["factors"]:
        return _factors(answer["factors"], q, d)
    raise AnswerError("FORMAT_SHAPE", f"a Shannon object must have exactly the key 'product' or 'factors', got {keys[:5]}")


def size(parsed: Any) -> int:
    words = getattr(parsed, "words", None)
    return len(words) if isinstance(words, tuple) else 0


def item(parsed: Any, i: int) -> str:
    return parsed.words[i]

"""Strict JSON loading (certificates.strictjson): every strictness rule with its reason code."""
from __future__ import annotations

import json

import pytest

from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.extract import answer_from_bytes
from endless_exam.certificates.strictjson import MAX_BYTES, MAX_DEPTH, MAX_INT_DIGITS, JSONSyntaxError, decode_bytes, loads


def reason_of(text: str) -> str:
    with pytest.raises(AnswerError) as info:
        loads(text)
    return info.value.reason


def nested_lists(depth: int) -> str:
    return "[" * depth + "]" * depth


def nested_mixed(depth: int) -> str:
    """``depth`` containers alternating object / list, innermost holding the integer 7."""
    text = "7"
    for level in range(depth):
        text = f'{{"k": {text}}}' if level % 2 else f"[{text}]"
    return text


def test_limits_are_the_documented_ones():
    assert MAX_BYTES == 32 * 1024 * 1024
    assert MAX_DEPTH == 32
    assert MAX_INT_DIGITS == 1000


# ---- non-finite numbers ----------------------------------------------------------------------------

@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1E400", "123456789e302",
                                     "1" * 400 + ".0"])
def test_nonfinite_numbers_are_refused(literal):
    assert reason_of(literal) == "JSON_NONFINITE"
    assert reason_of(f"[1, {literal}]") == "JSON_NONFINITE"
    assert reason_of(f'{{"answer": {{"x": [{literal}]}}}}') == "JSON_NONFINITE"


def test_tiny_and_large_finite_floats_are_fine():
    assert loads("1e-999") == 0.0
    assert loads("1e308") == 1e308
    assert loads("-0.0") == 0.0


# ---- duplicate keys --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    '{"a": 1, "a": 1}',
    '{"a": 1, "b": 2, "a": 3}',
    '{"answer": {"product": [["0"]], "product": [["1"]]}}',
    '[{"x": 1}, {"x": 1, "x": 2}]',
    '{"a": {"b": {"c": {"d": 1, "d": 2}}}}',
    '{"a": 1, "\\u0061": 2}',  # the same key spelled with an escape
])
def test_duplicate_keys_are_refused_also_nested(text):
    assert reason_of(text) == "JSON_DUPLICATE_KEY"


def test_equal_keys_in_different_objects_are_fine():
    assert loads('[{"a": 1}, {"a": 2}, {"b": {"a": 3}}]') == [{"a": 1}, {"a": 2}, {"b": {"a": 3}}]


# ---- depth -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("make", [nested_lists, nested_mixed])
def test_depth_32_is_accepted_and_33_refused(make):
    value = loads(make(MAX_DEPTH))
    assert value is not None
    assert reason_of(make(MAX_DEPTH + 1)) == "JSON_DEPTH"


def test_depth_counts_containers_not_scalars():
    deepest = loads(nested_mixed(32))
    for _ in range(32):
        deepest = deepest["k"] if isinstance(deepest, dict) else deepest[0]
    assert deepest == 7


@pytest.mark.parametrize("text", [
    nested_lists(100_000),
    '{"a": ' * 100_000 + "1" + "}" * 100_000,
    "[" * 500 + "]" * 500,          # deeper than the limit, shallower than the recursion limit
])
def test_very_deep_nesting_is_json_depth_without_recursion_error(text):
    try:
        loads(text)
    except AnswerError as exc:
        assert exc.reason == "JSON_DEPTH"
    except RecursionError:  # pragma: no cover - the failure this test exists for
        pytest.fail("RecursionError escaped from strict JSON loading")
    else:  # pragma: no cover
        pytest.fail("deep nesting was accepted")


def test_very_deep_nesting_through_answer_file_path():
    with pytest.raises(AnswerError) as info:
        answer_from_bytes(nested_lists(100_000).encode())
    assert info.value.reason == "JSON_DEPTH"


# ---- numbers ---------------------------------------------------------------------------------------

def test_long_integer_literals():
    assert loads("9" * 1000) == int("9" * 1000)
    assert loads("-" + "9" * 1000) == -int("9" * 1000)
    assert reason_of("1" * 1001) == "JSON_NUMBER"
    assert reason_of("-" + "1" * 1001) == "JSON_NUMBER"
    assert reason_of("[0, " + "1" * 1001 + "]") == "JSON_NUMBER"
    assert reason_of("1" * 5000) == "JSON_NUMBER"     # also over Python's int-string limit
    assert reason_of("1" * 100_000) == "JSON_NUMBER"


def test_integers_are_the_same_whether_or_not_the_text_has_a_long_digit_run():
    # a text with a run of more than MAX_INT_DIGITS digits (here inside a string) takes the checked
    # integer path; without one, integers are left to the scanner: both must give the same values
    ints = [0, -0, 7, -12, 2 ** 63, -(10 ** 999), int("9" * 1000)]
    plain = loads(json.dumps(ints))
    checked = loads(json.dumps(ints + ["5" * 1001]))
    assert plain == checked[:-1] == ints and all(type(v) is int for v in plain)
    assert checked[-1] == "5" * 1001                       # a long run of digits in a string is fine
    assert reason_of(json.dumps(["5" * 1001]) [:-1] + ", " + "5" * 1001 + "]") == "JSON_NUMBER"


def test_depth_is_checked_inside_long_lists():
    # a long list of scalars is skipped in one pass; a container anywhere in a long list is still entered
    deep = "[" + "1, " * 100 + nested_lists(MAX_DEPTH) + "]"
    assert reason_of(deep) == "JSON_DEPTH"
    assert len(loads("[" + "1, " * 100 + nested_lists(MAX_DEPTH - 1) + "]")) == 101


def test_types_are_preserved():
    value = loads('[1, 1.0, 1e3, -0, true, false, null, "1", 10.5]')
    assert [type(v) for v in value] == [int, float, float, int, bool, bool, type(None), str, float]
    assert value[0] == 1 and value[1] == 1.0 and value[2] == 1000.0
    assert value[4] is True and value[5] is False
    big = loads("123456789012345678901234567890")
    assert type(big) is int and big == 123456789012345678901234567890


# ---- size and encoding -----------------------------------------------------------------------------

def test_over_32_mib_is_size_limit():
    with pytest.raises(AnswerError) as info:
        decode_bytes(b" " * (MAX_BYTES + 1))
    assert info.value.reason == "SIZE_LIMIT"
    with pytest.raises(AnswerError) as info:
        answer_from_bytes(b"[" + b" " * MAX_BYTES + b"]")
    assert info.value.reason == "SIZE_LIMIT"
    assert reason_of("[" + " " * MAX_BYTES + "]") == "SIZE_LIMIT"


def test_exactly_32_mib_is_within_the_limit():
    data = b"[" + b" " * (MAX_BYTES - 2) + b"]"
    assert len(data) == MAX_BYTES
    assert answer_from_bytes(data) == []


@pytest.mark.parametrize("data", [
    b'["\xff"]',
    b'["000", "\xc0\xaf"]',        # overlong encoding
    b'["\xed\xa0\x80"]',           # an encoded surrogate
    b'["\xe2\x82"]',               # truncated sequence
    b"\xfe\xff[1]",
])
def test_invalid_utf8_is_json_encoding(data):
    with pytest.raises(AnswerError) as info:
        decode_bytes(data)
    assert info.value.reason == "JSON_ENCODING"
    with pytest.raises(AnswerError) as info:
        answer_from_bytes(data)
    assert info.value.reason == "JSON_ENCODING"


def test_valid_utf8_is_decoded():
    assert loads(decode_bytes('["é", "𝔽"]'.encode("utf-8"))) == ["é", "𝔽"]


# ---- syntax ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["[1] x", "[1][2]", '{"a": 1}}', "1 2", "[1,]", "{'a': 1}", "", "   ",
                                  "[1", "tru", "01", "[1] // comment"])
def test_syntax_errors(text):
    with pytest.raises(JSONSyntaxError) as info:
        loads(text)
    assert info.value.reason == "JSON_SYNTAX"


@pytest.mark.parametrize("text", [" [1, 2] ", "\n\t[1, 2]\r\n", "\r\n  [1,\n 2]\n\n\n", "[1, 2]"])
def test_whitespace_around_a_value_is_fine(text):
    assert loads(text) == [1, 2]


def test_scalars_and_strings():
    assert loads('"x"') == "x"
    assert loads("null") is None
    assert loads(' "a\\nb" ') == "a\nb"

"""Answer extraction (certificates.extract): the documented rule, on bare answers and adversarial model texts.

The rule, as documented in certificates/extract.py:
1. a whole text that parses as strict JSON is the answer candidate;
2. otherwise candidates are, in order: fenced blocks (LAST first), the whole text, the first-``{``-to-last-``}``
   span, the first-``[``-to-last-``]`` span; the first syntactically valid JSON candidate wins;
3. a candidate that is syntactically JSON but breaks a strictness rule is not skipped: its reason is the verdict;
4. ``{"answer": X}`` is unwrapped once (other keys are ignored, with a note); null is NO_ANSWER.
"""
from __future__ import annotations

import pytest

from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.extract import (answer_from_bytes, answer_from_bytes_noted, answer_from_json_text,
                                               answer_from_json_text_noted, extract_from_text,
                                               extract_from_text_noted, fenced_blocks, unwrap)
from endless_exam.certificates.reasons import reason_class
from endless_exam.checker.verify import harness

FENCE = "```"
CAP = ["000", "001", "010"]


def from_file(text: str):
    return answer_from_bytes(text.encode("utf-8"))


def reason(fn, arg) -> str:
    with pytest.raises(AnswerError) as info:
        fn(arg)
    return info.value.reason


def block(body: str, tag: str = "") -> str:
    return f"{FENCE}{tag}\n{body}\n{FENCE}"


# ---- bare and wrapped answers ----------------------------------------------------------------------

def test_bare_answer():
    assert from_file('["000", "001", "010"]') == CAP
    assert from_file('{"product": [["0", "1"], ["00"]]}') == {"product": [["0", "1"], ["00"]]}
    assert answer_from_json_text('["000", "001", "010"]') == CAP


def test_wrapper_is_removed_once():
    assert from_file('{"answer": ["000", "001", "010"]}') == CAP
    assert answer_from_json_text('{"answer": ["000", "001", "010"]}') == CAP
    assert from_file('{"answer": {"answer": ["000"]}}') == {"answer": ["000"]}
    assert from_file('{"answer": {"answer": {"answer": 1}}}') == {"answer": {"answer": 1}}
    assert unwrap({"answer": 0}) == 0
    assert unwrap({"answer": False}) is False
    assert unwrap({"answer": []}) == []


@pytest.mark.parametrize("text", [
    '{"answer": ["000"], "explanation": "a cap"}',
    '{"answer": ["000"], "objective": 1}',
    '{"params": {"d": 3}, "answer": ["000"]}',
])
def test_wrapper_with_extra_keys_is_unwrapped_as_upstream_does_and_noted(text):
    """docs/SPECIFICATION.md section 5: other keys beside ``answer`` are ignored, and the verdict says so."""
    assert from_file(text) == ["000"]
    assert answer_from_json_text(text) == ["000"]
    assert extract_from_text("Here it is:\n" + block(text, "json")) == ["000"]
    for noted in (answer_from_bytes_noted(text.encode()), answer_from_json_text_noted(text),
                  extract_from_text_noted("Here:\n" + block(text, "json"))):
        value, note = noted
        assert value == ["000"] and "ignored" in note
    assert answer_from_bytes_noted(b'{"answer": ["000"]}')[1] is None


def test_strictness_still_applies_to_the_whole_wrapper():
    assert reason(from_file, '{"answer": ["000"], "note": NaN}') == "JSON_NONFINITE"
    assert reason(from_file, '{"answer": ["000"], "note": 1, "note": 2}') == "JSON_DUPLICATE_KEY"
    long_keys = "{" + ", ".join(f'"{"k" * 100}{i}": 0' for i in range(20)) + ', "answer": [1]}'
    value, note = answer_from_bytes_noted(long_keys.encode())
    assert value == [1] and "and 15 more" in note and len(note) < 400


def test_an_object_without_answer_key_is_not_unwrapped():
    assert from_file('{"product": [["0"]], "extra": 1}') == {"product": [["0"]], "extra": 1}


@pytest.mark.parametrize("text", ["null", '{"answer": null}', " null\n", '{ "answer" : null }'])
def test_null_is_no_answer(text):
    assert reason(from_file, text) == "NO_ANSWER"
    assert reason(answer_from_json_text, text) == "NO_ANSWER"


def test_null_inside_a_fenced_block_is_no_answer():
    assert reason(extract_from_text, "I could not find one.\n" + block('{"answer": null}', "json")) == "NO_ANSWER"


@pytest.mark.parametrize("text", ["", " ", "\n\n\t  \r\n"])
def test_empty_or_whitespace_text_is_no_answer(text):
    assert reason(from_file, text) == "NO_ANSWER"
    assert reason(extract_from_text, text) == "NO_ANSWER"


def test_text_without_json_is_no_answer():
    assert reason(from_file, "I am sorry, I cannot construct such a set.") == "NO_ANSWER"
    assert reason(from_file, "The answer is {x : x_1 = 0}, roughly [a, b).") == "NO_ANSWER"


# ---- adversarial model texts -----------------------------------------------------------------------

def test_prose_with_braces_before_a_fenced_answer():
    text = ("Let S = {x in F_3^3 : x_1 = 0} and consider {0, 1} x {0}. We use the set [0, 1] of digits.\n"
            + block('{"answer": ["000", "001", "010"]}', "json") + "\nDone {really}.")
    assert from_file(text) == CAP


def test_prose_with_braces_before_unfenced_json_uses_the_bracket_span():
    # the {..} span starts at the prose brace and is not JSON; the [..] span is the answer
    text = 'Let S = {x : x_1 = 0}. My set: ["000", "001", "010"] -- that is all.'
    assert from_file(text) == CAP


def test_brace_span_fallback():
    text = 'Final answer: {"answer": ["000", "001", "010"]} (3 points).'
    assert from_file(text) == CAP


def test_bracket_span_fallback():
    assert from_file('The cap is ["000", "001", "010"].') == CAP
    assert from_file('Points:\n[\n "000",\n "001",\n "010"\n]\nThanks.') == CAP


def test_several_fenced_blocks_last_block_wins():
    text = ("First attempt:\n" + block('["000", "111"]') + "\nBetter:\n" + block('["000", "001", "010"]', "json")
            + "\nThat's final.")
    assert from_file(text) == CAP


def test_an_example_object_after_the_answer_is_what_gets_taken():
    """Documented consequence of 'last block first': an example shown after the answer is scored."""
    text = ("My answer:\n" + block('{"answer": ["000", "001", "010"]}', "json")
            + "\nFor reference, the expected format is:\n" + block('{"answer": ["012"]}', "json"))
    assert from_file(text) == ["012"]


def test_a_non_json_last_block_is_skipped():
    text = block('["000", "001", "010"]', "json") + "\nVerification code:\n" + block("for x in S:\n    print(x)", "python")
    assert from_file(text) == CAP


def test_json_language_tag_is_dropped():
    for tag in ("json", "JSON", "json5", "jsonc", " json ", "text"):
        assert from_file("Answer:\n" + block('["000", "001", "010"]', tag)) == CAP


def test_fence_without_language_tag():
    assert from_file("Answer:\n" + block('["000", "001", "010"]')) == CAP


def test_unclosed_fence_falls_back_to_the_spans():
    text = "Answer:\n" + FENCE + 'json\n["000", "001", "010"]\n'
    assert fenced_blocks(text) == []
    assert from_file(text) == CAP


def test_unclosed_last_fence_opens_no_block():
    text = block('["000", "001", "010"]') + "\nand then\n" + FENCE + "\n[\"222\"]"
    assert fenced_blocks(text) == ['["000", "001", "010"]\n']
    assert from_file(text) == CAP


@pytest.mark.parametrize("text", [
    'Here is the answer:\n```json\n{"answer": ["000", "001", "01',
    '```json\n["000", "001",\n```',
    'Answer: {"answer": ["000", "0',
    '["000", "001"',
])
def test_truncated_json_inside_a_reply_or_a_bare_list_is_no_answer(text):
    assert reason(from_file, text) == "NO_ANSWER"


@pytest.mark.parametrize("text,line,column", [
    ('{"answer": [1, 2,', 1, 18),
    ('{"answer": ["000", "001"', 1, 25),
    ('\n  {"answer": [\n    1,\n    2,', 4, 7),
])
def test_a_truncated_answer_object_is_json_syntax_with_line_and_column(text, line, column):
    """A file that starts as the answer object and breaks (truncated) says where, instead of NO_ANSWER."""
    with pytest.raises(AnswerError) as info:
        from_file(text)
    assert info.value.reason == "JSON_SYNTAX"
    assert f"line {line} column {column}" in info.value.message, info.value.message


def test_nan_inside_a_fenced_block_is_not_skipped():
    text = "Answer:\n" + block('{"answer": [1, NaN]}', "json")
    assert reason(from_file, text) == "JSON_NONFINITE"
    text = block('["000"]') + "\n" + block("[Infinity]")
    assert reason(from_file, text) == "JSON_NONFINITE"


def test_strictness_errors_in_fenced_blocks_are_not_skipped():
    assert reason(from_file, "x\n" + block('{"a": 1, "a": 2}')) == "JSON_DUPLICATE_KEY"
    assert reason(from_file, "x\n" + block("[" * 40 + "]" * 40)) == "JSON_DEPTH"
    assert reason(from_file, "x\n" + block("[" + "7" * 1001 + "]")) == "JSON_NUMBER"


def test_strictness_errors_in_the_whole_file_are_not_skipped():
    assert reason(from_file, '{"answer": [1e999]}') == "JSON_NONFINITE"
    assert reason(from_file, '{"answer": ["000"], "answer": ["001"]}') == "JSON_DUPLICATE_KEY"


@pytest.mark.parametrize("text", [
    # a text that merely starts with a non-finite literal is not JSON: rule 2 applies, the fenced block wins
    'NaN\n```json\n["000", "001", "010"]\n```',
    # a truncated example block (not syntactically JSON) after the answer must be skipped, not reported
    '```json\n["000", "001", "010"]\n```\nan example of a wrong answer:\n```\n[NaN, \n```',
    # prose that opens many brackets is not JSON either; the {..} span holds the answer
    "[" * 2000 + ' and so on. {"answer": ["000", "001", "010"]}',
], ids=["nan-prefix-then-block", "truncated-nan-example-block", "deep-bracket-prose-then-object"])
def test_only_syntactically_valid_candidates_can_fail_strictly(text):
    """Rule 3 of the documented extraction rule applies to candidates that ARE syntactically JSON."""
    assert from_file(text) == CAP


def test_wrapped_and_fenced_together():
    text = 'Sure.\n```json\n{"answer": {"product": [["0", "1"], ["00", "01"]]}}\n```'
    assert from_file(text) == {"product": [["0", "1"], ["00", "01"]]}


def test_fenced_blocks_pairing():
    text = "a ```x``` b ```\ny\n``` c ```json\nz\n```"
    assert fenced_blocks(text) == ["x", "y\n", "z\n"]


def test_linear_time_on_a_4mb_fence_and_brace_bomb():
    """No timing assertion: a quadratic extraction would hang the suite here."""
    unit = "```\n{"
    text = unit * (4 * 1024 * 1024 // len(unit))
    assert reason(from_file, text) == "NO_ANSWER"
    assert reason(from_file, "```" * (4 * 1024 * 1024 // 3)) == "NO_ANSWER"


# ---- against the definition and hostile inputs (brute force, adversarial structure) ----------------

def test_hostile_32mib_text_is_rejected_within_the_time_limit():
    """Attack: 32 MiB of model text (the answer limit) made of one NaN and unclosed brackets, which a naive
    extraction scans token by token once per candidate. It must be a REJECT well inside the time limit,
    not a TIMEOUT of both verifiers."""
    size = 32 * 1024 * 1024 - 64    # under the 32 MiB answer limit
    payload = b'{"a":[NaN,' + b"[" * (size - 12) + b"]}"
    header = {"op": "check", "family": "schur", "params": {"k": 3}, "kind": "file"}
    result, failure, seconds = harness.run_worker(harness.PRIMARY, header, payload, harness.DEFAULT_TIME_LIMIT,
                                                 harness.DEFAULT_MEMORY_LIMIT)
    # Correct behaviour: a REJECT with a format reason within the 60 s verifier limit, not a TIMEOUT
    # (extraction must not re-scan the text token by token in Python four times; its speed is measured
    # by benchmarks, not asserted here).
    assert failure is None, (failure.status, failure.reason, failure.message, seconds)
    verdict = result["verdict"]
    assert verdict["status"] == "REJECT" and reason_class(verdict["reason"]) == "format", verdict

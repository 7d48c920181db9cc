"""The worker protocol (``certificates.worker.handle``) and every family's ``check`` on hostile input: each
verifier always answers ACCEPT or REJECT with a known reason code, both verifiers agree, the result is
strict JSON, and the smallest answers at the parameter edges are accepted."""
from __future__ import annotations

import json
import sys

import pytest
from endless_exam.certificates.reasons import REASONS, reason_class
from endless_exam.certificates.verdict import Status
from endless_exam.certificates.worker import handle
from endless_exam.checker import families as primary_families
from endless_exam.crosscheck import families as second_families

from tests.common.definitions import FAMILIES, expect

PARAMS = {"capset": {"d": 5}, "schur": {"k": 3}, "corners": {"n": 10}, "lineq": {"a": 1, "b": 2, "n": 100}}


HOSTILE = [
    b"", b"   ", b"null", b'{"answer": null}', b"[]", b"{}", b"[1e400]", b"[-1e400]", b"[-0]", b"[-0.0]",
    b"[NaN]", b"[Infinity]", b"[" + b"9" * 1000 + b"]", b"[" + b"9" * 1001 + b"]", b"[-" + b"9" * 5000 + b"]",
    b"[" * 1000 + b"]" * 1000, b"[" * 50000 + b"]" * 50000, b"[" * 50000, b"[" * 33 + b"]" * 33,
    b'{"a":1,"a":2}', b'{"product": [["01"]], "product": [["01"]]}',
    b'{"diff_set": {"base": 3, "base": 3, "allowed": [0], "length": 1}}',
    b'{"digits": {"base": 3, "allowed": [0], "length": 1, "allowed": [1]}}',
    b'["\\u0661\\u0662"]', '["\u0661\u0662"]'.encode(), '["\uff10\uff11"]'.encode(), b'["\\ud800"]', b'"\xff"',
    b"[1,]", b"[true]", b"[1.0]", b'["1"]', b"[[0, 0], [0, 1.0]]", b"[[true, 0]]", b"[[0, 0, 0]]",
    b'{"answer": [1], "x": 1}', b'{"answer": {"answer": [1]}}', b"```json\n[NaN]\n```", b"```" * 5000,
    b'{"digits": {"base": 10, "allowed": [1], "length": 40, "offset": -1000000000000000000}}',
    b'{"digits": {"base": 1000000, "allowed": [999999], "length": 40}}',
    b'{"digits": {"base": 2, "allowed": [0, 1], "length": 40}}',
    b'{"digits": {"base": 2, "allowed": [0, 1], "length": 40, "sum_squares": 20}}',
    b'{"digits": {"base": 1000000, "allowed": [0, 999999], "length": 40, "sum_squares": 999998000001}}',
    b'{"digits": {"base": 1000001, "allowed": [0], "length": 1}}',
    b'{"digits": {"base": 3, "allowed": [0, 0], "length": 1}}',
    b'{"digits": {"base": 3, "allowed": [], "length": 1}}',
    b'{"digits": {"base": 3, "allowed": [3], "length": 1}}',
    b'{"digits": {"base": 3, "allowed": [0], "length": 41}}',
    b'{"digits": {"base": 3, "allowed": [1], "length": 2, "sum_squares": -1}}',
    b'{"digits": {"base": 3, "allowed": [0, 1], "length": 10, "offset": 10000000000000000000}}',
    b'{"digits": {"base": 3, "allowed": [0, 1], "length": 3, "offset": 1, "extra": 0}}',
    b'{"digits": [1, 2]}', b'{"diff_set": {"base": 3, "allowed": [0, 1], "length": 10, "offset": -9}}',
    b'{"diff_set": [0, 0]}', b'{"diff_set": []}', b'{"diff_set": [true]}', b'{"diff_set": [9, -9]}',
    b'{"diff_set": [10]}', b'{"diff_set": [' + b"0," * 60000 + b'0]}',
    b'{"product": [["01", "10"], ["012"]]}', b'{"product": [["0", "1"], ["0", "1"], ["0", "1"], ["0", "1"], ["0"]]}',
    b'{"product": [["0", "0"], ["0"], ["0"], ["0"], ["0"]]}', b'{"product": []}', b'{"product": [[]]}',
    b'{"product": [[""]]}', b'{"product": [["0", 1]]}', b'{"product": [["00000"]], "x": 1}',
    b'{"product": [["0"], ["0"], ["0"], ["0"], ["0"], ["0"]]}',
    b'["00000", "11111", "2222"]', b'["0000\\u0000"]', '["000\u00e9"]'.encode(), b'["00000", "00000"]',
    b"[0, 1, 2]", b"[1, 2, 3]", b"[[0, 0], [0, 0]]", b"[" + b"0," * 200000 + b"0]",
]


@pytest.mark.parametrize("family", FAMILIES)
def test_hostile_payloads_get_a_verdict_with_a_known_reason(family):
    for payload in HOSTILE:
        verdicts = []
        for load in (primary_families.load, second_families.load):
            out = handle({"op": "check", "family": family, "params": PARAMS[family], "kind": "file"}, payload, load)
            v = out["verdict"]
            assert v["status"] in ("ACCEPT", "REJECT"), (family, payload[:80], v)
            assert v["reason"] is None or v["reason"] in REASONS, (family, payload[:80], v)
            verdicts.append((v["status"], v["reason"], v["objective"]))
        assert verdicts[0] == verdicts[1], (family, payload[:80], verdicts)


def test_reasons_of_selected_hostile_payloads():
    def reason(family, payload):
        return handle({"op": "check", "family": family, "params": PARAMS[family], "kind": "file"}, payload,
                      primary_families.load)["verdict"]["reason"]
    assert reason("lineq", b"[1e400]") == "JSON_NONFINITE"
    assert reason("lineq", b"[" + b"9" * 1001 + b"]") == "JSON_NUMBER"
    assert reason("lineq", b"[-0]") == "RANGE"
    assert reason("lineq", b"[1.0]") == "FORMAT_TYPE"
    assert reason("schur", b"[-0.0]") == "FORMAT_TYPE"
    assert reason("capset", '["\u0661\u0662\u0660\u0660\u0660"]'.encode()) == "FORMAT_TYPE"
    assert reason("corners", b'{"diff_set": {"base": 3, "base": 3, "allowed": [0], "length": 1}}') == "JSON_DUPLICATE_KEY"
    assert reason("lineq", b'{"digits": {"base": 2, "allowed": [0, 1], "length": 40}}') == "EXPANSION_LIMIT"
    assert reason("corners", b'{"diff_set": [0, 0]}') == "DUPLICATE"
    assert reason("capset", b'{"product": [["0", "0"], ["0"], ["0"], ["0"], ["0"]]}') == "DUPLICATE"
    assert reason("schur", b"[" * 50000 + b"]" * 50000) == "JSON_DEPTH"
    assert reason_class(reason("lineq", b"[1,]")) == "format"


@pytest.mark.parametrize("family,params", [
    ("capset", {"d": 1}), ("capset", {"d": 40}), ("schur", {"k": 1}), ("schur", {"k": 64}),
    ("corners", {"n": 1}), ("corners", {"n": 2000}), ("lineq", {"a": 1, "b": 1, "n": 1}),
    ("lineq", {"a": 1000, "b": 999, "n": 5002}), ("lineq", {"a": 1, "b": 9, "n": 10 ** 6}),
])
def test_parameter_edges_take_small_answers(family, params):
    answer = {"capset": ["0" * params.get("d", 1)], "schur": [0], "corners": [[0, 0]], "lineq": [1]}[family]
    expect(family, params, answer, None, 1)


@pytest.mark.parametrize("family,params,answer", [
    ("schur", {"k": 2}, [10 ** 5000]),
    ("lineq", {"a": 1, "b": 1, "n": 10}, [10 ** 5000]),
    ("lineq", {"a": 1, "b": 1, "n": 10}, {"digits": {"base": 10 ** 5000, "allowed": [0], "length": 1}}),
    ("lineq", {"a": 1, "b": 1, "n": 10}, {"digits": {"base": 3, "allowed": [0], "length": 1, "offset": -10 ** 5000}}),
    ("corners", {"n": 3}, [[10 ** 5000, 0]]),
    ("corners", {"n": 3}, {"diff_set": [10 ** 5000]}),
    ("capset", {"d": 2}, [10 ** 5000]),
])
def test_in_process_check_of_huge_python_int_is_a_reject_not_an_exception(family, params, answer):
    """Attack: an int beyond Python's int-to-str conversion limit handed to ``check`` in process (the strict
    JSON loader cannot produce one). Formatting it into a RANGE message must not raise: a REJECT. Verifier
    processes lift the digit limit (``certificates.worker.prepare_process``); run in process here, the
    checks get the same setting, and the test's interpreter gets its own limit back afterwards."""
    previous = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        for load in (primary_families.load, second_families.load):
            verdict = load(family).check(params, answer)
            assert verdict.status is Status.REJECT and verdict.reason in ("RANGE", "FORMAT_TYPE"), verdict
    finally:
        sys.set_int_max_str_digits(previous)


HOSTILE_ANSWERS = [
    b"", b" \n", b"\xff\xfe", b"\xef\xbb\xbf[\"012\"]", b"null", b"{\"answer\": null}", b"[]", b"{}",
    b"[\"012\", NaN]", b"[1e400]", b"[" * 100_000, b"[" * 100_000 + b"]" * 100_000,
    b"{\"answer\": [\"012\"], \"answer\": [\"013\"]}", b"[\"\\ud800\\udc00\"]", b"[\"\\ud800\"]", b"[\"01\\u0000\"]",
    "[\"\u0660\u0661\u0662\"]".encode(), "[\"\uff10\uff11\uff12\"]".encode(), b"[\"012\",\"012\"]", b"[true]",
    b"[[0,1]]", b"[[true,false]]", b"[[0.0,1]]", b"[[\"0\",1]]", b"[[-1,0]]", b"[[3,0]]", b"[[0,1,2]]",
    b"[[" + b"9" * 1000 + b",0]]", b"[[" + b"9" * 1001 + b",0]]", b"[[1E2,0]]", b"```json\n[\"012\"]\n```",
    b"{\"answer\": {\"answer\": [\"012\"]}}", b"{\"answer\": [\"012\"], \"x\": 1}", b"\"012\"", b"12",
    b"[\"" + b"0" * 1_000_000 + b"\"]", b"[" + b"\"012\"," * 30_000 + b"\"012\"]", b"[{}]", b"[[]]", b"[null]",
    b"[" * 33 + b"]" * 33, b"{\"answer\":" * 40 + b"1" + b"}" * 40, b"prose { not json } [ nor this ]",
    b"[\"012\"]\x00", b"{\"product\": [[\"0\"]]}",
]


@pytest.mark.parametrize("family,params", [("apfree_q", {"q": 5, "n": 3}), ("apfree_q", {"q": 3, "n": 1}),
                                           ("kakeya", {"q": 3, "n": 2}), ("kakeya", {"q": 2, "n": 1})])
def test_hostile_answers_get_a_verdict_with_a_known_reason(family, params):
    for payload in HOSTILE_ANSWERS:
        for kind in ("file", "json", "text"):
            for load in (primary_families.load, second_families.load):
                result = handle({"op": "check", "family": family, "params": params, "kind": kind}, payload, load)
                v = result["verdict"]
                assert v["status"] in ("ACCEPT", "REJECT"), (family, kind, payload[:40], v)
                assert v["reason"] is None or v["reason"] in REASONS, v
                json.dumps(result, allow_nan=False)

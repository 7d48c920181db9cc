"""Shared machinery of the Wycheproof-style regression-vector tests (``tests/families/<family>/test_<family>_vectors.py``).

Not a test module (no ``test_`` prefix): each family's vector file defines ``class Test<Family>Vectors
(vectorlib.VectorTests)`` with what is specific to it, and inherits the standard tests:

* the vector file itself (``fixtures/vectors/<family>.json``): header, tcIds 1..N, every flag
  explained by a note and used, the required flags covered, the not-applicable flags declared, every
  vector well formed;
* every vector through BOTH verifiers in-process (``endless_exam.certificates.worker.handle`` with each verifier's
  family loader, exactly what the worker processes do): expected status, reason code and exact
  objective; a DUPLICATE or PROPERTY_VIOLATION witness of each verifier is re-checked against the
  definition by the family class (``check_witness``) and must be confirmed by the OTHER verifier's
  ``witness_holds`` (through the worker's ``witness`` op);
* a negative control: tampered witnesses are not confirmed (``witness_holds`` is not vacuous);
* a few vectors end to end through ``endless_exam.checker.verify.harness.verify`` (two subprocesses + witness re-checks).

``VectorFile`` materialises the payload of a vector (``answer``, ``raw``, ``raw_hex`` or a ``generate``
recipe: ``raw_concat`` is common to all families, the other recipes are the family's, see the
``schema`` text of its vector file).
"""
from __future__ import annotations

from endless_exam import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

import json
from fractions import Fraction
from typing import Any, Callable

import endless_exam.checker.families as primary_families
import endless_exam.crosscheck.families as second_families
from endless_exam import fixtures
from endless_exam.certificates.extract import answer_from_bytes
from endless_exam.certificates.reasons import REASONS, reason_class
from endless_exam.certificates.verdict import Status, Verdict, objective_from_str, objective_to_str
from endless_exam.certificates.worker import handle
from endless_exam.checker.verify import harness

LOADERS = {"primary": primary_families.load, "second": second_families.load}
OTHER = {"primary": "second", "second": "primary"}
PAYLOAD_KEYS = ("answer", "raw", "raw_hex", "generate")
VECTOR_KEYS = {"tcId", "comment", "flags", "params", "result", "expected_reason", "expected_objective", *PAYLOAD_KEYS}
WITNESS_CLASSES = ("duplicate", "property")
REQUIRED_FLAGS = {"TypeConfusion", "NonFinite", "OutOfRange", "Duplicate", "InstanceSubstitution", "DegenerateObject",
                  "NearMiss", "Overflow", "SizeBomb", "MalformedEncoding", "ExpansionBomb"}


def vector_id(v: dict) -> str:
    return f"tc{v['tcId']}-{v['flags'][0]}"


def digit_spec(recipe: dict) -> dict:
    """The digit spec of a ``digits_range`` recipe: all digits below ``count``."""
    return {"base": recipe["base"], "allowed": list(range(recipe["count"])), "length": recipe["length"],
            "offset": recipe["offset"]}


def expecting(reason: str, flag: str | None = None, literal: bool = False) -> Callable[[dict], bool]:
    """A predicate for ``VectorFile.pick``: the vector expects ``reason`` (and has ``flag``, and a literal answer)."""
    return lambda v: (v["expected_reason"] == reason and (flag is None or flag in v["flags"])
                      and (not literal or "answer" in v))


def indices_of(verifier: str, w: Any) -> list:
    """The index list of an indexed witness (a dict with an ``indices`` list), asserting it has one."""
    assert isinstance(w, dict) and isinstance(w.get("indices"), list), f"{verifier}: no witness"
    return w["indices"]


def expected_objective(v: dict):
    """The exact objective a valid vector expects: a JSON integer (>= 1), or for families whose objective
    is a rational (labs, heilbronn) its exact text "p/q" or "0" (read with ``objective_from_str``)."""
    value = v["expected_objective"]
    return objective_from_str(value) if isinstance(value, str) else value


def objective_matches(verdict: Verdict, v: dict) -> bool:
    """Is the verdict's objective exactly the expected one, of the expected type (int, or Fraction for text)?"""
    want = expected_objective(v)
    if isinstance(v["expected_objective"], str):     # a rational objective: an integral value may come back as int
        return isinstance(verdict.objective, (int, Fraction)) and not isinstance(verdict.objective, bool) \
            and verdict.objective == want
    return type(verdict.objective) is int and verdict.objective == want


def has_witness(v: dict) -> bool:
    """Does the expected verdict of ``v`` carry a witness (a DUPLICATE or a PROPERTY_VIOLATION)?"""
    return v["result"] == "invalid" and reason_class(v["expected_reason"]) in WITNESS_CLASSES


class VectorFile:
    """``fixtures/vectors/<family>.json``, its payloads, and both verifiers run in-process on them."""

    def __init__(self, family: str, generate: Callable[[dict], bytes]):
        self.family = family
        self.data = fixtures.read_json("vectors", f"{family}.json")
        self.tests: list[dict] = self.data["tests"]
        self.by_id = {v["tcId"]: v for v in self.tests}
        self._generate = generate
        self._payloads: dict[int, bytes] = {}

    def generate(self, recipe: dict) -> bytes:
        if recipe["kind"] == "raw_concat":
            return "".join(text * times for text, times in recipe["parts"]).encode("utf-8")
        return self._generate(recipe)

    def payload(self, tc_id: int) -> bytes:
        if tc_id not in self._payloads:
            v = self.by_id[tc_id]
            if "answer" in v:
                data = json.dumps(v["answer"], ensure_ascii=False).encode("utf-8")
            elif "raw" in v:
                data = v["raw"].encode("utf-8")
            elif "raw_hex" in v:
                data = bytes.fromhex(v["raw_hex"])
            else:
                data = self.generate(v["generate"])
            self._payloads[tc_id] = data
        return self._payloads[tc_id]

    def params_of(self, v: dict) -> dict:
        return v.get("params", self.data["params"])

    def answer(self, v: dict) -> Any:
        """The answer value of ``v``'s payload (unwrapped, as the verifiers read it)."""
        return answer_from_bytes(self.payload(v["tcId"]))

    def with_answer(self, answer: Any) -> dict:
        """The first vector whose literal answer is ``answer``."""
        return next(t for t in self.tests if t.get("answer") == answer)

    def pick(self, *predicates: Callable[[dict], bool]) -> list[int]:
        """The sorted tcIds of the first vector matching each predicate (each must match one)."""
        return sorted({next(v["tcId"] for v in self.tests if pred(v)) for pred in predicates})

    def run_check(self, verifier: str, v: dict) -> Verdict:
        header = {"op": "check", "family": self.family, "params": self.params_of(v), "kind": "file"}
        return Verdict.from_json(handle(header, self.payload(v["tcId"]), LOADERS[verifier])["verdict"])

    def run_witness(self, verifier: str, v: dict, witness: Any) -> dict:
        header = {"op": "witness", "family": self.family, "params": self.params_of(v), "kind": "file",
                  "witness": witness}
        return handle(header, self.payload(v["tcId"]), LOADERS[verifier])

    def assert_tampered_refused(self, verifier: str, answer: Any, good: list, bad: list) -> None:
        """On the vector with literal ``answer``: every ``good`` witness holds, every ``bad`` one does not."""
        v = self.with_answer(answer)
        for w in good:
            assert self.run_witness(verifier, v, w)["holds"] is True, w
        for w in bad:
            assert self.run_witness(verifier, v, w)["holds"] is False, w


class VectorTests:
    """The standard vector tests; a family's ``Test<Family>Vectors`` subclass sets the attributes below."""

    vectors: VectorFile                  # the family's vector file
    not_applicable: set[str]             # exactly the flags the file declares not applicable
    end_to_end: list[int] = []           # tcIds also run through checker.verify.harness.verify
    tamper_answer: Any = None            # the literal answer of the vector of the tampered-witness control,
    tamper_good: list = []               # witnesses that hold on it,
    tamper_bad: list = []                # and tampered ones that must not
    size_range: tuple[int, int] | None = None    # bounds on the number of vectors, if any
    default_params: dict | None = None           # the file's default params, if pinned
    slow_vectors: frozenset[int] = frozenset()   # tcIds whose verifier runs are ``slow``-marked (the
                                                 # largest inputs, seconds each: ``pytest -m slow``)

    def check_witness(self, v: dict, answer: Any, params: dict, verifier: str, w: Any) -> None:
        """Assert that ``w``, ``verifier``'s witness on vector ``v`` (its decoded answer and params), is a
        genuine duplicate or property violation of the answer."""
        raise NotImplementedError

    def pytest_generate_tests(self, metafunc) -> None:
        import pytest

        slow = self.slow_vectors
        unknown = slow - {v["tcId"] for v in self.vectors.tests}
        assert not unknown, f"slow_vectors names tcIds the file does not have: {sorted(unknown)}"
        verifier_runs = metafunc.definition.name in ("test_vector_both_verifiers", "test_vector_end_to_end")

        def marked(values: list, tc_of) -> list:
            if not verifier_runs:
                return values
            return [pytest.param(x, marks=pytest.mark.slow) if tc_of(x) in slow else x for x in values]

        axes = {"v": (marked(self.vectors.tests, lambda v: v["tcId"]), vector_id),
                "verifier": (sorted(LOADERS), None),
                "tc_id": (marked(self.end_to_end, lambda t: t), lambda t: f"tc{t}")}
        for name, (values, ids) in axes.items():
            if name in metafunc.fixturenames:
                metafunc.parametrize(name, values, ids=ids)

    # ---- the file itself ------------------------------------------------------------------------------

    def test_header_and_ids(self):
        data, tests = self.vectors.data, self.vectors.tests
        assert data["family"] == self.vectors.family
        assert isinstance(data["params"], dict) and isinstance(data["schema"], str) and data["schema"]
        assert data["numberOfTests"] == len(tests)
        assert [v["tcId"] for v in tests] == list(range(1, len(tests) + 1)), "tcIds must be 1..N in order"
        if self.size_range is not None:
            low, high = self.size_range
            assert low <= len(tests) <= high
        if self.default_params is not None:
            assert data["params"] == self.default_params

    def test_every_flag_is_explained_used_and_required_flags_covered(self):
        data = self.vectors.data
        used = {f for v in self.vectors.tests for f in v["flags"]}
        notes, not_applicable = data["notes"], data["flagsNotApplicable"]
        assert used == set(notes), f"flags without a note: {used - set(notes)}; notes never used: {set(notes) - used}"
        assert all(isinstance(text, str) and len(text) > 20 for text in notes.values())
        assert set(not_applicable) == self.not_applicable
        assert all(isinstance(text, str) and text for text in not_applicable.values())
        assert not (used & set(not_applicable)), used & set(not_applicable)
        assert REQUIRED_FLAGS <= used | set(not_applicable), REQUIRED_FLAGS - used

    def test_vector_is_well_formed(self, v):
        assert isinstance(v["comment"], str) and v["comment"]
        assert isinstance(v["flags"], list) and v["flags"] and all(isinstance(f, str) for f in v["flags"])
        assert sum(key in v for key in PAYLOAD_KEYS) == 1, "exactly one of answer/raw/raw_hex/generate"
        assert v["result"] in ("valid", "invalid")
        if v["result"] == "valid":
            assert v["expected_reason"] is None
            exp = v["expected_objective"]
            if isinstance(exp, str):        # an exact rational objective in lowest terms, e.g. "1400/251" or "0"
                value = Fraction(objective_from_str(exp))
                assert value >= 0 and objective_to_str(value) == exp, exp
            else:
                assert type(exp) is int and exp >= 1
        else:
            assert v["expected_reason"] in REASONS
            assert "expected_objective" not in v
        assert set(v) <= VECTOR_KEYS, f"unknown vector keys {set(v) - VECTOR_KEYS}"

    # ---- both verifiers, in-process -------------------------------------------------------------------

    def test_vector_both_verifiers(self, v):
        verdicts = {name: self.vectors.run_check(name, v) for name in LOADERS}
        for name, verdict in verdicts.items():
            where = (f"{name} verifier on tcId {v['tcId']} ({v['comment']}): "
                     f"{verdict.status} {verdict.reason} {verdict.message}")
            if v["result"] == "valid":
                assert verdict.status is Status.ACCEPT, where
                assert verdict.reason is None, where
                assert objective_matches(verdict, v), where
            else:
                assert verdict.status is Status.REJECT, where
                assert verdict.reason == v["expected_reason"], where
                assert verdict.objective is None, where
        if has_witness(v):
            answer, params = self.vectors.answer(v), self.vectors.params_of(v)
            for name, verdict in verdicts.items():
                w = verdict.witness
                self.check_witness(v, answer, params, name, w)
                confirmed = self.vectors.run_witness(OTHER[name], v, w)
                assert confirmed["holds"] is True, \
                    f"{name}'s witness {w} not confirmed by {OTHER[name]}: {confirmed['message']}"

    def test_tampered_witness_is_not_confirmed(self, verifier):
        """Negative control: witness_holds is not vacuous (tampered witnesses are refused)."""
        assert self.tamper_good and self.tamper_bad
        self.vectors.assert_tampered_refused(verifier, self.tamper_answer, self.tamper_good, self.tamper_bad)

    # ---- end to end through the harness (subprocesses) ------------------------------------------------

    def test_vector_end_to_end(self, tc_id):
        v = self.vectors.by_id[tc_id]
        combined = harness.verify(self.vectors.family, self.vectors.params_of(v), self.vectors.payload(tc_id),
                                  time_limit=120.0)
        where = f"tcId {tc_id} ({v['comment']}): {combined.status} {combined.reason} {combined.message}"
        if v["result"] == "valid":
            assert combined.status is Status.ACCEPT, where
            assert objective_matches(combined, v), where
        else:
            assert combined.status is Status.REJECT, where
            assert combined.reason == v["expected_reason"], where
            assert combined.primary.reason == combined.second.reason == v["expected_reason"], where
        if reason_class(v["expected_reason"]) in WITNESS_CLASSES:
            assert len(combined.witness_checks) == 2, where
            assert all(c["holds"] for c in combined.witness_checks), combined.witness_checks
        else:
            assert combined.witness_checks == [], where

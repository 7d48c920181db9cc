"""docs/SPECIFICATION.md stays true where it is a table: the default budget and input limits, every
family's limit constants, the reason codes and their classes, and the family sections' senses."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from endless_exam.certificates import budget, reasons, strictjson
from endless_exam.certificates.contract import FAMILIES
from endless_exam.checker.suites import export

SPEC = (Path(__file__).resolve().parents[2] / "docs" / "SPECIFICATION.md").read_text(encoding="utf-8")


def table(name: str, text: str = SPEC) -> list[list[str]]:
    """The rows (cells stripped, header and rule skipped) of the table between <!-- name:begin/end -->."""
    found = re.search(rf"<!-- {name}:begin -->\n(.*?)<!-- {name}:end -->", text, re.S)
    assert found, f"no table {name!r} in the specification"
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in found.group(1).splitlines()
            if line.startswith("|")]
    return rows[2:]


def number(cell: str) -> int:
    return int(cell.replace(",", ""))


def test_every_family_limit_is_in_the_table_with_its_value():
    documented = {(f, name): number(v) for f, name, v in table("limits")}
    enforced = {(key, name): value for key, fam in FAMILIES.items() if fam.implemented
                for name, value in fam.schema().LIMITS.items()}
    assert documented == enforced


def test_the_budget_table_states_the_constants():
    rows = {r[0]: r[1] for r in table("budget")}
    assert rows["wall clock per verifier per answer"] == f"{budget.DEFAULT_TIME_LIMIT:g} s"
    assert rows["memory per verifier per answer"] == f"{budget.DEFAULT_MEMORY_GIB:g} GiB"
    assert rows["answer file"] == f"{strictjson.MAX_BYTES // 2 ** 20} MiB"
    assert number(rows["JSON nesting depth"]) == strictjson.MAX_DEPTH
    assert number(rows["digits of an integer literal"]) == strictjson.MAX_INT_DIGITS
    assert number(rows["output tokens of a tool-free call"]) == budget.OUTPUT_TOKEN_BUDGET


def test_every_reason_code_is_documented_with_its_class():
    documented = [(code, klass) for code, klass, _ in table("reasons")]
    assert documented == [(r.code, r.klass) for r in reasons.table()]


@pytest.mark.parametrize("key", list(FAMILIES))
def test_every_family_has_its_section_with_its_sense(key):
    head = re.search(rf"^### 3\.\d+ {key} \(parameters? [^;]*; (max|min)[;)]", SPEC, re.M)
    assert head, f"no section for {key}"
    assert head.group(1) == FAMILIES[key].sense


def test_the_table_reader_refuses_a_drifted_table():
    drifted = SPEC.replace("| capset | MAX_POINTS | 20,000 |", "| capset | MAX_POINTS | 20,001 |")
    rows = {(f, n): number(v) for f, n, v in table("limits", drifted)}
    assert rows[("capset", "MAX_POINTS")] != FAMILIES["capset"].schema().LIMITS["MAX_POINTS"]
    with pytest.raises(AssertionError):
        table("nosuch")


def test_family_sections_are_numbered_in_registry_order():
    """The code cites family sections by number (``docs/SPECIFICATION.md 3.16``): 3.1 is the registry's first."""
    numbered = re.findall(r"^### 3\.(\d+) ([a-z_]+) \(", SPEC, re.M)
    assert [(int(n), key) for n, key in numbered] == list(enumerate(FAMILIES, start=1))

"""The README and the reference in docs/ stay true: reason codes and every family's answer format
(docs/formats.md), the formal size rules (docs/cli.md), the Quick start commands (README.md) and the
README's length (a page a newcomer reads in five minutes)."""
from __future__ import annotations

import re
from pathlib import Path

from endless_exam.certificates.reasons import table
from endless_exam.certificates.contract import FAMILIES

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
CI = (Path(__file__).resolve().parents[2] / ".ci" / "run").read_text(encoding="utf-8")
FORMATS = (Path(__file__).resolve().parents[2] / "docs" / "formats.md").read_text(encoding="utf-8")
CLI = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")


def test_every_reason_code_is_documented_with_its_class():
    for reason in table():
        assert re.search(rf"\| `{re.escape(reason.code)}` \| {reason.klass} \|", FORMATS), reason.code


def test_no_undocumented_code_in_the_readme_table():
    codes = {r.code for r in table()}
    section = FORMATS.split("## Reason codes", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| `([A-Za-z_]+)` \|", section, flags=re.M))
    assert listed == codes


def test_every_implemented_family_has_an_answer_format_paragraph():
    for key, info in FAMILIES.items():
        if info.implemented:
            assert f"**{key}**" in FORMATS, key


def test_quick_start_has_exactly_two_commands_and_ci_runs_the_test_command():
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```\n(.*?)\n```", quick, flags=re.S)
    assert len(commands) == 2
    install_and_audit, install_and_test = commands
    assert "pip install ." in install_and_audit and "endless-exam audit" in install_and_audit
    assert "pip install '.[test,ray,plot,run]'" in install_and_test and "pytest" in install_and_test
    assert install_and_test in CI


def test_every_implemented_family_states_its_formal_size_rule():
    section = CLI.split("## The formal check", 1)[1].split("\n## ", 1)[0]
    for key, info in FAMILIES.items():
        if info.implemented:
            assert f"| {key} | {info.oracle().SIZE_RULE} |" in section, key


def test_the_readme_is_a_short_page_that_links_the_reference():
    assert len(README.splitlines()) <= 260
    for doc in ("docs/cli.md", "docs/formats.md", "docs/scoring.md", "docs/runner.md", "docs/SPECIFICATION.md"):
        assert f"]({doc})" in README, doc

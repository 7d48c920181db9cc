"""Prompts (checker.prompts, ``endless-exam prompt``): header, reply format, scoring rule, every limit of
the family (taken verbatim from its wording module ``checker.prompts.<key>``), the time limit of the default
budget, no reference value, the system message and the tool-assisted suffix; printing a prompt loads no
mathematical library. Families are taken from the registry as they are implemented, one suite instance each."""
from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from endless_exam.certificates import budget, contract
from endless_exam.checker import cli, prompts
from endless_exam.checker.suites import export
from endless_exam.checker.verify import harness
from endless_exam.checker.suites import instances as suites
from endless_exam.certificates.contract import FAMILIES
from endless_exam.checker.prompts import kissing_theta as theta_wording

BENCH = suites.load("bench-v1")
ALL = suites.all_instances()


def _one_per_family() -> list[suites.Instance]:
    out = []
    for key, info in FAMILIES.items():
        if not info.implemented:
            continue
        inst = next((i for i in BENCH if i.family == key), None) or next((i for i in ALL if i.family == key), None)
        if inst is not None:
            out.append(inst)
    return out


SAMPLES = _one_per_family()
IMPLEMENTED_BENCH = [i for i in BENCH if i.implemented]


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def number_pattern(text: str) -> re.Pattern:
    """``text`` as a whole number: not inside a longer number (digits, a thousands comma or a decimal point)."""
    return re.compile(r"(?<![\d.,])" + re.escape(text) + r"(?![\d]|[.,]\d)")


def reference_forms(value) -> list[str]:
    if isinstance(value, Fraction):
        return [f"{value.numerator}/{value.denominator}"]
    return [str(value), f"{value:,}"]


def leaks(inst: suites.Instance, text: str) -> list[str]:
    if inst.reference is None:
        return []
    return [form for form in reference_forms(inst.reference) if number_pattern(form).search(text)]


def test_capset_is_implemented_and_sampled():
    assert FAMILIES["capset"].implemented
    assert "capset" in {i.family for i in SAMPLES}


def test_number_pattern_helper():
    assert number_pattern("2432").search("at most 2432 points")
    assert number_pattern("2,432").search("at most 2,432.")
    assert not number_pattern("2432").search("x 12432 y") and not number_pattern("2432").search("24321")
    assert not number_pattern("2432").search("1.2432") and not number_pattern("432").search("2,432")


@pytest.mark.parametrize("inst", SAMPLES, ids=lambda i: i.call_id)
def test_header_lists_scalar_params_in_the_instance_order(inst):
    text = prompts.prompt(inst.family, inst.params)
    items = [f"{k}={v}" for k, v in inst.params.items() if isinstance(v, (int, str)) and not isinstance(v, bool)]
    title = FAMILIES[inst.family].title
    expected = f"Problem ({title}{', ' + ', '.join(items) if items else ''})."
    assert text.startswith(expected + " "), text[:200]
    assert prompts.header(inst.family, inst.params) == expected
    # non-scalar parameters (e.g. a triangle given as a list) are not in the header
    for k, v in inst.params.items():
        if isinstance(v, (list, dict)):
            assert f"{k}=" not in expected


def test_header_keeps_the_suite_order_not_sorted_keys():
    multi = [i for i in ALL if i.implemented and len(i.params) >= 2 and list(i.params) != sorted(i.params)]
    for inst in multi:
        head = prompts.header(inst.family, inst.params)
        positions = [head.index(f"{k}=") for k in inst.params if f"{k}=" in head]
        assert positions == sorted(positions), head
    assert prompts.header("capset", {"d": 9}) == "Problem (Cap-Set, d=9)."


@pytest.mark.parametrize("inst", SAMPLES, ids=lambda i: i.call_id)
def test_prompt_is_assembled_from_the_family_wording(inst):
    spec = prompts.wording(inst.family)
    text = prompts.prompt(inst.family, inst.params)
    assert spec.statement(inst.params) in text
    assert f"Reply with a JSON object {{\"answer\": X}} where X is {spec.answer_format(inst.params)}." in text
    for form in spec.compact_forms(inst.params):
        assert form in text
    assert prompts.RULE in text
    limits = spec.limits(inst.params)
    assert limits, f"{inst.family} states no limits"
    for limit in limits:
        assert limit in text, limit
    assert "Limits: " + " ".join([*limits, prompts.TIME_LIMIT]) in text
    assert text == prompts.prompt(inst.family, dict(inst.params))        # deterministic


@pytest.mark.parametrize("key", [k for k, f in FAMILIES.items() if f.implemented])
def test_every_implemented_family_has_its_wording(key):
    module = prompts.wording(key)
    assert module.__name__ == f"endless_exam.checker.prompts.{key}"
    for part in ("statement", "answer_format", "compact_forms", "limits"):
        assert callable(getattr(module, part)), f"{key} has no {part}"


def test_wording_of_an_unknown_family_is_refused():
    with pytest.raises(contract.FamilyNotImplemented):
        prompts.wording("no_such_family")
    with pytest.raises(contract.FamilyNotImplemented):
        prompts.prompt("no_such_family", {})


def test_the_time_limit_is_the_default_budget_stated_once():
    assert prompts.TIME_LIMIT == f"Verification has {budget.DEFAULT_TIME_LIMIT:g} seconds per verifier."
    for inst in SAMPLES:
        text = prompts.prompt(inst.family, inst.params)
        assert text.count(prompts.TIME_LIMIT) == 1 and text.endswith(prompts.TIME_LIMIT), inst.call_id
        assert prompts.TIME_LIMIT not in " ".join(prompts.wording(inst.family).limits(inst.params))


def test_every_default_of_the_budget_comes_from_one_place():
    assert (budget.DEFAULT_TIME_LIMIT, budget.DEFAULT_MEMORY_LIMIT) == (60.0, 4 * 1024 ** 3)
    assert budget.DEFAULT_MEMORY_LIMIT == int(budget.DEFAULT_MEMORY_GIB * 1024 ** 3)
    assert (harness.DEFAULT_TIME_LIMIT, harness.DEFAULT_MEMORY_LIMIT) == (budget.DEFAULT_TIME_LIMIT,
                                                                         budget.DEFAULT_MEMORY_LIMIT)
    assert export.VERIFICATION_SECONDS == budget.DEFAULT_TIME_LIMIT
    parser = cli.build_parser()
    for argv in (["verify", "--family", "capset", "a.json"], ["audit"], ["certify", "a.json"],
                 ["score", "answers.jsonl", "--output", "out"]):
        args, _ = parser.parse_known_args(argv)
        assert (args.time_limit, args.memory_limit) == (budget.DEFAULT_TIME_LIMIT, budget.DEFAULT_MEMORY_GIB), argv
    assert f"(default {budget.DEFAULT_TIME_LIMIT:g})" in cli.TIME_HELP
    assert f"(default {budget.DEFAULT_MEMORY_GIB:g})" in cli.MEMORY_HELP
    import endless_exam
    assert endless_exam._budget(None, None) == {"time_limit": budget.DEFAULT_TIME_LIMIT,
                                                "memory_limit": budget.DEFAULT_MEMORY_LIMIT}
    assert endless_exam._budget(2.5, 10 ** 9) == {"time_limit": 2.5, "memory_limit": 10 ** 9}


_FRESH = """
import json, sys
from importlib import metadata
from endless_exam.checker import prompts
from endless_exam.checker.suites import instances as suites
for inst in suites.all_instances():
    if inst.implemented:
        for track in ("tool-free", "tool-assisted"):
            prompts.prompt(inst.family, inst.params, track)
dists = metadata.packages_distributions()
print(json.dumps(sorted({d for m in list(sys.modules) for d in dists.get(m.split(".")[0], [])})))
"""


def test_printing_every_prompt_loads_no_mathematical_library():
    done = subprocess.run([sys.executable, "-I", "-c", _FRESH], capture_output=True, text=True, timeout=300, cwd="/")
    assert done.returncode == 0, done.stderr[-3000:]
    loaded = set(json.loads(done.stdout))
    assert not loaded & {"python-flint", "numpy", "galois", "sympy", "z3-solver", "gmpy2"}, loaded


def test_the_angle_in_the_spherical_code_prompt_is_rounded_as_a_ball_evaluation_rounds_it():
    flint = pytest.importorskip("flint")
    for c in range(0, 100):
        with flint.ctx.workprec(64):
            deg = (flint.arb(c) / 100).acos() * 180 / flint.arb.pi()
            assert theta_wording.angle_text(c) == f"{float(deg.mid()):.2f}", c
    assert theta_wording.angle_text(50) == "60.00" and theta_wording.angle_text(0) == "90.00"
    assert math.isclose(float(theta_wording.angle_text(99)), math.degrees(math.acos(0.99)), abs_tol=0.005)


@pytest.mark.parametrize("inst", SAMPLES, ids=lambda i: i.call_id)
def test_reply_format_and_scoring_rule_are_stated(inst):
    text = prompts.prompt(inst.family, inst.params)
    assert '{"answer": X}' in text
    assert "scores zero" in text and "better objective scores higher" in text
    assert "exactly one answer" in text
    assert f"{budget.DEFAULT_TIME_LIMIT:g} seconds" in text          # the verification budget is a limit too


def test_capset_prompt_states_its_limits():
    for cid in ("a3-capset-0", "a3-capset-2", "a3-capset-11"):
        inst = suites.find(cid)
        text = prompts.prompt(inst.family, inst.params)
        assert "20,000" in text and "60,000" in text
        assert '{"product": [S1, S2, ...]}' in text
        assert f"F_3^{inst.params['d']}" in text


def test_known_references_are_absent():
    assert "2432" not in prompts.prompt("capset", suites.find("a3-capset-0").params)
    assert "1082" not in prompts.prompt("capset", suites.find("a3-capset-11").params)
    assert "5504" not in prompts.prompt("capset", suites.find("a3-capset-2").params)


@pytest.mark.parametrize("track", ["tool-free", "tool-assisted"])
def test_no_bench_prompt_states_its_reference(track):
    found = {i.call_id: leaks(i, prompts.prompt(i.family, i.params, track)) for i in IMPLEMENTED_BENCH}
    assert {k: v for k, v in found.items() if v} == {}


def test_no_prompt_of_any_suite_states_its_reference():
    """Also outside bench-v1 (size-series, kakeya controls): a prompt never contains h. An example in a
    family's format description must not happen to describe an answer of exactly the reference size."""
    found = {i.call_id: [f for f in leaks(i, prompts.prompt(i.family, i.params)) if not _coincidence(i, f)]
             for i in ALL if i.implemented}
    assert {k: v for k, v in found.items() if v} == {}
    # the coincidence exists (tier A1: C(13,4,2) = 13 with v = 13; degdiam (3,3) had 20, also the old
    # degree limit, until issue 21 lifted that limit: now 20 is not in its prompt at all)
    assert _coincidence(suites.find("a1-covering-1"), "13")
    assert "20" not in prompts.prompt("degdiam", suites.find("a1-degdiam-1").params)


def _coincidence(inst: suites.Instance, form: str) -> bool:
    """The reference's text is a parameter of the instance, or appears in the prompt of another instance of
    the family whose reference differs (a limit of the format, not the reference)."""
    if form in {str(v) for v in inst.params.values() if isinstance(v, int)}:
        return True
    other = next((i for i in ALL if i.family == inst.family and i.reference not in (None, inst.reference)), None)
    return other is not None and bool(number_pattern(form).search(prompts.prompt(other.family, other.params)))


def test_system_message():
    system = prompts.system("tool-free")
    assert system == prompts.SYSTEM
    assert "exactly one JSON object" in system and '{"answer": ...}' in system
    assert prompts.system() == system
    assert prompts.system("tool-assisted") is None


@pytest.mark.parametrize("inst", SAMPLES, ids=lambda i: i.call_id)
def test_tool_assisted_prompt(inst):
    free = prompts.prompt(inst.family, inst.params, "tool-free")
    tools = prompts.prompt(inst.family, inst.params, "tool-assisted")
    assert "/workspace/answer.json" in tools and "/workspace" not in free
    assert tools == free + "\n" + prompts.TOOL_ASSISTED_SUFFIX


def test_unknown_track_is_refused():
    with pytest.raises(ValueError):
        prompts.prompt("capset", {"d": 9}, "tools")


def test_unimplemented_family_has_no_prompt(monkeypatch):
    real = contract._exists
    monkeypatch.setattr(contract, "_exists", lambda name: not name.endswith(".capset") and real(name))
    with pytest.raises(contract.FamilyNotImplemented):
        prompts.prompt("capset", {"d": 9})


# ---- the command ----------------------------------------------------------------------------------

def test_cli_prompt_prints_system_and_prompt(capsys):
    inst = suites.find("a3-capset-11")
    code, out, err = run_cli(capsys, "prompt", "a3-capset-11")
    assert code == 0, err
    assert out == f"[system]\n{prompts.SYSTEM}\n\n[user]\n{prompts.prompt('capset', inst.params)}\n"
    assert "1082" not in out
    code, by_instance, _ = run_cli(capsys, "prompt", inst.instance_id)
    assert code == 0 and by_instance == out


def test_cli_prompt_tool_assisted(capsys):
    code, out, _ = run_cli(capsys, "prompt", "a3-capset-0", "--track", "tool-assisted")
    assert code == 0
    assert "[system]" not in out and "/workspace/answer.json" in out
    assert out == prompts.prompt("capset", {"d": 10}, "tool-assisted") + "\n"


@pytest.mark.parametrize("inst", SAMPLES, ids=lambda i: i.call_id)
def test_cli_prompt_for_every_implemented_family(capsys, inst):
    code, out, _ = run_cli(capsys, "prompt", inst.call_id)
    assert code == 0 and prompts.prompt(inst.family, inst.params) in out


def test_cli_prompt_unknown_call_id_exits_2(capsys):
    code, out, err = run_cli(capsys, "prompt", "a3-capset-999")
    assert code == 2 and out == "" and "a3-capset-999" in err


def test_cli_prompt_unimplemented_family_exits_2(capsys, monkeypatch):
    real = [i for i in BENCH if not i.implemented]
    if real:
        code, out, err = run_cli(capsys, "prompt", real[0].call_id)
        assert code == 2 and out == "" and "not implemented" in err
    real_has = contract._exists
    monkeypatch.setattr(contract, "_exists", lambda name: not name.endswith(".capset") and real_has(name))
    code, out, err = run_cli(capsys, "prompt", "a3-capset-11")
    assert code == 2 and out == "" and "not implemented" in err and "a3-capset-11" in err

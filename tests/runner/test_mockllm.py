"""``endless-exam run`` and the inspect tasks with inspect's ``mockllm`` and scripted outputs (in process)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

pytest.importorskip("inspect_ai")
from .common import INSPECT_IN_PROCESS  # noqa: E402

pytestmark = INSPECT_IN_PROCESS

from inspect_ai.model import ModelOutput, ModelUsage, get_model  # noqa: E402

from endless_exam.checker import cli  # noqa: E402
from endless_exam.checker.suites import export  # noqa: E402
from endless_exam.checker.suites import instances as suites  # noqa: E402
from endless_exam.checker.runner import cli_run  # noqa: E402

from .common import cli as run_cli, per_call  # noqa: E402

USAGE = ModelUsage(input_tokens=3, output_tokens=5, total_tokens=8)   # set, so mockllm counts no tokens itself
LINEQ, SCHUR, CAPSET, APFREE, CORNERS = "a3-lineq-4", "a3-schur-1", "a3-capset-11", "a3-apfree_q-6", "a3-corners-0"


def _out(text: str, stop: str = "stop") -> ModelOutput:
    out = ModelOutput.from_content("mockllm/model", text, stop_reason=stop)
    out.usage = USAGE
    return out


def _tool(name: str, args: dict) -> ModelOutput:
    out = ModelOutput.for_tool_call("mockllm/model", name, args)
    out.usage = USAGE
    return out


def _prompt(call_id: str, track: str = "tool-free") -> str:
    return export.record(suites.find(call_id), track)["prompt"]


def scripted(by_call: dict[str, list[ModelOutput]], track: str = "tool-free"):
    """A mockllm whose reply depends on the prompt (and, for an agent, on the turn), not on the order of samples."""
    turns = {_prompt(c, track): outs for c, outs in by_call.items()}

    def reply(messages, tools, tool_choice, config):
        user = [m for m in messages if m.role == "user"][0].text
        turn = sum(1 for m in messages if m.role == "assistant")
        outs = turns[user]
        return outs[min(turn, len(outs) - 1)]

    return get_model("mockllm/model", custom_outputs=reply)


def _args(*extra: str):
    return cli.build_parser().parse_args(["run", "--model", "mockllm/model", "--display", "none", *extra])


def _rows(path) -> dict:
    return {json.loads(x)["call_id"]: json.loads(x) for x in Path(path).read_text().splitlines()}


def test_each_tool_free_outcome_class_and_the_scores_equal_score_on_the_same_answers(tmp_path):
    model = scripted({
        LINEQ: [_out('{"answer": [1, 2, 3, 4, 5]}')],             # valid
        SCHUR: [_out('{"answer": [9, 9]}')],                       # invalid
        CAPSET: [_out('{"answer": ["0000"', "max_tokens")],        # length stop
        APFREE: [_out("I can't help with that.", "content_filter")],  # refusal
        CORNERS: [_tool("python", {"code": "print(1)"})],          # a tool call in the tool-free track
    })
    out = tmp_path / "R"
    rc = cli_run.execute(_args("--output", str(out), "--only", LINEQ, SCHUR, CAPSET, APFREE, CORNERS), model=model)
    assert rc == 0
    rows = {k[0]: v for k, v in per_call(out / "scores.json").items()}
    assert rows[LINEQ][:2] == ("scored", "ACCEPT") and rows[LINEQ][3] == "5"
    assert rows[SCHUR][1] == "REJECT"
    assert rows[CAPSET][1:3] == ("ZERO", "finish_reason:length")
    assert rows[APFREE][1:3] == ("ZERO", "finish_reason:refusal")
    assert rows[CORNERS][1:3] == ("ZERO", "finish_reason:tool_violation")
    answers = _rows(out / "answers.jsonl")
    assert answers[LINEQ]["output_tokens"] == 5 and answers[LINEQ]["response_model"]
    # the exact file score reads: scoring it again gives the same rows
    res = run_cli("score", str(out / "answers.jsonl"), "--output", str(tmp_path / "s.json"), "--allow-partial")
    assert res.returncode == 0, res.stderr
    assert per_call(tmp_path / "s.json") == per_call(out / "scores.json")
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["settings"]["max_tokens"] == 128_000 and manifest["settings"]["track"] == "tool-free"

    # resume under other settings is refused, naming the field; --restart starts anew
    with pytest.raises(cli_run.RunError, match="max_tokens"):
        cli_run.execute(_args("--output", str(out), "--only", LINEQ, "--max-tokens", "1000"), model=model)
    with pytest.raises(cli_run.RunError, match="model"):
        cli_run.execute(_args("--output", str(out), "--only", LINEQ), model=get_model("mockllm/other"))
    rc = cli_run.execute(_args("--output", str(out), "--only", LINEQ, "--max-tokens", "1000", "--restart"),
                         model=model)
    assert rc == 0 and list(_rows(out / "answers.jsonl")) == [LINEQ]

    # several samples per call: numbered as the scorer reads them, each scored
    rc = cli_run.execute(_args("--output", str(tmp_path / "K"), "--only", LINEQ, SCHUR, "--samples", "2"), model=model)
    assert rc == 0
    lines = [json.loads(x) for x in (tmp_path / "K" / "answers.jsonl").read_text().splitlines()]
    assert [(r["call_id"], r.get("sample", 0)) for r in lines] == [(LINEQ, 0), (LINEQ, 1), (SCHUR, 0), (SCHUR, 1)]   # suite order
    doc = json.loads((tmp_path / "K" / "scores.json").read_text())
    assert doc["version"] == "2" and doc["samples"] == 4


def test_tool_assisted_track_in_the_local_sandbox(tmp_path):
    existed = os.path.exists("/workspace")
    write = "echo '{\"answer\": [1, 2, 3, 4, 5]}' > /workspace/answer.json"
    big = "head -c 34000000 /dev/zero | tr '\\0' ' ' > /workspace/answer.json"
    model = scripted({
        LINEQ: [_tool("bash", {"command": write}), _out("Saved.")],                       # answer saved, done
        SCHUR: [_tool("bash", {"command": "sleep 30"}), _out("never reached")],          # deadline, no answer
        CAPSET: [_tool("bash", {"command": big}), _out("Saved.")],                        # over 32 MiB
        APFREE: [_out("No file written.")],                                               # done, no answer
    }, track="tool-assisted")
    out = tmp_path / "T"
    # the deadline: far longer than the other sessions take (under a second: two scripted turns, one command),
    # far shorter than the sleep; SCHUR's session lasts about as long as it, the others run beside it
    rc = cli_run.execute(_args("--output", str(out), "--track", "tool-assisted", "--sandbox", "local",
                               "--deadline", "4", "--only", LINEQ, SCHUR, CAPSET, APFREE), model=model)
    assert rc == 0
    assert os.path.exists("/workspace") == existed          # the local sandbox maps /workspace per sample
    answers = _rows(out / "answers.jsonl")
    assert answers[LINEQ]["finish_reason"] == "stop" and answers[LINEQ]["submission_within_deadline"] is True
    assert answers[LINEQ]["answer"] == {"answer": [1, 2, 3, 4, 5]}
    assert answers[SCHUR]["finish_reason"] == "timeout" and answers[SCHUR]["submission_within_deadline"] is False
    assert answers[CAPSET]["answer"] is None and "32 MiB" in answers[CAPSET]["verify_msg"]
    assert answers[APFREE]["answer"] is None and answers[APFREE]["submission_within_deadline"] is True
    rows = {k[0]: v for k, v in per_call(out / "scores.json").items()}
    assert rows[LINEQ][1] == "ACCEPT" and rows[LINEQ][3] == "5"
    assert rows[SCHUR][1:3] == ("ZERO", "deadline")
    assert rows[CAPSET][1] == "REJECT" and rows[CAPSET][4] == "0"
    assert rows[APFREE][1] == "REJECT" and rows[APFREE][4] == "0"
    doc = json.loads((out / "scores.json").read_text())
    assert doc["track"] == "tool-assisted"


def test_the_registered_task_runs_under_inspects_own_eval_with_exports_messages(tmp_path):
    from inspect_ai import eval as inspect_eval

    model = scripted({LINEQ: [_out('{"answer": [1, 2, 3, 4, 5]}')], SCHUR: [_out("no idea")],
                      CAPSET: [_out("x", "max_tokens")]})
    log = inspect_eval("endless_exam/bench_v1", model=model, task_args={"only": f"{CAPSET},{SCHUR},{LINEQ}"},
                       display="none", log_dir=str(tmp_path / "logs"))[0]
    assert log.status == "success", log.error
    by_id = {s.id: s for s in log.samples}
    assert set(by_id) == {LINEQ, SCHUR, CAPSET}
    sample = by_id[LINEQ]
    rec = export.record(suites.find(LINEQ))
    assert [m.role for m in sample.input] == ["system", "user"]
    assert sample.input[0].text == rec["system"] and sample.input[1].text == rec["prompt"]
    assert sample.metadata["reference"] == rec["reference_exact"] and sample.metadata["tier"] == "A3"
    verdicts = {i: s.scores["endless_exam_scorer"] for i, s in by_id.items()}
    assert verdicts[LINEQ].answer == "ACCEPT" and verdicts[LINEQ].metadata["objective"] == "5"
    assert verdicts[LINEQ].metadata["ratio"] == "5/349"
    assert verdicts[SCHUR].answer == "REJECT" and verdicts[SCHUR].value == 0
    assert verdicts[CAPSET].metadata["reason"] == "finish_reason:length"
    metrics = log.results.scores[0].metrics
    assert set(metrics) == {"score", "published_mean", "construction_mean", "valid_fraction", "gap_closed"}
    assert metrics["valid_fraction"].value == pytest.approx(1 / 3)
    assert metrics["score"].value == pytest.approx(100 * (5 / 349) / 3)


def test_run_without_inspect_is_a_usage_error_naming_the_extra(monkeypatch, capsys, tmp_path):
    import sys

    monkeypatch.setitem(sys.modules, "inspect_ai", None)      # as if the run extra were not installed
    rc = cli.main(["run", "--model", "openai/x", "--output", str(tmp_path / "R")])
    assert rc == 2
    assert "endless-exam-checker[run]" in capsys.readouterr().err
    assert not (tmp_path / "R").exists()

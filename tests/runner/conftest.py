"""Set-up shared by the runner's tests."""
from __future__ import annotations

import pytest

from .common import EXAMPLES, cli


@pytest.fixture(scope="session")
def examples_scored(tmp_path_factory):
    """``score`` on the example answers (``fixtures/examples/answers.jsonl``), run once for the tests that
    compare a run's scores.json with it."""
    path = tmp_path_factory.mktemp("examples") / "direct.json"
    res = cli("score", str(EXAMPLES), "--output", str(path), "--allow-partial")
    assert res.returncode == 0, res.stderr
    return path

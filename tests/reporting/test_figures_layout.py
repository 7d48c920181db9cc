"""The figures stay readable at real scale (issue 30, item 3), tested on matplotlib's own layout boxes, never
on time: six bench-v1 runs (the paper's per-instance ratios of its six configurations, so every family, the
lineq sizes 17,965 / 18,883 / 19,044 and the many degdiam lines are there) and the size-series suite.

Checked on every figure: no two tick labels of an axis overlap, no legend overlaps the data area of an axes
(it lies outside every axes that shows data), the n labels of the bars stand under the bars (below the axis,
black, no two overlapping, none over a tick label), the per-family figure's title says when its panels have different y scales,
every tick label shown on a size axis is one of the sizes plotted, and the histogram's axis names what it
counts (samples when a call has several)."""
from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

from endless_exam import fixtures  # noqa: E402
from endless_exam.checker.reporting import plots  # noqa: E402
from endless_exam.checker.reporting import series as report_series  # noqa: E402
from endless_exam.checker.reporting.series import RunData  # noqa: E402
from endless_exam.checker.scoring.aggregate import InstanceOutcome  # noqa: E402
from endless_exam.checker.suites import instances as suites  # noqa: E402
from tests.reporting.test_report import _outcome, scores_doc, write  # noqa: E402

CONFIGS = ("astra_notools", "astra_tools", "luna_notools", "luna_tools", "opus_notools", "opus_tools")


def _objective(inst, r: Fraction) -> Fraction | None:
    if r <= 0:
        return None
    return inst.reference * r if inst.sense == "max" else inst.reference / r


def _run(tmp, name: str, outcomes: list[InstanceOutcome], insts) -> RunData:
    """The run as ``report`` reads it: a scores.json written in the contract format, loaded back."""
    doc = scores_doc(outcomes, insts)
    doc.update(expected_instances=len({i.instance_id for i in insts}), expected_calls=len(insts))
    return report_series.load(write(tmp, doc, f"{name}.json"), name)


@pytest.fixture(scope="module")
def bench_runs(tmp_path_factory) -> list[RunData]:
    """Six full bench-v1 runs: each instance answered at the paper's ratio of one configuration."""
    tmp = tmp_path_factory.mktemp("bench")
    insts = suites.load("bench-v1")
    bench = {i.instance_id: i for i in insts}
    table = fixtures.read_json("paper", "table25.json")["instances"]
    runs = []
    for config in CONFIGS:
        outs = []
        for row in table:
            inst = bench[row["instance_id"]]
            r = Fraction(str(row["ratios"][config]))
            obj = _objective(inst, r)
            outs.append(_outcome(inst, r, objective=obj) if obj is not None else _outcome(inst, 0))
        runs.append(_run(tmp, config.replace("_", "-"), outs, insts))
    return runs


@pytest.fixture(scope="module")
def series_runs(tmp_path_factory) -> list[RunData]:
    """The size-series suite answered at 90% of each reference (two runs, two samples per call)."""
    tmp = tmp_path_factory.mktemp("series")
    insts = [i for i in suites.load("size-series") if i.reference is not None]
    runs = []
    for name, r in (("series-a", Fraction(9, 10)), ("series-b", Fraction(1))):
        outs = []
        for i in insts:
            for sample in (0, 1):
                o = _outcome(i, r, objective=_objective(i, r))
                outs.append(dataclasses.replace(o, sample=sample))
        runs.append(_run(tmp, name, outs, insts))
    return runs


def _figures(runs):
    """(stem, figure, renderer) of every figure, drawn at the saved resolution."""
    for stem, fig in plots._figures(runs):
        fig.set_dpi(plots._RC["savefig.dpi"])
        fig.canvas.draw()
        yield stem, fig, fig.canvas.get_renderer()


def _overlap(a, b, slack: float = 0.5) -> bool:
    return a.x0 < b.x1 - slack and b.x0 < a.x1 - slack and a.y0 < b.y1 - slack and b.y0 < a.y1 - slack


def _data_axes(fig):
    return [ax for ax in fig.axes if ax.axison]


def _tick_labels(ax, renderer):
    labels = [t for t in ax.get_xticklabels() + ax.get_yticklabels() if t.get_visible() and t.get_text()]
    return [(t.get_text(), t.get_window_extent(renderer)) for t in labels]


def _check_layout(stem, fig, renderer) -> None:
    axes = _data_axes(fig)
    for ax in axes:
        labels = _tick_labels(ax, renderer)
        for (ta, a), (tb, b) in itertools.combinations(labels, 2):
            assert not _overlap(a, b), f"{stem}: tick labels {ta!r} and {tb!r} overlap"
    legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend() is not None]
    for legend in legends:
        box = legend.get_window_extent(renderer)
        for ax in axes:
            assert not _overlap(box, ax.get_window_extent(renderer)), f"{stem}: a legend covers an axes"
        if fig._suptitle is not None:
            assert not _overlap(box, fig._suptitle.get_window_extent(renderer)), f"{stem}: legend over the title"
    if fig._suptitle is not None:
        title = fig._suptitle.get_window_extent(renderer)
        for ax in axes:
            if ax.get_title():
                assert not _overlap(title, ax.title.get_window_extent(renderer)), f"{stem}: title over {ax.get_title()}"


def _n_labels(fig):
    return [t for ax in fig.axes for t in ax.texts if t.get_text().startswith("n=")]


@pytest.mark.parametrize("which", ["bench", "series"])
def test_no_tick_labels_overlap_and_no_legend_covers_data(which, bench_runs, series_runs):
    runs = bench_runs if which == "bench" else series_runs
    stems = []
    for stem, fig, renderer in _figures(runs):
        stems.append(stem)
        _check_layout(stem, fig, renderer)
    assert {"family_quality", "size_quality", "ratio_histogram"} <= set(stems)


def test_the_check_fails_on_overlapping_labels_and_a_legend_over_the_curves():
    """The layout check must be able to fail: the old placement (a legend inside the panel, labels on top of
    each other) is rejected."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(3, 2))
    try:
        ax.plot([17980, 18000, 18534], [1, 2, 3], label="curve")
        ax.set_xticks([17980, 18000, 18534], ["17980", "18000", "18534"])
        ax.legend(loc="upper left")
        fig.canvas.draw()
        with pytest.raises(AssertionError):
            _check_layout("bad", fig, fig.canvas.get_renderer())
    finally:
        plt.close(fig)


def test_lineq_sizes_are_labelled_with_their_own_numbers(bench_runs):
    """bench-v1's lineq sizes 17,965 / 18,883 / 19,044 sit within a few pixels of each other on an axis up to
    19,044: the labels that would overlap are hidden, and every label shown is one of the sizes plotted."""
    [(fig, renderer)] = [(fig, r) for stem, fig, r in _figures(bench_runs) if stem == "size_quality"]
    panels = report_series.size_series(bench_runs)
    by_title = {ax.get_title(): ax for ax in fig.axes if ax.axison}
    lineq = next(p for p in panels if p["family"] == "lineq")
    sizes = {p["x"] for line in lineq["lines"] for p in line["points"]}
    assert {17965, 18883, 19044} <= sizes
    bottom = next(ax for ax in fig.axes if ax.axison and ax.get_shared_x_axes().joined(ax, by_title["lineq"])
                  and ax is not by_title["lineq"])
    shown = [t.get_text() for t in bottom.get_xticklabels() if t.get_visible() and t.get_text()]
    assert shown and all(int(text) in sizes for text in shown), shown
    assert len(shown) < len(sizes)          # some were thinned: they would have overlapped


def test_n_labels_stand_under_the_bars_in_black(bench_runs):
    [(fig, renderer)] = [(fig, r) for stem, fig, r in _figures(bench_runs) if stem == "family_quality"]
    labels = _n_labels(fig)
    assert len(labels) >= 6 * 16          # one per family and run
    boxes = [t.get_window_extent(renderer) for t in labels]
    for t, box in zip(labels, boxes):
        ax = t.axes
        assert box.y1 <= ax.get_window_extent(renderer).y0 + 0.5, "an n label is inside the bars"
        assert t.get_color() in ("black", "k", (0, 0, 0, 1))
        assert t.get_fontsize() >= 7
        for _, tick in _tick_labels(ax, renderer):
            assert not _overlap(box, tick), f"{t.get_text()} covers a family name"
    for a, b in itertools.combinations(boxes, 2):
        assert not _overlap(a, b), "two n labels overlap"


def test_the_per_family_title_says_when_the_panels_use_different_y_scales(bench_runs, series_runs):
    [fig] = [fig for stem, fig, _ in _figures(bench_runs) if stem == "family_quality"]
    axes = _data_axes(fig)
    assert len(axes) == 2 and axes[0].get_ylim() != axes[1].get_ylim()    # trifference ratios reach far above 1
    assert "different y scales" in fig._suptitle.get_text()
    [fig] = [fig for stem, fig, _ in _figures(series_runs) if stem == "family_quality"]
    axes = _data_axes(fig)
    assert len(axes) == 2 and axes[0].get_ylim() == axes[1].get_ylim()
    assert "different y scales" not in fig._suptitle.get_text()


def test_the_histogram_counts_samples_and_says_so(series_runs, bench_runs):
    [fig] = [fig for stem, fig, _ in _figures(series_runs) if stem == "ratio_histogram"]
    assert "samples" in fig.axes[0].get_ylabel()
    [fig] = [fig for stem, fig, _ in _figures(bench_runs) if stem == "ratio_histogram"]
    assert "calls" in fig.axes[0].get_ylabel()           # one sample per call: calls


def test_the_captions_name_the_line_styles_drawn(series_runs):
    """Bound curves are dotted, reference curves dashed, and the captions say so."""
    from endless_exam.checker.reporting.html import _CAPTIONS

    [fig] = [fig for stem, fig, _ in _figures(series_runs) if stem == "size_quality"]
    styles = {line.get_label(): line.get_linestyle() for ax in fig.axes for line in ax.get_lines()}
    assert any(label.startswith("proven bound") and style == ":" for label, style in styles.items())
    assert any(label.startswith("published frontier") and style == "--" for label, style in styles.items())
    assert "proven-bound curves dotted" in _CAPTIONS["size_quality"]
    assert "dotted" in fig._suptitle.get_text() and "dashed" in fig._suptitle.get_text()


def test_a_real_full_bench_v1_run_is_laid_out_readably(tmp_path):
    """The full bench-v1 run of the bundled reference constructions (docs/examples/bench_v1_answers.py, the run
    behind docs/examples/bench-v1/): scored by both verifiers through ``score``, read back as ``report`` reads
    it, every figure passes the same layout checks."""
    import importlib.util

    from endless_exam.checker import cli

    script = Path(__file__).resolve().parents[2] / "docs" / "examples" / "bench_v1_answers.py"   # the checkout's
    spec = importlib.util.spec_from_file_location("bench_v1_answers", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    answers, scores = tmp_path / "bench-v1.jsonl", tmp_path / "bench-v1-reference.json"
    module.main(str(answers))
    assert cli.main(["score", str(answers), "--output", str(scores), "--jobs", "2"]) == 0
    run = report_series.load(str(scores), "bench-v1-reference", None)
    assert len(run.aggregate["instances"]) == 69 and run.aggregate["score"] is not None
    stems = []
    for stem, fig, renderer in _figures([run]):
        stems.append(stem)
        _check_layout(stem, fig, renderer)
        if stem == "family_quality":
            assert len(_n_labels(fig)) == 17          # every family has its bar (apfree_q in both panels)
    assert {"family_quality", "size_quality", "ratio_histogram"} <= set(stems)

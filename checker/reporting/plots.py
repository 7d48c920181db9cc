"""``report --plot``: the paper's figures for scored runs, as PNG, SVG and PDF with reproducible bytes.

The numbers come from :mod:`checker.reporting.series` (tested there); this module only draws them with
matplotlib, which is imported lazily here and nowhere else (it is the optional ``plot`` extra):

* ``family_quality`` -- per family and run the mean relative quality with its 95% bootstrap interval,
  published frontiers and construction baselines in separate panels (each with its own y scale; the title
  says when they differ), n under each bar
  (below the axis, black); a family without a scored call in a run is marked "no data" (never a bar at 0);
  a one-instance mean has no whisker; the run legend outside the panels, on the right;
* ``score_tokens`` -- overall score against total output tokens, one labelled point per run (only when the
  answers of at least one run carry ``output_tokens``);
* ``size_quality`` -- per size-series family the objective (log scale; Shannon growth per coordinate,
  trifference ternary rate) against the family's size parameter, one line per run through the per-size
  means with the samples as points, the reference curves dashed and the proven-bound curves dotted; relative
  quality below; each panel's legend in a row of its own under the panel (never over the curves), and size
  ticks whose labels would overlap (17,980 beside 18,000) thinned so that every label shown is readable;
* ``ratio_histogram`` -- the ratios of the scored samples (calls, when each call has one), integer count ticks.

Layout is tested on matplotlib's own boxes (tests/reporting/test_figures_layout.py): no two tick labels
overlap, no legend overlaps an axes' data area.

Same input, same bytes: matplotlib's own defaults (no user style), a fixed SVG hash salt, no dates or
software stamps in the metadata. Every ``$`` of a name from the input is escaped, so a run or family name is never parsed as mathtext.
"""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Callable, Sequence

from endless_exam.checker.reporting.series import RunData, family_quality, ratio_histogram, size_series, token_points
from endless_exam.checker.files.outputs import replace_file

FORMATS = ("png", "svg", "pdf")
_METADATA = {"png": {"Software": None}, "svg": {"Date": None, "Creator": None},
             "pdf": {"CreationDate": None, "ModDate": None, "Producer": None, "Creator": None}}
_RC = {"svg.hashsalt": "endless-exam-report", "svg.fonttype": "path",
       "font.size": 9, "axes.titlesize": 10, "figure.dpi": 100, "savefig.dpi": 120}


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise ValueError("figures need matplotlib: pip install 'endless-exam-checker[plot]'") from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt
    return matplotlib, plt


def _t(text: str) -> str:
    """Input text (run, family, line names) as a literal matplotlib label: no mathtext."""
    text = text.replace("$", r"\$")
    return " " + text if text.startswith("_") else text   # matplotlib hides legend labels starting with _


def _colors(plt, n: int) -> list:
    cycle = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    return [cycle[k % len(cycle)] for k in range(n)]


def _thin_tick_labels(fig, axes) -> None:
    """Hide x tick labels that would overlap the label kept before them (left to right), so that the labels
    shown are readable; the ticks and the points stay. Call after the layout is final."""
    renderer = fig.canvas.get_renderer()
    for ax in axes:
        kept = None
        for label in sorted((t for t in ax.get_xticklabels() if t.get_visible() and t.get_text()),
                            key=lambda t: t.get_window_extent(renderer).x0):
            box = label.get_window_extent(renderer)
            if kept is not None and box.x0 < kept.x1 + 2:
                label.set_visible(False)
            else:
                kept = box


# ---- the figures --------------------------------------------------------------------------------------

def _draw_family_quality(plt, runs: Sequence[RunData]):
    panels = [p for p in family_quality(runs) if p["families"]]
    if not panels:
        return None
    names = [r.name for r in runs]
    colors = _colors(plt, len(names))
    # inches per family: room for the bars of every run, and for the family names at 45 degrees (the box of
    # a slanted name is about 0.045 inch wide per character, and the axes take most of its slot; narrower, the
    # boxes of neighbouring names overlap)
    widths = [max(3.0, len(p["families"]) * max(0.55 * max(1, len(names)) ** 0.5,
                                                0.07 * max(len(f) for f in p["families"])))
              for p in panels]
    legend_w = 0.35 + 0.075 * max(len(n) for n in names)      # inches for the run legend on the right
    fig, axes = plt.subplots(1, len(panels), figsize=(sum(widths) + 1.5 + legend_w, 4.6), squeeze=False,
                             gridspec_kw={"width_ratios": widths})
    width = 0.8 / len(names)
    tops = []
    vertical_n = len(names) > 1          # side by side bars are narrow: their n labels stand upright
    for ax, panel in zip(axes[0], panels):
        cells = {(c["family"], c["run"]): c for c in panel["cells"]}
        top = 1.05
        for k, name in enumerate(names):
            for j, family in enumerate(panel["families"]):
                c = cells[(family, name)]
                x = j + (k - (len(names) - 1) / 2) * width
                if c["missing"]:
                    ax.text(x, 0.02, "no data", rotation=90, ha="center", va="bottom", fontsize=7, color="0.45")
                    continue
                ax.bar(x, c["mean"], width=width, color=colors[k], label=_t(name) if j == 0 else None)
                if c["ci"] is not None and None not in c["ci"]:
                    lo, hi = c["ci"]
                    ax.errorbar(x, c["mean"], yerr=[[max(0.0, c["mean"] - lo)], [max(0.0, hi - c["mean"])]],
                                fmt="none", ecolor="black", elinewidth=0.8, capsize=2)
                    top = max(top, hi)
                top = max(top, c["mean"])
                # n under the bar: just below the axis line, above the family names
                ax.annotate(f"n={c['n']}", xy=(x, 0), xycoords=("data", "axes fraction"), xytext=(0, -3),
                            textcoords="offset points", ha="center", va="top", fontsize=7, color="black",
                            rotation=90 if vertical_n else 0, annotation_clip=False)
        ax.axhline(1.0, color="black", linewidth=0.8, linestyle="--")
        ax.set_xticks(range(len(panel["families"])), [_t(f) for f in panel["families"]], rotation=45, ha="right")
        ax.tick_params(axis="x", length=0, pad=(26 if vertical_n else 13))     # room for the n labels
        ax.set_xlim(-0.6, len(panel["families"]) - 0.4)
        ax.set_title(panel["title"].capitalize())
        ax.set_xlabel("family")
        ax.set_ylim(0, top * 1.08)
        ax.set_ylabel("mean relative quality (ratio to reference)")
        tops.append(top)
    # each panel keeps its own y scale (one far ratio must not flatten the other panel), and the title says so
    handles, labels = [], []
    for ax in axes[0]:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            if lab not in labels:
                handles.append(h)
                labels.append(lab)
    scales = "" if len(set(tops)) <= 1 else "; the panels have different y scales"
    fig.suptitle(f"Relative quality per family (mean, 95% bootstrap interval over instances{scales})")
    right = 1 - legend_w / fig.get_figwidth()
    fig.tight_layout(rect=(0, 0, right, 1 - 0.3 / fig.get_figheight()))
    if handles:
        fig.legend(handles, labels, title="run", fontsize=8, loc="center left", bbox_to_anchor=(right, 0.5),
                   frameon=False)
    return fig


def _draw_score_tokens(plt, runs: Sequence[RunData]):
    points = token_points(runs)
    if not points:
        return None
    fig, ax = plt.subplots(figsize=(5.5, 4))
    colors = _colors(plt, len(points))
    for color, p in zip(colors, points):
        if p["score"] is None:
            continue
        label = _t(p["run"]) + (" (subset)" if p["score_kind"] == "subset_score" else "")
        ax.scatter([p["output_tokens"]], [p["score"]], color=color, label=label, zorder=3)
        ax.annotate(label, (p["output_tokens"], p["score"]), textcoords="offset points", xytext=(5, 5), fontsize=8)
    ax.set_xscale("log")
    ax.set_xlabel("total output tokens (log scale)")
    ax.set_ylabel("score (100 × mean ratio)")
    ax.set_title("Score against output tokens")
    ax.legend(title="run", fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)   # outside
    ax.grid(True, linewidth=0.3)
    fig.tight_layout()
    return fig


def _draw_size_quality(plt, runs: Sequence[RunData]):
    panels = size_series(runs)
    if not panels:
        return None
    names = [r.name for r in runs]
    colors = dict(zip(names, _colors(plt, len(names))))
    styles = ["o", "s", "^", "D", "v"]
    entries = max(len({l["run"] + "|" + l["line"] for l in p["lines"]}) + len(p["reference"]) + len(p["bound"])
                  for p in panels)
    ncol = 1 if entries <= 12 else 2          # many lines (degdiam at bench-v1 scale): two columns
    legend_h = 0.2 + 0.16 * -(-entries // ncol)     # inches: one legend row of its own under every panel
    fig = plt.figure(figsize=(3.3 * len(panels) + 0.5, 6.2 + legend_h))
    grid = fig.add_gridspec(3, len(panels), height_ratios=[2 * 6.2 / 3, 6.2 / 3, legend_h])
    axes = [[None] * len(panels) for _ in range(3)]
    for col in range(len(panels)):
        axes[0][col] = fig.add_subplot(grid[0, col])
        axes[1][col] = fig.add_subplot(grid[1, col], sharex=axes[0][col])
        axes[2][col] = fig.add_subplot(grid[2, col])
        axes[2][col].axis("off")
        axes[0][col].tick_params(labelbottom=False)
    for col, panel in enumerate(panels):
        top, bottom = axes[0][col], axes[1][col]
        line_labels = list(dict.fromkeys(l["line"] for l in panel["lines"]))
        marker = {lab: styles[k % len(styles)] for k, lab in enumerate(line_labels)}
        for line in panel["lines"]:
            suffix = f" ({_t(line['line'])})" if line["line"] else ""
            color, m = colors[line["run"]], marker[line["line"]]
            xs = [p["x"] for p in line["points"] if p["objective_mean"] is not None]
            top.plot(xs, [p["objective_mean"] for p in line["points"] if p["objective_mean"] is not None],
                     color=color, marker=m, label=_t(line["run"]) + suffix)
            for p in line["points"]:
                if len(p["objective_samples"]) > 1:
                    top.scatter([p["x"]] * len(p["objective_samples"]), p["objective_samples"], color=color,
                                marker=m, s=10, alpha=0.5)
                if len(p["ratio_samples"]) > 1:
                    bottom.scatter([p["x"]] * len(p["ratio_samples"]), p["ratio_samples"], color=color, marker=m,
                                   s=10, alpha=0.5)
            rx = [p["x"] for p in line["points"] if p["ratio_mean"] is not None]
            bottom.plot(rx, [p["ratio_mean"] for p in line["points"] if p["ratio_mean"] is not None],
                        color=color, marker=m)
        for ref in panel["reference"]:
            suffix = f" ({_t(ref['line'])})" if ref["line"] else ""
            kind = "published frontier" if ref["reference_type"] == "published" else "construction baseline"
            top.plot([x for x, _ in ref["points"]], [y for _, y in ref["points"]], color="black",
                     linestyle="--", marker=marker.get(ref["line"], "x"), markersize=3, linewidth=0.9,
                     label=kind + suffix)
        for bd in panel["bound"]:
            suffix = f" ({_t(bd['line'])})" if bd["line"] else ""
            top.plot([x for x, _ in bd["points"]], [y for _, y in bd["points"]], color="0.5", linestyle=":",
                     marker=marker.get(bd["line"], "x"), markersize=3, linewidth=0.9, label="proven bound" + suffix)
        if panel["log_y"]:
            top.set_yscale("log")
        top.set_title(_t(panel["family"]))
        top.set_ylabel(panel["y_label"] + (" (log scale)" if panel["log_y"] else ""))
        handles, labels = top.get_legend_handles_labels()
        axes[2][col].legend(handles, labels, fontsize=7 if ncol == 1 else 6, loc="upper center", frameon=False,
                            ncol=ncol, columnspacing=0.8, handlelength=1.5)
        bottom.axhline(1.0, color="black", linewidth=0.8, linestyle="--")
        bottom.set_xlabel(f"size parameter {panel['size_param']}")
        bottom.set_ylabel("relative quality (ratio)")
        xs = sorted({p["x"] for l in panel["lines"] for p in l["points"]})
        if xs and xs[0] > 0 and xs[-1] / xs[0] > 20:
            bottom.set_xscale("log")
            bottom.set_xlabel(f"size parameter {panel['size_param']} (log scale)")
        bottom.set_xticks(xs, [str(x) for x in xs], rotation=45 if len(xs) > 5 else 0)
        bottom.minorticks_off()
    fig.suptitle("Size–quality curves (lines through per-size means; samples as points; "
                 "references dashed, proven bounds dotted)")
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.35 / fig.get_figheight()))       # the title above the panel titles
    _thin_tick_labels(fig, axes[1])
    return fig


def _draw_histogram(plt, runs: Sequence[RunData]):
    from matplotlib.ticker import MaxNLocator

    hist = ratio_histogram(runs)
    if not hist["edges"]:
        return None
    fig, ax = plt.subplots(figsize=(6 + 0.075 * max(len(n) for n in hist["counts"]), 3.5))
    edges = hist["edges"]
    for color, (name, counts) in zip(_colors(plt, len(hist["counts"])), hist["counts"].items()):
        ax.stairs(counts, edges, label=_t(name), color=color, fill=len(hist["counts"]) == 1, alpha=0.7)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    several = any(o.sample for run in runs for o in run.outcomes)     # a call may have several samples
    unit = "samples" if several else "calls"
    ax.set_xlabel("relative quality (ratio to reference)")
    ax.set_ylabel(f"scored {unit} (count)")
    ax.set_title(f"Ratios of the scored {unit}" + (" (every sample of a call counted)" if several else ""))
    ax.legend(title="run", fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)   # outside
    fig.tight_layout()
    return fig


FIGURES: dict[str, Callable] = {"family_quality": _draw_family_quality, "score_tokens": _draw_score_tokens,
                                "size_quality": _draw_size_quality, "ratio_histogram": _draw_histogram}


def _figures(runs: Sequence[RunData]):
    """(stem, figure) for every figure the runs have data for, under reproducible settings."""
    matplotlib, plt = _pyplot()
    with matplotlib.rc_context():
        matplotlib.rcdefaults()
        matplotlib.rcParams.update(_RC)
        for stem, draw in FIGURES.items():
            fig = draw(plt, runs)
            if fig is not None:
                try:
                    yield stem, fig
                finally:
                    plt.close(fig)


def figure_bytes(fig, fmt: str) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format=fmt, metadata=_METADATA[fmt])
    return buf.getvalue()


def svg_figures(runs: Sequence[RunData]) -> list[tuple[str, str]]:
    """(stem, SVG text) of every figure, for embedding in a page."""
    return [(stem, figure_bytes(fig, "svg").decode("utf-8")) for stem, fig in _figures(runs)]


def plot(runs: Sequence[RunData], directory: str | Path, check: Callable[[str], Any] | None = None) -> list[Path]:
    """Write every figure as PNG, SVG and PDF into ``directory`` (created if missing); returns the files.
    ``check(path)`` may refuse a target (raise) before anything is written there."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for stem, fig in _figures(runs):
        for fmt in FORMATS:
            path = out / f"{stem}.{fmt}"
            if check is not None:
                check(str(path))
            data = figure_bytes(fig, fmt)
            replace_file(str(path), lambda fh: fh.write(data))     # a symlink there is replaced, not followed
            written.append(path)
    return written

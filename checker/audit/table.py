"""How ``audit`` shows its work: a progress line on a terminal while the constructions are verified, the table
(every cell in full, columns as wide as their longest entry: 40-digit objectives and long fractions stay
aligned; rendered with rich on a terminal) and the closing summary (how many of the suite's instances are
covered and how many hold)."""
from __future__ import annotations

import json
import sys
from typing import Any, Iterable

COLUMNS = ("instance", "params", "objective", "reference", "ratio", "verdict", "primary/second", "prim s", "sec s",
           "construction")
_RIGHT = {"objective", "reference", "ratio", "prim s", "sec s"}


class Progress:
    """``[k/N] family/construction`` on one line of a terminal's stderr, cleared at the end; silent otherwise."""

    def __init__(self, total: int, enabled: bool | None = None) -> None:
        self.total, self.done = total, 0
        self.on = sys.stderr.isatty() if enabled is None else enabled

    def start(self, name: str) -> None:
        if self.on:
            sys.stderr.write(f"\r\033[Kaudit [{self.done + 1}/{self.total}] {name}")
            sys.stderr.flush()

    def step(self) -> None:
        self.done += 1

    def close(self) -> None:
        if self.on:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def holds(row: dict) -> bool:
    return row["status"] == "ACCEPT" and str(row["claimed_objective"]) == row["objective"]


def cells(rows: Iterable[dict], uncovered: Iterable[Any]) -> list[tuple[list[str], list[str]]]:
    """One list of cells per table row, with the notes printed under it."""
    out = []
    for r in rows:
        notes = []
        if r["formal"] is not None:
            notes.append(f"formal: {r['formal']}")
        if r["status"] != "ACCEPT":
            notes.append(f"!! {r['reason']}")
        elif str(r["claimed_objective"]) != r["objective"]:
            notes.append(f"!! fixture records objective {r['claimed_objective']}, verified {r['objective']}")
        out.append(([r["call_id"] or "-", _params(r["params"]), r["objective"] or "-", r["reference"] or "-",
                     "-" if r["ratio"] is None else f"{r['ratio']:.4f}", r["status"], r["verifiers"],
                     f"{r['primary_seconds']:.2f}", f"{r['second_seconds']:.2f}", r["construction"]], notes))
    for i in uncovered:
        out.append(([i.call_id, _params(i.params), "-", "-" if i.reference is None else str(i.reference), "-", "-",
                     "-", "-", "-", "no construction bundled"], []))
    return out


def _params(params: dict) -> str:
    return json.dumps(params, separators=(", ", ": "))


def plain(table: list[tuple[list[str], list[str]]]) -> str:
    widths = [max([len(c)] + [len(row[k]) for row, _ in table]) for k, c in enumerate(COLUMNS)]

    def line(values: list[str]) -> str:
        return "  ".join(v.rjust(w) if c in _RIGHT else v.ljust(w)
                         for v, w, c in zip(values, widths, COLUMNS)).rstrip()

    out = [line(list(COLUMNS))]
    for row, notes in table:
        out.append(line(row))
        out.extend(f"    {n}" for n in notes)
    return "\n".join(out) + "\n"


def rendered(table: list[tuple[list[str], list[str]]]) -> None:
    """The table for a person at a terminal (rich: wraps nothing numeric, aligns every column)."""
    from rich.console import Console
    from rich.table import Table

    t = Table(box=None, pad_edge=False, header_style="bold")
    for c in COLUMNS:
        t.add_column(c, justify="right" if c in _RIGHT else "left", no_wrap=c in _RIGHT or c == "instance")
    for row, notes in table:
        t.add_row(*row)
        for n in notes:
            t.add_row("", f"[red]{n}[/red]" if n.startswith("!!") else n)
    Console(soft_wrap=False).print(t)


def summary(rows: list[dict], wanted_implemented: list[Any], constructions: int) -> str:
    """``covered`` suite instances (with a bundled construction) of those of implemented families, and how
    many of the covered hold (accepted by both verifiers with the objective the fixture records)."""
    ids = {i.call_id for i in wanted_implemented}
    covered = {r["call_id"] for r in rows if r["call_id"] in ids}
    failing = {r["call_id"] for r in rows if r["call_id"] in ids and not holds(r)}
    bad_constructions = len({r["construction"] for r in rows if not holds(r)})
    return (f"{len(covered)} of {len(ids)} suite instances covered by a bundled construction; "
            f"{len(covered - failing)} of {len(covered)} hold; {constructions} constructions verified"
            + (f", {bad_constructions} NOT accepted as recorded" if bad_constructions else ""))

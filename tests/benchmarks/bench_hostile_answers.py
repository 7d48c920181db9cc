"""Hostile-answers campaign (a script, not a test): ``python -m tests.benchmarks.bench_hostile_answers``.

Writes one hostile answer for each of the 69 bench-v1 calls and scores them with the real ``score``
command (both verifiers, own processes, default limits), then prints what a careful user must see:
every call ACCEPT or REJECT (none missing), every message bounded, the scorer's peak memory and the
sizes of scores.json and of the progress file.

The answers: a key, a string inside a list, a bare string, a content (raw model text) with such a key in
its code block, deep nesting (arrays, objects), many small keys and many short strings; sizes from 1 kB
to just under the 32 MiB answer limit, and one just over it (a SIZE_LIMIT decided from the length). The
eight families whose messages quoted keys (capset, corners, kissing, kissing_theta, degdiam, lineq,
shannon, trifference) get the big sizes: each a 31 MiB key (the largest that fits), an 8 MiB key in a
model's text, and another kind at 31 MiB; the other
families get 1 kB to 1 MiB.

Memory: ``scorer peak`` is the scorer process alone (its own ``ru_maxrss``); ``tree peak`` is what
``/usr/bin/time -v`` reports for the command (the largest process of the whole tree, so a verifier
process holding a parsed 31 MiB answer counts too).
Usage: ``python -m tests.benchmarks.bench_hostile_answers [--small] [--keep DIR] [--jobs N]``
(``--small``: sizes up to 1 MiB only, a quick check).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

from endless_exam.checker.suites import instances as suites

KIB, MIB = 1024, 1024 * 1024
BIG_FAMILIES = ("capset", "corners", "kissing", "kissing_theta", "degdiam", "lineq", "shannon", "trifference")
JUST_UNDER = 31 * MIB
BIG_SIZES = (JUST_UNDER, KIB, 8 * MIB, 64 * KIB, MIB)
SMALL_SIZES = (KIB, 64 * KIB, MIB)
MESSAGE_BOUND = 400


def _key_e(n: int) -> bytes:             # a key of n bytes of "é" (two bytes each in UTF-8)
    return b'{"' + "é".encode() * (n // 2) + b'": 1}'


def _key_escaped(n: int) -> bytes:       # a key written as \u00e9 escapes: small decoded, six bytes each here
    return b'{"' + b"\\u00e9" * (n // 6) + b'": [1]}'


def _string_in_list(n: int) -> bytes:
    return b'["' + b"x" * n + b'"]'


def _bare_string(n: int) -> bytes:
    return b'"' + "é".encode() * (n // 2) + b'"'


def _deep_arrays(n: int) -> bytes:
    return b"[" * (n // 2) + b"]" * (n // 2)


def _deep_objects(n: int) -> bytes:
    k = n // 7
    return b'{"a":' * k + b"1" + b"}" * k


def _many_keys(n: int) -> bytes:
    parts, size, i = [], 2, 0
    while size < n:
        item = b'"k%d":%d' % (i, i)
        parts.append(item)
        size += len(item) + 1
        i += 1
    return b"{" + b",".join(parts) + b"}"


def _many_strings(n: int) -> bytes:
    k = max(1, n // 8)
    return b"[" + b",".join(b'"%04d"' % (i % 10000) for i in range(k)) + b"]"


KINDS = {"key_e": _key_e, "key_escaped": _key_escaped, "string_in_list": _string_in_list,
         "bare_string": _bare_string, "deep_arrays": _deep_arrays, "deep_objects": _deep_objects,
         "many_keys": _many_keys, "many_strings": _many_strings}

CAP: dict[str, int] = {}    # per-kind size caps (none: every kind goes up to 31 MiB)


def plan(small: bool) -> list[tuple[str, str, str, int]]:
    """(call_id, family, kind, size) for every bench-v1 call; one content record per big family."""
    out, per_family = [], {}
    kinds = list(KINDS)
    for inst in suites.load("bench-v1"):
        n = per_family.get(inst.family, 0)
        per_family[inst.family] = n + 1
        big = inst.family in BIG_FAMILIES and not small
        sizes = BIG_SIZES if big else SMALL_SIZES
        kind = kinds[(n + BIG_FAMILIES.index(inst.family) if inst.family in BIG_FAMILIES else n) % len(kinds)]
        size = sizes[n % len(sizes)]
        if big and n == 0:
            kind, size = "key_e", JUST_UNDER             # each big family: a 31 MiB key
        if big and n == 1:
            kind, size = "content_key", 8 * MIB          # ... and a raw model text quoting an 8 MiB key
        if big and n == 2:                               # ... and another kind at 31 MiB
            kind, size = ("string_in_list", "bare_string", "deep_arrays", "deep_objects", "key_escaped",
                          "many_keys", "many_strings", "string_in_list")[BIG_FAMILIES.index(inst.family)], JUST_UNDER
        if big and n == 3 and inst.family == "corners":
            kind, size = "key_e", 33 * MIB               # one just over the limit
        size = min(size, CAP.get(kind, size))
        out.append((inst.call_id, inst.family, kind, size))
    return out


def write_answers(path: str, calls: list[tuple[str, str, str, int]]) -> None:
    with open(path, "wb") as fh:
        for call_id, _family, kind, size in calls:
            if kind == "content_key":
                text = b"Here is my answer:\n```json\n{\"answer\": " + _key_e(size) + b"}\n```"
                fh.write(b'{"call_id": "%s", "content": ' % call_id.encode()
                         + json.dumps(text.decode("utf-8"), ensure_ascii=False).encode("utf-8") + b"}\n")
            else:
                fh.write(b'{"call_id": "%s", "answer": ' % call_id.encode() + KINDS[kind](size) + b"}\n")


_RUNNER = ("import resource, sys\n"
           "from endless_exam.checker import cli\n"
           "code = cli.main(sys.argv[1:])\n"
           "print(f'SCORER_MAXRSS_KB {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}', file=sys.stderr)\n"
           "sys.exit(code)\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--small", action="store_true", help="sizes up to 1 MiB only (a quick check)")
    ap.add_argument("--keep", help="directory to keep the answers and scores in (default: a temporary one)")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="hostile-")
    os.makedirs(work, exist_ok=True)
    calls = plan(args.small)
    answers, out = os.path.join(work, "answers.jsonl"), os.path.join(work, "scores.json")
    write_answers(answers, calls)
    cmd = ["/usr/bin/time", "-v", sys.executable, "-c", _RUNNER, "score", answers, "--output", out,
           "--restart", "--jobs", str(args.jobs)]
    started = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - started
    tree = re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
    own = re.search(r"SCORER_MAXRSS_KB (\d+)", proc.stderr)
    doc = json.load(open(out)) if os.path.exists(out) else {}
    rows = {r["call_id"]: r for r in doc.get("calls_scored", []) + doc.get("verified_without_reference", [])}
    statuses: dict[str, int] = {}
    longest, bad = 0, []
    for call_id, family, kind, size in calls:
        row = rows.get(call_id)
        status = row["status"] if row else "ABSENT"
        statuses[status] = statuses.get(status, 0) + 1
        messages = [row.get("message") or ""] + [row[v]["message"] for v in ("primary", "second") if v in row] \
            if row else []
        longest = max([longest, *map(len, messages)])
        if status not in ("ACCEPT", "REJECT") or any(len(m) > MESSAGE_BOUND for m in messages):
            bad.append((call_id, family, kind, size, status, (row or {}).get("reason"), (row or {}).get("message", "")[:160]))
    print(f"hostile-answers campaign: {len(calls)} calls, answers file {os.path.getsize(answers) / MIB:.1f} MiB, "
          f"jobs {args.jobs}, exit code {proc.returncode}, wall {wall:.1f} s (load: {os.getloadavg()[0]:.2f})")
    kinds: dict[str, int] = {}
    for _c, _f, kind, size in calls:
        kinds[f"{kind}@{size // KIB}k"] = kinds.get(f"{kind}@{size // KIB}k", 0) + 1
    print("answers: " + ", ".join(f"{k} x{v}" for k, v in sorted(kinds.items())))
    print("verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
    print(f"missing calls: {len(doc.get('missing_call_ids', []))}; longest message: {longest} characters "
          f"(bound {MESSAGE_BOUND})")
    print(f"scorer peak: {int(own.group(1)) / 1024:.0f} MB" if own else "scorer peak: not reported")
    print(f"tree peak (/usr/bin/time -v): {int(tree.group(1)) / 1024:.0f} MB" if tree else "tree peak: not reported")
    for name in ("scores.json", "scores.json.progress.jsonl"):
        path = os.path.join(work, name)
        if os.path.exists(path):
            print(f"{name}: {os.path.getsize(path):,} bytes ({os.path.getsize(path) / max(1, len(calls)):,.0f} per call)")
    for item in bad:
        print("NOT BOUNDED OR NOT DECIDED:", item)
    if not args.keep:
        for name in os.listdir(work):
            os.unlink(os.path.join(work, name))
        os.rmdir(work)
    ok = not bad and os.path.exists(out)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

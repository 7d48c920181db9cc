#!/usr/bin/env bash
# Regenerate docs/examples from the bundled example run, the size-series example and the full bench-v1 run of
# the bundled reference constructions (run from the repository root with the package installed as the
# README's Quick start says, plot extra included).
set -euo pipefail
cd "$(dirname "$0")/../.."
ee=.venv/bin/endless-exam
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$ee score fixtures/examples/answers.jsonl --output "$tmp/example-run.json" --allow-partial > /dev/null
.venv/bin/python docs/examples/size_series_answers.py "$tmp/size-series.jsonl"
$ee score "$tmp/size-series.jsonl" --suite size-series --output "$tmp/size-series.json" --allow-partial > /dev/null
.venv/bin/python docs/examples/bench_v1_answers.py "$tmp/bench-v1.jsonl"
$ee score "$tmp/bench-v1.jsonl" --output "$tmp/bench-v1-reference.json" > /dev/null
rm -rf docs/examples/figures docs/examples/size-series docs/examples/bench-v1
$ee report "$tmp/example-run.json" --raw --plot docs/examples/figures > docs/examples/report.md
$ee report "$tmp/example-run.json" "$tmp/size-series.json" --table table2 --raw > docs/examples/table2.md
$ee report "$tmp/size-series.json" --raw --plot docs/examples/size-series > /dev/null
$ee report "$tmp/example-run.json" "$tmp/size-series.json" --html docs/examples/report.html > /dev/null
mkdir -p docs/examples/bench-v1
$ee report "$tmp/bench-v1-reference.json" --raw --plot docs/examples/bench-v1 > docs/examples/bench-v1/report.md

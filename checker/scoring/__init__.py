"""Scoring a run: from ``answers.jsonl`` to ``scores.json``.

* ``answers``: reading an answers file (framing lines into records; the answers themselves are parsed by
  the verifiers);
* ``aggregate``: the exact scores (ratios, means, gap closed, the record-candidate rule, bootstrap CIs):
  pure functions over ``InstanceOutcome`` values, shared with the reports;
* ``callrow``: one call's typed row and its one JSON reader and writer;
* the run machinery: ``call`` (one call, both backends), ``score`` (the local backend, progress file,
  resume, writing ``scores.json``), ``score_ray`` and ``ray_reaper`` (the Ray backend), ``runlock``,
  ``interrupts``, ``progress_header``, ``fingerprint`` (what a saved verdict is bound to), ``reverify``.

May import: ``certificates``, ``checker.verify``, ``checker.suites``, ``checker.files``. The reports import
``answers``, ``aggregate`` and ``callrow`` from here, never the run machinery.
"""

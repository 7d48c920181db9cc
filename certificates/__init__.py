"""Code shared by both verifiers and nothing else.

Strict JSON loading, extraction of an answer from raw model text, the verdict model and its reason
codes, parameter and answer schemas, and the expansion of compact answer forms with their limits.
Everything here is deterministic and free of mathematical checking: deciding whether a construction
has its property is the job of ``endless_exam.checker.families`` (primary) and ``endless_exam.crosscheck.families`` (second).
"""

# Importing this package changes no interpreter setting: a verifier process sets its own
# (``worker.prepare_process``), the caller of the API keeps its own.

"""Code shared by both verifiers and nothing else.

Strict JSON loading, extraction of an answer from raw model text, the verdict model and its reason
codes, parameter and answer schemas, and the expansion of compact answer forms with their limits.
Everything here is deterministic and free of mathematical checking: deciding whether a construction
has its property is the job of ``checker.families`` (primary) and ``crosscheck.families`` (second).
"""

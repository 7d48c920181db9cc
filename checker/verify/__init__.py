"""Deciding one answer: both verifiers in isolated processes, and the trust rule that combines them.

* ``harness`` runs the primary and the second verifier (each in a child forked from its own zygote, with
  wall-clock, CPU and memory limits), re-checks each witness with the other verifier and returns one
  ``Combined`` result;
* ``combine`` is the trust rule, stated once: which pair of verdicts is ACCEPT, REJECT, DISAGREE, ...;
* ``formal`` adds the z3 oracle's opinion to a combined result (through ``combine``);
* ``worker`` is the primary verifier's process entry (the second's is ``crosscheck.worker``).

May import: ``certificates`` and ``checker.families`` only. Nothing here imports the scorer, the reports,
the suites or the command line: a verdict never depends on how it will be used.
"""

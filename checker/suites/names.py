"""The names of the bundled suites, in order (their data is in ``fixtures/suites``; ``checker.suites`` loads
them). A module of its own so that the command line's parser can offer them without loading a suite."""

SUITES = ("bench-v1", "size-series", "kakeya", "a1", "a2")

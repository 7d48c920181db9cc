"""Scripts run by hand (``python -m tests.scripts.<name>``): searches for hard inputs and tracing tools.

Not tests and never collected (``tests/conftest.py``); what they found is recorded in ``fixtures/`` and
re-checked by the tests.
"""

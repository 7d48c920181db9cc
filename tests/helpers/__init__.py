"""Fault-injection worker modules for tests/verify/test_harness.py (run as ``python -m tests.helpers.<name>``)."""

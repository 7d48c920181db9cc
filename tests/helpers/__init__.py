"""Fault-injection worker modules for tests/test_harness.py (run as ``python -m tests.helpers.<name>``)."""

"""Deterministic generators for construction fixtures."""

"""The primary's one duplicate finder (checker/families/_duplicates.py): the numpy key version and the dict
version name the same pair, the first occurrence and the earliest repeat, for every list of items."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam.checker.families._duplicates import first_duplicate, first_repeat


def _by_definition(items):
    """The earliest j that repeats an earlier item, and the first i with that item."""
    for j in range(len(items)):
        for i in range(j):
            if items[i] == items[j]:
                return i, j
    return None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-5, 5), max_size=12))
def test_both_versions_name_the_first_occurrence_and_the_earliest_repeat(items):
    expect = _by_definition(items)
    keys = np.array(items, dtype=np.int64)
    assert first_duplicate(keys) == expect
    assert first_duplicate(keys, np.sort(keys)) == expect
    assert first_repeat(items) == expect
    assert first_repeat([str(x) for x in items]) == expect


def test_a_thrice_repeated_item_is_reported_by_its_first_two_occurrences():
    keys = np.array([7, 1, 7, 2, 7, 1], dtype=np.uint64)
    assert first_duplicate(keys) == (0, 2)
    assert first_repeat(["b", "a", "c", "a", "b"]) == (1, 3)
    assert first_duplicate(np.array([3, 4, 4, 3], dtype=np.int64)) == (1, 2)    # j = 2 repeats before j = 3


def test_distinct_and_tiny_inputs_have_no_duplicate():
    assert first_duplicate(np.array([], dtype=np.int64)) is None
    assert first_duplicate(np.array([5], dtype=np.int64)) is None
    assert first_duplicate(np.arange(1000, dtype=np.uint64)[::-1].copy()) is None
    assert first_repeat([]) is None and first_repeat(["a", "b"]) is None

"""The block-count local search shared by the ``corners`` and ``lineq`` generators (not a generator).

A ``BlockedSet`` keeps a set free of the family's forbidden configuration (a corner, a solution)
together with, for every candidate w outside it, ``block[w]``: the number of pairs of members that
form a forbidden configuration with w. A candidate with block count 0 can be added and the set stays
free. The family says which candidates complete a configuration with a member (``thirds``) and which
candidates exist (``free``).
"""
from __future__ import annotations

import random
from typing import Any

import numpy as np


class BlockedSet:
    def __init__(self, shape: int | tuple[int, ...]) -> None:
        self.member = np.zeros(shape, dtype=bool)
        self.block = np.zeros(shape, dtype=np.int64)
        self.members: list = []                # in insertion order (a removal moves the last one)
        self.pos: dict[Any, int] = {}

    def thirds(self, e) -> Any:
        """An index into ``block`` of every candidate forming a configuration with ``e`` and another member."""
        raise NotImplementedError

    def free(self) -> list:
        """Every candidate outside the set with block count 0."""
        raise NotImplementedError

    def add(self, e) -> None:
        np.add.at(self.block, self.thirds(e), 1)
        self.member[e] = True
        self.pos[e] = len(self.members)
        self.members.append(e)

    def remove(self, e) -> None:
        i = self.pos.pop(e)
        last = self.members.pop()
        if last != e:
            self.members[i] = last
            self.pos[last] = i
        self.member[e] = False
        np.add.at(self.block, self.thirds(e), -1)


def local_search(st: BlockedSet, iterations: int, seed: int, undo: float) -> list:
    """From the set of ``st``: an iteration removes one or two random members, then adds, in a random
    order, every candidate whose block count is (still) 0; a step that leaves the set smaller is undone
    with probability ``undo``. Randomness comes only from ``random.Random(seed)``. Returns the largest
    set seen, sorted."""
    rng = random.Random(seed)
    best = sorted(st.members)
    for _ in range(iterations):
        k = rng.choice((1, 1, 2))
        if len(st.members) <= k:
            break
        removed = rng.sample(sorted(st.members), k)
        for e in removed:
            st.remove(e)
        cand = [c for c in st.free() if c not in removed]
        rng.shuffle(cand)
        added = []
        for c in cand:
            if st.block[c] == 0 and not st.member[c]:
                st.add(c)
                added.append(c)
        if len(added) < k and rng.random() < undo:
            for c in added:
                st.remove(c)
            for e in removed:
                st.add(e)
        if len(st.members) > len(best):
            best = sorted(st.members)
    return best

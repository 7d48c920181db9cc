"""Reed-Solomon concatenation expanded by brute force, for tests and benchmarks of ``trifference``
(independent of both verifiers and of the project's constructions): GF(3^r) from a monic polynomial, the
outer code's words evaluated at the first N field elements, each symbol replaced by the inner word of
the same lexicographic rank, zero padding to n."""
from __future__ import annotations

import itertools


def _field(poly: list[int]):
    """GF(3^r) from a monic polynomial: elements are coefficient tuples (e_0..e_{r-1}), index sum e_j 3^j."""
    r = len(poly) - 1
    elems = [tuple((i // 3 ** j) % 3 for j in range(r)) for i in range(3 ** r)]

    def mul(a, b):
        prod = [0] * (2 * r - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                prod[i + j] = (prod[i + j] + x * y) % 3
        for top in range(len(prod) - 1, r - 1, -1):
            c = prod[top]
            if c:
                for j in range(r + 1):
                    prod[top - r + j] = (prod[top - r + j] - c * poly[j]) % 3
        return tuple(prod[:r])

    def add(a, b):
        return tuple((x + y) % 3 for x, y in zip(a, b))
    return elems, add, mul


def expand_rs(inner: list[str], field: list[int], big_n: int, big_k: int, n: int) -> list[str]:
    elems, add, mul = _field(field)
    zero = elems[0]
    ranked = sorted(inner)
    index = {e: i for i, e in enumerate(elems)}
    points = elems[:big_n]
    words = []
    for coeffs in itertools.product(elems, repeat=big_k):
        symbols = []
        for x in points:
            value, power = zero, elems[1]             # elems[1] is the constant 1
            for c in coeffs:
                value = add(value, mul(c, power))
                power = mul(power, x)
            symbols.append(ranked[index[value]])
        word = "".join(symbols)
        words.append(word + "0" * (n - len(word)))
    return words

"""Helpers the test modules share: how vectors are loaded and run (``vectorlib``), the property-test
toolkit (``proplib``), and per-family generators of answers (recipes, graphs, schemes, expansions).
Nothing here is collected; the benchmark scripts use some of them too."""

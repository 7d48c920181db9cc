"""The benchmark's suites and what is made from them.

* ``names``: the bundled suites' names (no data loaded: the command line's parser offers them);
* ``instances``: loading a suite (bundled or a file) into ``Instance`` values, finding instances and calls;
* ``export``: the prompts file of a suite, per track;
* ``constructions_index``: the bundled reference constructions, by instance;
* ``new_instance``: ``instance``, a new instance of a family with its baseline construction as reference;
* ``tiers``: the generator of the bundled construction files of the a1/a2 tiers.

May import: ``certificates``, ``checker.families``, ``checker.prompts``, ``checker.constructions``,
``checker.verify``, ``checker.files``; never the scorer or the reports.
"""

"""``python -m endless_exam``: the command line (``endless-exam``)."""
import sys

from endless_exam.checker.cli import main

sys.exit(main())

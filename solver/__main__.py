"""``python -m solver``: the analysis command line."""

import os

# No command does linear algebra, yet NumPy's import starts a BLAS thread per
# core; with one thread a cold start is about 60 ms shorter. Set before any
# module imports NumPy; a value the user set is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from solver.cli import main

raise SystemExit(main())

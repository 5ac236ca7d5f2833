"""``python -m solver``: the analysis command line."""

from solver.cli import main

raise SystemExit(main())

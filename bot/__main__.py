"""``python -m bot``: see :mod:`bot.runtime.cli`."""

import os
import sys

# No part of the bot does linear algebra, yet NumPy's import starts a BLAS thread per core, and
# those threads spin: with one, each start of the bot takes about 0.1 s of CPU less (as ``python -m
# solver`` does). Set before any module imports NumPy; a value the operator set is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from bot.runtime.cli import main  # after the setting above, which NumPy reads at import

if __name__ == "__main__":
    sys.exit(main())

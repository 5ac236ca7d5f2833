"""``python -m bot``: see :mod:`bot.runtime.cli`."""

import sys

from bot.runtime.cli import main

if __name__ == "__main__":
    sys.exit(main())

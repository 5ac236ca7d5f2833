"""Run every benchmark in this folder, one after another, printing their figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
for script in sorted(here.glob("bench_*.py")):
    print(f"\n=== {script.name}", flush=True)
    subprocess.run([sys.executable, str(script)], check=True)

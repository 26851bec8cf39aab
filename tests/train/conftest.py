"""Make the players' hidden-card check (tests/bots/test_bots_hidden.py) importable."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bots"))

"""The bot tests build hand-made positions with the rules tests' ``make_state``."""

from __future__ import annotations

import sys
from pathlib import Path

RULES_TESTS = str(Path(__file__).resolve().parent.parent / "rules")
if RULES_TESTS not in sys.path:
    sys.path.append(RULES_TESTS)

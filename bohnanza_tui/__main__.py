"""``python -m bohnanza_tui``: the ``bohnanza`` command."""

import sys

from .cli import main

sys.exit(main())

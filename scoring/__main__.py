"""Run the command line: ``python -m scoring check FILE...``."""

import sys

from .cli import main

sys.exit(main())

"""`python -m brikwars_gui` does what `brikwars` does."""

import sys

from brikwars_gui.app import main

sys.exit(main())

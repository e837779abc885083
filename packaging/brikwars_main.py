"""Entry script of the PyInstaller bundle: the same `brikwars` command a wheel installs."""

import sys

from brikwars_gui.app import main

if __name__ == "__main__":
    sys.exit(main())

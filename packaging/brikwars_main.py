"""Entry script of the PyInstaller bundle: one program, `brikwars-bin`, started by the two launchers
(packaging/launcher.sh) as the desktop app `brikwars` or the command line `brikwars-sim`."""

import os
import sys

if __name__ == "__main__":
    if os.environ.pop("BRIKWARS_COMMAND", "brikwars") == "brikwars-sim":
        from brikwars_gui.cli import main
    else:
        from brikwars_gui.app import main
    sys.exit(main())

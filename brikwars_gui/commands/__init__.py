"""Subcommands of `brikwars-sim`; see `brikwars_gui.cli.COMMANDS`."""

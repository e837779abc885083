"""Bundled data (sample scenarios, stylesheet, icons, the rules text), installed as the package
`brikwars_gui.resources` (pyproject.toml's package-dir) and read with importlib.resources."""

"""Maintenance commands run with `python -m webdistill.tools.<name>`; the library never
imports them (an import-linter contract says so)."""

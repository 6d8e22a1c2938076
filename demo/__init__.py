"""The end-to-end demo: ``python -m demo`` (see demo/__main__.py)."""

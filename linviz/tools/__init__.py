"""Maintenance commands for linviz's own files (``python -m linviz.tools.NAME``)."""

"""Classroom features: predict-then-reveal, baseline comparison, captions."""

from __future__ import annotations


def install_classroom(window) -> None:
    """Add the classroom actions and panels to ``window`` (a MainWindow)."""

"""Shared test set-up: Qt runs offscreen when there is no display."""

import os

if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import settings  # noqa: E402

# Shared CI machines are slow and noisy: no per-example deadline.
settings.register_profile("linviz", deadline=None, max_examples=60)
settings.load_profile("linviz")

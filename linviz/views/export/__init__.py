"""Images of the window or a panel (PNG, SVG, PDF, GIF), File ▸ Export, ``linviz export``."""

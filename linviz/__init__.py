"""linviz: see how linear attention stores and blends associations in one matrix."""

__version__ = "0.1.0"

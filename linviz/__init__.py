"""linviz: see how linear attention stores and blends associations in one matrix."""

import os

# linviz multiplies small matrices (d <= 512) on every frame: one BLAS thread
# is fastest, and on a busy two-core machine extra threads wait for a free
# core (a 0.2 ms product took 22 ms). Must be set before numpy is imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"

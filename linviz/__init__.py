"""linviz: see how linear attention stores and blends associations in one matrix.

The Python API, loaded on first use (``import linviz`` loads neither Qt nor
the model)::

    scenario = linviz.scenario_from_arrays(q=q, k=k, v=v, beta=beta)
    scenario.save("layer3.json")          # a file `linviz trace` and the window open
    linviz.figure(scenario, step=10)      # an inline image in a notebook (no window)
    linviz.show(scenario)                 # the window (returns at once in IPython)
    linviz.run()                          # a script: until every window is closed
"""

import os
from typing import Any

# linviz multiplies small matrices (d <= 512) on every frame: one BLAS thread
# is fastest, and on a busy two-core machine extra threads wait for a free
# core (a 0.2 ms product took 22 ms). Must be set before numpy is imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"

#: The API's names and the modules that define them (imported on first use).
_API = {
    "scenario_from_arrays": "linviz.model.arrays",
    "read_array_file": "linviz.model.array_files",
    "load": "linviz.model.sources",
    "show": "linviz.views.python_api",
    "run": "linviz.views.python_api",
    "figure": "linviz.views.python_api",
}

__all__ = ["__version__", *_API]


def __getattr__(name: str) -> Any:  # whatever the named API is (a function)
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module 'linviz' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_API))

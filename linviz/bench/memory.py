"""How much memory this process holds: its own, not its parent's.

Apart from :mod:`linviz.bench.timing`, which imports :mod:`statistics`: the
app reads its peak here after its first paint, when ``linviz bench`` times
its start-up (see :data:`linviz.views.app.EXIT_AFTER_PAINT`), and a bare
window imports nothing of the sort.
"""

from __future__ import annotations

import re
import resource
import sys
from pathlib import Path


def resident_mb() -> tuple[float, float]:
    """``(now, peak)``: this process's resident memory and its high-water mark, in MB.

    The peak is ``VmHWM``, this process's own. ``getrusage``'s ``ru_maxrss``
    would not do for a child: Linux carries it over ``exec`` from the copy of
    the parent that ``fork`` made, so a child of a 350 MB bench process
    reported a 350 MB peak whatever it did itself.
    """
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:  # no /proc (macOS): only the peak is known (in bytes there)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        peak_mb = peak / 2**20 if sys.platform == "darwin" else peak / 1024
        return peak_mb, peak_mb
    now_kb = int(re.search(r"VmRSS:\s+(\d+)", status)[1])
    peak_kb = int(re.search(r"VmHWM:\s+(\d+)", status)[1])
    return now_kb / 1024, peak_kb / 1024

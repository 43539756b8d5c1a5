"""A lesson in one file: the interactive HTML page ``linviz export … --out FILE.html`` writes.

No Qt here: the page is text (our own JavaScript and CSS, the scenario as
JSON), and the arithmetic it shows after a drag is ``replay.js``, the
JavaScript twin of :mod:`linviz.model.kernel` and :mod:`linviz.model.readout`.
"""

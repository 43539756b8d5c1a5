"""Qt views: widgets and pyqtgraph items that draw a :class:`Session`."""

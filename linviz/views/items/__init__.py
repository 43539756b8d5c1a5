"""Graphics items the panels share: a matrix as a heatmap, arrows with draggable tips."""

"""The mathematics of linviz: numpy and the standard library only, no Qt."""

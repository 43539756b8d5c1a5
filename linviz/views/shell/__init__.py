"""The window's shell: the desk, the actions and the document every helper is given.

See CONTRIBUTING.md, "Where things go". Nothing is imported here: a panel
may use :mod:`linviz.views.shell.actions` without importing the desk.
"""

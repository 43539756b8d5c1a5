"""The course's labs as tabs of the main window: measure the memory, not just watch it.

Each lab is a page (:class:`~linviz.views.labs.lab_page.LabPage`) that shows
one controller from :mod:`linviz.controller.labs`; :mod:`linviz.views.labs.lab_tabs`
puts them beside the scenario in the main window.
"""

"""Guard against the PySide6 build that corrupts None's reference count.

PySide6 6.12.0 on Python < 3.12 lowers sys.getrefcount(None) by one on every
void-returning call; after about 5,000 calls the interpreter aborts with
"Fatal Python error: none_dealloc". 6.11 (and Python 3.12, where None is
immortal) are fine.
"""

import sys

import PySide6
from PySide6 import QtCore


def test_void_calls_leave_none_refcount_alone():
    point = QtCore.QPointF(0, 0)
    before = sys.getrefcount(None)
    for i in range(1000):
        point.setX(float(i))
    assert sys.getrefcount(None) >= before - 10, PySide6.__version__


def test_the_pinned_pyside6_is_installed():
    major, minor = (int(x) for x in PySide6.__version__.split(".")[:2])
    if sys.version_info < (3, 12):
        assert (major, minor) < (6, 12), f"PySide6 {PySide6.__version__} aborts on 3.11"

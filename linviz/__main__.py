"""``python -m linviz``: the same as the ``linviz`` command."""

import sys

from linviz.cli import main

sys.exit(main())

"""Sub-commands of ``linviz`` that live in modules of their own (see linviz.cli)."""

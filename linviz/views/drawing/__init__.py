"""Drawing helpers that exist only for speed; each module says what it saves in ``linviz bench``."""

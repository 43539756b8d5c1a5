"""Drawing helpers that exist only for speed; each module says what it saves in ``linviz bench``.

A helper stays only while removing it costs more than 1 ms in a bench figure,
measured in paired A/B runs of ``linviz bench`` (the same samples timed with
and without the helper, alternately, in one run). Each module below states
what its removal cost.
"""

"""The limits every scenario must respect, stated once.

Error messages quote these constants, so changing a limit here changes what
users are told.
"""

#: Smallest and largest allowed key size ``d_k`` and value size ``d_v``.
MIN_DIM = 1
MAX_DIM = 512

#: Largest number of steps (writes plus reads) in one scenario.
MAX_STEPS = 1_000_000

#: The paper's epsilon in the normalised read ``φ(q)ᵀS / (φ(q)ᵀz + ε)``.
NORMALISER_EPS = 1e-6

#: Deepest JSON nesting a scenario file may have (a valid one needs 4).
MAX_JSON_DEPTH = 20

#: Largest title, label and caption lengths, in characters.
MAX_LABEL_CHARS = 64
MAX_TEXT_CHARS = 2_000

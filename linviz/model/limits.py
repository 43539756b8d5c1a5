"""The limits every scenario must respect, stated once.

Error messages quote these constants, so changing a limit here changes what
users are told. README's "Limits" section states the same figures, with
what they cost in time and memory.
"""

#: Smallest and largest allowed key size ``d_k`` and value size ``d_v``.
MIN_DIM = 1
MAX_DIM = 512

#: Largest number of steps (writes plus reads) in one scenario.
MAX_STEPS = 1_000_000

#: Largest scenario file, in bytes; a larger file is refused before it is
#: read. 1,000,000 steps at d = 8 written by linviz at full precision (17
#: significant digits per number) take about 400 MB; d = 512 with 1,000
#: steps about 22 MB. Reading a file costs about twice its size in memory
#: while it is parsed.
MAX_FILE_BYTES = 512 * 2**20

#: The paper's epsilon in the normalised read ``φ(q)ᵀS / (φ(q)ᵀz + ε)``.
NORMALISER_EPS = 1e-6

#: Largest title, label and caption lengths, in characters.
MAX_LABEL_CHARS = 64
MAX_TEXT_CHARS = 2_000

#: A read in ``linviz trace --json`` lists one term per earlier write while it
#: has at most this many; past that, its :data:`LARGEST_LISTED_TERMS` largest
#: terms and one ``rest`` entry (``--all-terms`` lists them all). Bounded so
#: that a trace stays linear in its steps: writing one term costs about 10 µs.
MAX_LISTED_TERMS = 1_000
LARGEST_LISTED_TERMS = 100

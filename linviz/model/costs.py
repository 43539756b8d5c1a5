"""Memory cost: a softmax model's growing KV cache against linear attention's fixed state.

Per layer and head, softmax attention keeps every token's key and value
(``2 · head_dim`` numbers a token), while linear attention keeps one
``head_dim × head_dim`` matrix ``S`` whatever the length:

    KV cache bytes = 2 · layers · heads · head_dim · bytes_per_number · tokens
    state bytes    =     layers · heads · head_dim² · bytes_per_number

Sizes are exact integers (Python ints never overflow); :func:`human_size`
writes them in binary units (1 KiB = 1,024 bytes) as the course does.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError, Term

#: Bytes per number of each number format, in the order menus show them.
BYTES_PER_NUMBER: dict[str, int] = {"fp32": 4, "bf16": 2, "fp16": 2, "fp8": 1}

#: Allowed ranges of a model's shape: ``(low, high)``, both included.
SHAPE_RANGES: dict[str, tuple[int, int]] = {
    "layers": (1, 1_024),
    "heads": (1, 1_024),
    "head_dim": (1, 65_536),
}

#: Largest context length the calculator accepts (a trillion tokens).
MAX_TOKENS = 10**12

#: Binary units, smallest first.
UNITS = ("B", "KiB", "MiB", "GiB", "TiB", "PiB")


def check_whole(raw: object, field: str, low: int, high: int) -> int:
    """Return ``raw`` if it is a whole number in ``low .. high``.

    Raises
    ------
    ScenarioError
        Naming ``field`` and the expected range otherwise.
    """
    if isinstance(raw, bool) or not isinstance(raw, (int, np.integer)) or not low <= raw <= high:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{name} must be a whole number from {low:,} to {high:,}, got {raw!r}",
            ),
            name=Term(field),
            low=low,
            high=high,
            raw=raw,
            field=field,
        )
    return int(raw)


def check_tokens(raw: object, field: str = "tokens") -> int:
    """Return ``raw`` if it is a context length from 0 to :data:`MAX_TOKENS`."""
    return check_whole(raw, field, 0, MAX_TOKENS)


@dataclass(frozen=True)
class ModelShape:
    """The attention shape whose memory is counted.

    Attributes
    ----------
    layers, heads
        How many layers, and attention heads per layer.
    head_dim
        Head size ``d``: a key and a value have ``d`` numbers, ``S`` is ``d × d``.
    dtype
        Number format, a key of :data:`BYTES_PER_NUMBER`.
    """

    layers: int = 1
    heads: int = 1
    head_dim: int = 128
    dtype: str = "bf16"

    def __post_init__(self) -> None:
        for field, (low, high) in SHAPE_RANGES.items():
            object.__setattr__(self, field, check_whole(getattr(self, field), field, low, high))
        if self.dtype not in BYTES_PER_NUMBER:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "unknown number format {dtype!r}; expected one of {allowed}"
                ),
                dtype=self.dtype,
                allowed=", ".join(BYTES_PER_NUMBER),
                field="dtype",
            )

    @property
    def bytes_per_number(self) -> int:
        """Bytes one number takes in :attr:`dtype`."""
        return BYTES_PER_NUMBER[self.dtype]

    @property
    def kv_bytes_per_token(self) -> int:
        """What one more token adds to the KV cache: its key and value in every head."""
        return 2 * self.layers * self.heads * self.head_dim * self.bytes_per_number

    def kv_cache_bytes(self, tokens: int) -> int:
        """Bytes of the KV cache after ``tokens`` tokens (exact)."""
        return self.kv_bytes_per_token * check_tokens(tokens)

    @property
    def state_bytes(self) -> int:
        """Bytes of the fixed state: one ``head_dim × head_dim`` matrix per head and layer."""
        return self.layers * self.heads * self.head_dim**2 * self.bytes_per_number

    @property
    def crossover_tokens(self) -> int:
        """The first context length at which the KV cache is larger than the state.

        ``2 · d · T > d²`` exactly when ``T > d / 2``, whatever the layers,
        heads and number format: the cache passes the state at
        ``⌊d / 2⌋ + 1`` tokens (65 for head size 128).
        """
        return self.state_bytes // self.kv_bytes_per_token + 1

    def curves(self, tokens: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """KV cache and state bytes at each of ``tokens`` (float64, for plotting).

        Floats, not integers: a whole model at a trillion tokens has more
        bytes than an int64 holds, and log axes need no more than 15 digits.
        """
        tokens = np.asarray(tokens, dtype=np.float64)
        kv = tokens * float(self.kv_bytes_per_token)
        return kv, np.full(tokens.shape, float(self.state_bytes))

    def describe(self) -> str:
        """``"1 layer, 1 head, head size 128, bf16"``."""
        layers = f"{self.layers} layer{'s' * (self.layers != 1)}"
        heads = f"{self.heads} head{'s' * (self.heads != 1)}"
        return f"{layers}, {heads}, head size {self.head_dim}, {self.dtype}"


#: The course's example (one layer, one head, head size 128, BF16) and a whole model.
PRESETS: dict[str, ModelShape] = {
    "course": ModelShape(1, 1, 128, "bf16"),
    "model": ModelShape(32, 8, 128, "bf16"),
}

#: Human names of the presets, for menus.
PRESET_TITLES: dict[str, str] = {
    "course": "The course's head (1 layer, 1 head, d = 128)",
    "model": "A whole model (32 layers, 8 heads, d = 128)",
}


@dataclass(frozen=True)
class MemoryRow:
    """Both memory sizes at one context length."""

    tokens: int
    kv_cache_bytes: int
    state_bytes: int

    def to_dict(self) -> dict[str, int]:
        """The row as ``linviz memory --json`` writes it."""
        return {
            "tokens": self.tokens,
            "kv_cache_bytes": self.kv_cache_bytes,
            "state_bytes": self.state_bytes,
        }


def memory_rows(shape: ModelShape, tokens: list[int] | tuple[int, ...]) -> list[MemoryRow]:
    """One :class:`MemoryRow` per context length, in the order given."""
    return [MemoryRow(t, shape.kv_cache_bytes(t), shape.state_bytes) for t in tokens]


def human_size(n_bytes: int | float) -> str:
    """A byte count in binary units with three significant digits at most.

    ``512`` → ``"512 B"``, ``32768`` → ``"32 KiB"``, ``512000`` →
    ``"500 KiB"``, ``51200000`` → ``"48.8 MiB"``. A number that would round
    up to 1,024 of a unit is written in the next unit instead.
    """
    if n_bytes < 0:
        raise ValueError(f"a size cannot be negative: {n_bytes}")
    if n_bytes < 1024:
        return f"{round(n_bytes)} B"
    size = float(n_bytes)
    for unit in UNITS[1:]:
        size /= 1024.0
        decimals = 2 if size < 10 else 1 if size < 100 else 0
        text = f"{size:.{decimals}f}"
        if float(text) < 1024 or unit == UNITS[-1]:
            if "." in text:
                text = text.rstrip("0").rstrip(".")
            return f"{text} {unit}"
    raise AssertionError("unreachable")  # pragma: no cover

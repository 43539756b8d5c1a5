"""Feature maps φ applied to keys and queries before they touch the state."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

FeatureMap = Callable[[np.ndarray], np.ndarray]


def identity(x: np.ndarray) -> np.ndarray:
    """φ(x) = x: the bare arithmetic the lessons start with."""
    return np.asarray(x, dtype=np.float64)


def elu_plus_one(x: np.ndarray) -> np.ndarray:
    """φ(x) = elu(x) + 1 (Katharopoulos et al., 2020): every score positive."""
    x = np.asarray(x, dtype=np.float64)
    # expm1 of a positive argument is never used; clip keeps it from overflowing.
    return np.where(x > 0, x + 1.0, np.exp(np.minimum(x, 0.0)))


def relu(x: np.ndarray) -> np.ndarray:
    """φ(x) = max(x, 0), common in later variants."""
    return np.maximum(np.asarray(x, dtype=np.float64), 0.0)


#: Feature maps by the name used in scenario files.
FEATURE_MAPS: dict[str, FeatureMap] = {
    "identity": identity,
    "elu+1": elu_plus_one,
    "relu": relu,
}


def feature_map(name: str) -> FeatureMap:
    """Return the feature map called ``name`` (a key of :data:`FEATURE_MAPS`)."""
    return FEATURE_MAPS[name]

"""An independent replay of a scenario document, written from the course's formulas.

Tests compare linviz's trace with this. It shares no code with linviz: it
reads the JSON document a scenario saves to and applies, one write at a
time, the recurrences as the course states them:

- additive ``S ← S + φ(k) vᵀ``; gated ``S ← α S + φ(k) vᵀ``;
- delta ``S ← S + β φ(k) (v − Sᵀφ(k))ᵀ``;
- gated delta ``S ← α (I − β φ(k) φ(k)ᵀ) S + β φ(k) vᵀ``;
- a read ``y = φ(q)ᵀ S``, divided by ``φ(q)ᵀ z + 1e-6`` with the normaliser,
  where ``z`` is the sum of the mapped keys.
"""

from __future__ import annotations

import math

import numpy as np


def phi(name: str, x: np.ndarray) -> np.ndarray:
    """The feature map called ``name``, one component at a time."""
    if name == "identity":
        return np.array(x, dtype=float)
    if name == "relu":
        return np.array([max(c, 0.0) for c in x])
    assert name == "elu+1"
    return np.array([c + 1.0 if c > 0 else math.exp(c) for c in x])


def replay(document: dict) -> tuple[list[np.ndarray], dict[int, np.ndarray]]:
    """``S`` after each step (index 0 = empty memory) and each read's output by step."""
    d_k, d_v = document["d_k"], document["d_v"]
    rule = document.get("rule", {"name": "additive"})
    name = rule["name"]
    fmap = document.get("feature_map", "identity")
    normalize = document.get("normalize", False)
    S = np.zeros((d_k, d_v))
    z = np.zeros(d_k)
    states, outputs = [S.copy()], {}
    for number, step in enumerate(document["steps"], start=1):
        if step["op"] == "write":
            k = phi(fmap, step["key"])
            v = np.array(step["value"], dtype=float)
            alpha = step.get("alpha", rule.get("alpha", 1.0))
            beta = step.get("beta", rule.get("beta", 1.0))
            if name == "additive":
                S = S + np.outer(k, v)
            elif name == "gated":
                S = alpha * S + np.outer(k, v)
            elif name == "delta":
                S = S + beta * np.outer(k, v - S.T @ k)
            else:
                # α (I − β k kᵀ) S without forming I − β k kᵀ: with a huge key that
                # matrix overflows even when S (and so k kᵀ S) is exactly 0.
                S = alpha * (S - beta * np.outer(k, k @ S)) + beta * np.outer(k, v)
            z = z + k
        else:
            q = phi(fmap, step["query"])
            y = q @ S
            if normalize:
                y = y / (q @ z + 1e-6)
            outputs[number] = y
        states.append(S.copy())
    return states, outputs

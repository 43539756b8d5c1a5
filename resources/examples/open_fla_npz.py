"""Look at one head of a (Gated) DeltaNet layer saved in flash-linear-attention's layout.

    python resources/examples/open_fla_npz.py [FILE.npz] [--batch B] [--head H] [--out DIR]

FILE.npz holds q, k, v as [B, T, H, d] and beta, g as [B, T, H], as
flash-linear-attention's chunk_gated_delta_rule takes them. Save yours from
PyTorch with

    np.savez("layer.npz", **{n: t.float().cpu().numpy() for n, t in
             dict(q=q, k=k, v=v, beta=beta, g=g).items()})

Without FILE, a stand-in is made: random unit keys and a decay near 1, the
shapes of a small model (B = 1, T = 256, H = 4, d = 64). The same file opens
with `linviz FILE.npz --head H`, `linviz trace FILE.npz --head H` and
`linviz import FILE.npz --head H --out head.json`.
"""

import argparse
from pathlib import Path

import numpy as np

import linviz
from linviz.model.replay import Trace

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("file", nargs="?", type=Path, help="an .npz in the FLA layout")
parser.add_argument("--batch", type=int, default=0)
parser.add_argument("--head", type=int, default=0)
parser.add_argument("--out", type=Path, default=Path.cwd(), help="folder for the files")
options = parser.parse_args()
options.out.mkdir(parents=True, exist_ok=True)

if options.file is None:
    rng = np.random.default_rng(0)
    B, T, H, d = 1, 256, 4, 64
    k = rng.normal(size=(B, T, H, d))
    k /= np.linalg.norm(k, axis=-1, keepdims=True)  # FLA's use_qk_l2norm_in_kernel
    q = rng.normal(size=(B, T, H, d))
    q /= np.linalg.norm(q, axis=-1, keepdims=True)
    options.file = options.out / "gated-deltanet-layer.npz"
    np.savez(
        options.file,
        q=q.astype(np.float32),
        k=k.astype(np.float32),
        v=rng.normal(size=(B, T, H, d)).astype(np.float32),
        beta=(1 / (1 + np.exp(-rng.normal(size=(B, T, H))))).astype(np.float32),  # a sigmoid
        g=-rng.uniform(0.0, 0.05, size=(B, T, H)).astype(np.float32),  # log-decay, α = e^g
    )
    print("made", options.file)

# scale="fla": the reads are the layer's outputs o = Sᵀ(q / √d_k), as the kernels compute.
scenario = linviz.load(options.file, batch=options.batch, head=options.head, scale="fla")
trace = Trace(scenario)
state = trace.state(len(scenario))
print(scenario.title, "·", scenario.rule.describe(), f"· {len(scenario) // 2} tokens")
print(f"S is {state.shape[0]}×{state.shape[1]}; largest |entry| {np.abs(state).max():.3f}")
singular = np.linalg.svd(state, compute_uv=False)
print("effective rank of S:", round(float(singular.sum() ** 2 / (singular**2).sum()), 1))
path = linviz.figure(scenario, view="heatmap", size=(900, 700)).save(options.out / "state.png")
print("wrote", path)

"""What the rollout fits share (``fit_leads.py``, ``fit_passes.py``): their command-line
seeds and sizes, and the gradient ascent of a softmax choice's expected outcome."""

from __future__ import annotations

import argparse

import numpy as np


def add_fit_args(ap: argparse.ArgumentParser, deals: int, iters: int) -> None:
    """The options every fit takes (``--quick`` shrinks them to a smoke test)."""
    ap.add_argument("--deals", type=int, default=deals, help="self-play deals for each of the two seeds")
    ap.add_argument("--seed", type=int, default=11, help="the deals the weights are fitted on")
    ap.add_argument("--test-seed", type=int, default=12, help="the deals they are checked on")
    ap.add_argument("--beta", type=float, default=5.0, help="the softmax choice's sharpness")
    ap.add_argument("--iters", type=int, default=iters, help="gradient steps")
    ap.add_argument("--quick", action="store_true", help="a small fit (smoke test)")


def ascend(grad, w0: np.ndarray, iters: int, lr: float = 0.05) -> np.ndarray:
    """``iters`` steps of Adam up the gradient ``grad(w)`` from ``w0`` (deterministic)."""
    w = w0.copy()
    m1 = np.zeros_like(w)
    m2 = np.zeros_like(w)
    for it in range(iters):
        g = grad(w)
        m1 = 0.9 * m1 + 0.1 * g
        m2 = 0.999 * m2 + 0.001 * g * g
        w = w + lr * (m1 / (1 - 0.9 ** (it + 1))) / (np.sqrt(m2 / (1 - 0.999 ** (it + 1))) + 1e-8)
    return w

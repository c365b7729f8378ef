#!/usr/bin/env python
"""Fit the weights of Rummy 500's discard rule (``strategies.discard_score``) to the
``discard`` question.

Self-play positions (``analyzer trust rummy500``'s: hands of the holder strategy stopped
at a random turn, the player's draw and melds carried out by the strategy): the
``discard`` question is asked from that seat (every card thrown, the hand played out on
the same deals by the strategy, each throw's mean margin over the best opponent).  A
card's score is ``dvalue`` a point of its value (+ ``dace`` for an ace) less the
strategy's weights (``keep``, ``feed``, ``dpair``, ``drun``) on its features
(``strategies.discard_features``); the weights maximise the mean margin, over the
positions, of a softmax choice among the cards the rule may throw (``--beta`` its
sharpness, per point), starting from today's; ``--hold dvalue,dace`` keeps those as they
are.  One step of policy improvement: the question plays the rest of the hand by today's
rule, so its verdict moves with the rule (from the rule that throws high cards it says
throw low ones, and back); the value weight is checked by self-play tournaments
(docs/performance.md).  Checked on the positions of
``--test-seed``: the mean margin lost to the question's best by today's weights and by the
fitted ones, and how often they pick the best.  The same seeds give the same weights:

    python scripts/fit_discards.py --deals 400 --seed 11 --test-seed 12
    python scripts/fit_discards.py --quick          # small (smoke test)
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analyzer.games.rummy500.deck import JOKER_BIT, card_text  # noqa: E402
from analyzer.games.rummy500.melds import held_mask  # noqa: E402
from analyzer.games.rummy500.questions import discard, parse_position  # noqa: E402
from analyzer.games.rummy500.strategies import STRATEGIES, discard_features  # noqa: E402
from analyzer.games.rummy500.trust import discard_position, positions  # noqa: E402
from scripts.fitting import add_fit_args, ascend  # noqa: E402

NAMES = ("keep", "feed", "dpair", "drun", "dvalue", "dace")


def collect(n: int, seed: int, question_deals: int, threads: int):
    """``n`` positions of ``seed``: for each, the cards the rule may throw as rows of
    (minus its features, its value, 1 for an ace: the score is the row times the weights)
    and their margins from the ``discard`` question (same deals)."""
    out = []
    for board, p, setup, draw, rng in positions(seed):
        if len(out) >= n:
            break
        got = discard_position(board, p, 4, draw, setup, rng)
        if got is None:
            continue
        d, kept = got
        pos = parse_position(d.kwargs["hand"], d.kwargs["pile"], d.kwargs["table"], 4, d.kwargs["held"], None,
                             None, None, "discard")
        hand = np.bincount(np.array(pos.hand, np.int64), minlength=64).astype(np.int64)
        pile_cnt = np.bincount(np.array(pos.pile, np.int64), minlength=64).astype(np.int64)
        vals = pos.options.values_table()
        t = discard(**d.kwargs, deals=question_deals, seed=len(out), threads=threads).table
        margin = {r.card: float(r.mean_margin) for r in t.itertuples()}
        feats, ms = [], []
        for b in range(64):
            if b == JOKER_BIT or hand[b] <= kept[b]:
                continue
            m = margin.get(card_text(b))
            if m is None:                   # the card taken alone from the pile
                continue
            f = discard_features(hand, b, pos.tab, np.int64(pos.ntab), held_mask(pile_cnt), pile_cnt[JOKER_BIT],
                                 vals)
            feats.append([-x for x in f] + [float(vals[b]), 1.0 if (b & 15) == 1 else 0.0])
            ms.append(m)
        if len(ms) >= 2:
            out.append((np.array(feats, float), np.array(ms, float), max(margin.values())))
    return out


def scores(f: np.ndarray, w: np.ndarray) -> np.ndarray:
    return f @ w


def grad_fn(data, beta, held=()):
    def grad(w):
        g = np.zeros_like(w)
        for f, m, _ in data:
            s = beta * scores(f, w)
            p = np.exp(s - s.max())
            p /= p.sum()
            e = p @ m
            # d(sum p m)/dw = beta * sum p (m - e) * d(score)/dw, and d(score)/dw = f
            g += beta * ((p * (m - e)) @ f)
        g = g / len(data)
        g[list(held)] = 0.0
        return g
    return grad


def check(data, w):
    """Mean margin lost to the question's best, and the share of positions where the rule
    throws the best card (among the ones it may throw)."""
    lost, best = [], []
    for f, m, top in data:
        k = int(np.argmax(scores(f, w)))
        lost.append(top - m[k])
        best.append(m[k] == m.max())
    return float(np.mean(lost)), float(np.std(lost) / np.sqrt(len(lost))), float(np.mean(best))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_fit_args(ap, deals=400, iters=2000)
    ap.add_argument("--question-deals", type=int, default=3000, help="the discard question's deals a position")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--hold", default="", help="weights kept as they are (comma-separated names)")
    ap.set_defaults(beta=1.0)
    a = ap.parse_args(argv)
    if a.quick:
        a.deals, a.iters, a.question_deals = 20, 40, 500
    par = STRATEGIES["holder"]
    w0 = np.array([par[k] for k in NAMES], float)
    held = [NAMES.index(k.strip()) for k in a.hold.split(",") if k.strip()]
    train = collect(a.deals, a.seed, a.question_deals, a.threads)
    test = collect(a.deals, a.test_seed, a.question_deals, a.threads)
    w = ascend(grad_fn(train, a.beta, held), w0, a.iters)
    print("weights:", ", ".join(f"{k}={v:.2f}" for k, v in zip(NAMES, w)))
    for name, ww in (("today's", w0), ("fitted", w)):
        for label, data in (("fit", train), ("held out", test)):
            lost, se, share = check(data, ww)
            print(f"{name:8s} {label:9s}: {lost:.2f} ± {se:.2f} points behind the question's best; "
                  f"the best card {100 * share:.1f}%")


if __name__ == "__main__":
    main()

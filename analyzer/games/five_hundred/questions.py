"""Five Hundred questions: "what should I bid with this hand?"."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...answer import Answer
from ...sim.question import Plan
from ...sim.rng import seed_key
from ...stats import hist_mean_se, wilson
from .bidding import ALL_CONTRACTS, Contract, allowed, parse_contract, parse_contracts
from .deck import DECK, HAND_SIZE, KITTY_SIZE, N_TRICKS
from .rules import N_STRAINS, Options, BIT_OF, rule_tables
from .scoring import score_deal

DEFAULT_DEALS = 100_000
DEFAULT_DEALS_DD = 1_000      # double-dummy play: answers in well under a minute on 2 cores
DD_CHUNK = 64                 # deals per chunk with double-dummy play (progress, interrupts)
PLAY_MODELS = ("heuristic", "dd")


PLAN = Plan("Five Hundred", {"heuristic": DEFAULT_DEALS, "dd": DEFAULT_DEALS_DD}, chunk_size={"dd": DD_CHUNK},
            desc={"heuristic": "playing", "dd": "solving"})


def _byte_tables() -> np.ndarray:
    tables = np.zeros((N_STRAINS, 6, 256), np.uint64)
    for strain in range(N_STRAINS):
        for b in range(6):
            for v in range(256):
                m = 0
                for j in range(8):
                    cid = 8 * b + j
                    if (v >> j) & 1 and cid < DECK.size:
                        m |= 1 << int(BIT_OF[strain, cid])
                tables[strain, b, v] = m
    return tables


BYTE_TABLES = _byte_tables()


def kind_of(contract: Contract) -> int:
    if contract.is_misere:
        return 6 if contract.open else 5
    return contract.strain


def simulate_tricks(hand_ids, kinds, deals, seed, options, threads=None, progress=False,
                    play="heuristic"):
    """Histogram of the contractor side's tricks, shape (len(kinds), 11), and the run.

    ``play="dd"``: double-dummy results on the same deals (misère rows: 0 made, 1 failed)."""
    from .play import bid_chunk

    hand_mask = DECK.mask(hand_ids)
    pool = np.array([c for c in range(DECK.size) if c not in set(hand_ids)], np.int64)
    counts = np.array([KITTY_SIZE, 0, HAND_SIZE, HAND_SIZE, HAND_SIZE], np.int64)
    fixed = np.array([0, hand_mask, 0, 0, 0], np.uint64)
    kinds = np.asarray(kinds, np.int64)
    tables = rule_tables(options)
    key0 = seed_key(seed)

    if play == "dd":
        from .dd import bid_chunk_dd, new_dd_table, new_stats

        def chunk(start, n):
            hist = np.zeros((len(kinds), N_TRICKS + 1), np.int64)
            if n:
                bid_chunk_dd(key0, np.int64(start), np.int64(n), pool, counts, fixed, kinds, tables,
                             BYTE_TABLES, hist, new_dd_table(), new_stats())
            return hist

        return PLAN.run(chunk, deals, play, threads, progress)

    def chunk(start, n):
        hist = np.zeros((len(kinds), N_TRICKS + 1), np.int64)
        if n:
            bid_chunk(key0, np.int64(start), np.int64(n), pool, counts, fixed, kinds, tables,
                      BYTE_TABLES, hist)
        return hist

    return PLAN.run(chunk, deals, play, threads, progress)


def bid(hand: str, deals: int | None = None, seed: int | None = None, over: str | None = None,
        contracts: str | None = None, play: str = "heuristic", threads: int | None = None,
        rules: list[str] | None = None, progress: bool = False) -> Answer:
    """P(make), tricks and expected score of every contract for the player's 10 cards,
    the player being the contractor (seat S, partner N) after taking the kitty.
    ``deals`` defaults to DEFAULT_DEALS (heuristic play) or DEFAULT_DEALS_DD (dd)."""
    deals, seed = PLAN.check(deals, seed, threads, play)
    options = Options.parse(rules)
    hand_ids = DECK.parse_cards(hand, "hand", HAND_SIZE)
    over_c = parse_contract(over) if over is not None else None
    chosen = parse_contracts(contracts) if contracts is not None else list(ALL_CONTRACTS)
    chosen.sort(key=ALL_CONTRACTS.index)  # rows in table order: 6♠ … 10NT, misère, open misère
    kinds = sorted({kind_of(c) for c in chosen})
    run = simulate_tricks(hand_ids, kinds, deals, seed, options, threads, progress, play)
    notes = PLAN.notes(run, deals, play)
    n = run.n_done
    hist = run.stats
    tricks = np.arange(N_TRICKS + 1)
    rows = []
    for c in chosen:
        h = hist[kinds.index(kind_of(c))]
        made = h[0] if c.is_misere else h[c.level:].sum()
        lo, hi = wilson(made, n)
        ours_minus_theirs = np.array([np.subtract(*score_deal(c, t)) for t in tricks], float)
        ev, ev_se = hist_mean_se(ours_minus_theirs, h)
        rows.append({
            "action": c.name, "contract": c.label, "allowed": allowed(c, over_c, options),
            "p_make": made / n, "p_make_lo": float(lo), "p_make_hi": float(hi),
            "mean_tricks": float((tricks * h).sum() / n), "ev": ev, "ev_se": ev_se,
        })
    table = pd.DataFrame(rows)
    best, recommendation = _recommend(table)
    dist = pd.DataFrame(hist / n, index=[
        ("open misère" if k == 6 else "misère" if k == 5 else
         ("♠", "♣", "♦", "♥", "NT")[k]) for k in kinds], columns=tricks)
    meta = {"hand": DECK.format_cards(hand_ids), "deals": int(n), "seed": seed, "play": play,
            "over": over_c.name if over_c else None, "rules": options.__dict__.copy()}
    if play == "dd" and any(c.is_misere for c in chosen):
        notes.append("double-dummy misère records made (0) or failed (1): its tricks column is the "
                     "share of deals the defenders can beat")
    return Answer("five-hundred", "bid", table, best, recommendation, meta,
                  {"distribution": dist, "elapsed": run.elapsed}, notes)


def _recommend(table: pd.DataFrame) -> tuple[str, str]:
    allowed_rows = table[table["allowed"]]
    if allowed_rows.empty:
        return "pass", "pass: no listed contract may be bid over the current bid"
    top = allowed_rows.loc[allowed_rows["ev"].idxmax()]
    if top["ev"] < 0:
        return "pass", (f"pass: every allowed contract loses points on average "
                        f"(the best, {top['contract']}, averages {top['ev']:+.0f})")
    return top["action"], (f"bid {top['contract']}: makes {100 * top['p_make']:.1f}% "
                           f"({100 * top['p_make_lo']:.1f}-{100 * top['p_make_hi']:.1f}%), "
                           f"expected score {top['ev']:+.1f} ± {top['ev_se']:.1f}")

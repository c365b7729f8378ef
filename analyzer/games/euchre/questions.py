"""Euchre questions: "should I order it up?" (round one) and "should I call?" (round two).

The player asking is seat 0.  Every simulated deal gives the other players hands
consistent with what the player saw: their own cards and the upcard, and the passes made
before the question.  Every seat that spoke before the question holds a hand whose policy
passes at each of its turns so far (in round two its round-one pass too), dealt seat by
seat with the exact method of ``sim.constrained``: the seat whose passes are rarest first,
from the list of its passing hands (so passes one deal in a thousand cost nothing), each
other one from a batch of draws or from all its possible hands, the deal weighted by the
number that fit; the seats yet to speak and the stock share what is left.  Statistics are
weighted, and the answer states the effective number of deals, the acceptance rate (deals
per hand drawn) and the chance of those passes.  The same deal is then played out once
per action open now; after the player's action the others (and the player, later in the
auction) bid by the policies in ``bidding``, a redeal scores 0, and the hand is played by
the heuristic players (``play="dd"``: the five tricks are solved double-dummy, ``dd``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ...answer import Answer
from ...verdict import lead as lead_over, lead_versus, recommend
from ...cards import JOKER, SUIT_SYMBOLS, SUITS, suit_of
from ...errors import InputError
from ...fmt import percent, percent_with
from ...options import check_condition, check_examples, unconditioned_note
from ...sim import question
from ...sim.constrained import (C_SIZE, C_W, C_W2, acceptance, constrained_note, deals_used, p_fit,
                               table_size, weight_scale)
from ...sim.leads import paired_outcomes
from ...sim.question import Plan
from ...sim.rng import seed_key, stream_key
from ...stats import Z95, weighted_mean_se, wilson
from .bidding import DEFAULT_POLICY, PASS
from .deck import HAND_SIZE, N_TRICKS, nat_bit, nat_mask
from .equity import equity_table, parse_score, values_after
from .play import OPT_JOKER_REDEAL, OPT_NO_UP_DISCARD, OPT_STICK, passing_hands, question_chunk
from .rules import Options, legal_calls, legal_discards, rule_tables
from .scoring import N_OUTCOMES, OUTCOME_POINTS, REDEAL

DEFAULT_DEALS = 100_000
DEFAULT_DEALS_DD = 20_000       # double-dummy: see README (a few seconds on 2 cores)
DD_CHUNK = 1_000                # deals per chunk with double-dummy play (progress, interrupts)
DEFAULT_DEALS_PIMC = 2_000      # single-dummy: see README (well under a minute on 2 cores) ...
PIMC_PLAYOUTS = 6_000           # ... and at most this many play-outs (deals x actions) by default
MIN_DEALS_PIMC = 500
PIMC_CHUNK = 25
PLAY_MODELS = ("heuristic", "dd", "pimc")
DD_NOTE = ("dd: double-dummy play of the five tricks, every hand visible and perfect play by "
           "both sides (the auction and the dealer's discard as with heuristic play)")
PIMC_NOTE = ("pimc: single-dummy play of the five tricks at every seat; each card chosen in {w} sampled "
             "layouts of the cards the player cannot see (uniform given its hand, the cards played, the "
             "voids shown and the upcard; the auction is not used), solved double-dummy, aiming at the "
             "makers' 3 tricks (then the march); the auction and the dealer's discard as with heuristic play")
# Hands drawn for each constrained seat after the first (``sim.constrained``; a seat with
# at most this many possible hands gets every one, as the last of three does from the 8
# cards left of the 24-card deck).  The weights' spread comes mostly from how much the
# later seats' chances vary with the earlier hands, not from the batch: 64 gives about as
# many effective deals as 2048 at a fraction of the cost (four-handed dealer, round two:
# 85% of them in 6% of the time), and keeps the weights small (w < 2**12).
BATCH = 64
P_WIN_MEANING = ("P(win): the chance your side wins the game (first to 10) from {score}: each outcome's "
                 "points added (a redeal keeps the score), {next} next, and the equity table's chance from there")
EQUITY_NOTE = ("P(win the game) by the equity table of {deals:,} self-play hands (the policies' bidding and "
               "heuristic play, which ignore the score; the table's own standard error at most {se} percentage points); "
               "at {score} with {dealing} dealing the policies win {now} of games")
EV_MEANING = ("EV: expected points for the hand, your side's minus the other side's "
              "(make +1, march +2, lone march +4, euchred -2; the same for them; a redeal 0)")


@dataclass(frozen=True)
class Action:
    key: str        # action id in JSON: order, order_alone, accept, pass, call_H, ...
    label: str      # for people
    code: int       # kernel action code: -1 pass, else 2 * suit + alone
    discard: int = -1   # deck id the dealer throws (accept), -1: the heuristic's choice


def flags_of(options: Options) -> int:
    f = 0
    if options.stick_the_dealer:
        f |= OPT_STICK
    if options.joker_up == "redeal":
        f |= OPT_JOKER_REDEAL
    if options.discard_upcard == "no":
        f |= OPT_NO_UP_DISCARD
    return f


PLAN = Plan("Euchre", {"heuristic": DEFAULT_DEALS, "dd": DEFAULT_DEALS_DD, "pimc": DEFAULT_DEALS_PIMC},
            chunk_size={"dd": DD_CHUNK, "pimc": PIMC_CHUNK},
            model_notes={"dd": DD_NOTE}, desc={"dd": "solving", "pimc": "single-dummy"})


def solver_arrays(play):
    """(transposition table, stats) for the chunk kernels, None for heuristic play
    (``question.solver_arrays``)."""
    from .dd import new_dd_table, new_stats
    return question.solver_arrays(play in ("dd", "pimc"), new_dd_table, new_stats)


def check_worlds(worlds) -> int:
    """The number of sampled layouts per single-dummy decision (``--worlds``), validated
    whenever given; the default when None."""
    from .pimc import DEFAULT_WORLDS
    if worlds is None:
        return DEFAULT_WORLDS
    if isinstance(worlds, bool) or int(worlds) != worlds or not 1 <= int(worlds) <= 4096:
        raise InputError(f"--worlds must be 1 to 4096, got {worlds}")
    return int(worlds)


def seat_and_dealer(options: Options, dealer: str | None, seat: int | None) -> tuple[int, int]:
    """(the player's position after the dealer 1..n, the dealer's seat number) with the
    player as seat 0."""
    n = options.players
    if dealer is not None and dealer not in ("me", "them"):
        raise InputError(f"--dealer must be me or them, got {dealer!r}")
    if n == 2:
        if seat is not None and seat not in (1, 2):
            raise InputError(f"--seat must be 1 (non-dealer) or 2 (dealer) with 2 players, got {seat}")
        pos = seat if seat is not None else (2 if dealer == "me" else 1)
        if dealer is not None and (pos == 2) != (dealer == "me"):
            raise InputError("--dealer and --seat disagree")
    else:
        if seat is not None and not 1 <= seat <= 4:
            raise InputError(f"--seat must be 1..4 with 4 players (4 = dealer), got {seat}")
        pos = seat if seat is not None else (4 if dealer == "me" else 1)
        if dealer is not None and (pos == 4) != (dealer == "me"):
            raise InputError(f"--dealer {dealer} and --seat {pos} disagree (seat 4 is the dealer)")
    return pos, (-pos) % n


def _suit_text(s: int) -> str:
    return SUIT_SYMBOLS[s]


def _parse_single(deck, text, what):
    ids = deck.parse_cards(text, what)
    if len(ids) != 1:
        raise InputError(f"--{what} takes one card, got {len(ids)}")
    return ids[0]


def _setup(hand, card, what, options, dealer, seat):
    deck = options.deck_obj
    hand_ids = deck.parse_cards(hand, "hand", HAND_SIZE)
    card_id = _parse_single(deck, card, what)
    if card_id in hand_ids:
        raise InputError(f"the {what} {deck.format(card_id)} is in your hand")
    pos, dealer_seat = seat_and_dealer(options, dealer, seat)
    return deck, hand_ids, card_id, pos, dealer_seat


def order(hand: str, upcard: str, dealer: str | None = None, seat: int | None = None,
          players: int = 2, deck: int = 24, stick_the_dealer: bool = False,
          deals: int | None = None, seed: int | None = 0, play: str = "heuristic",
          threads: int | None = None, rules: list[str] | None = None,
          progress: bool = False, worlds: int | None = None, condition: str = "policy",
          score: str | None = None, examples: int = 0) -> Answer:
    """Round one: order up / accept (with the best discard) / go alone / pass.  ``play``:
    "heuristic", "dd" (double-dummy) or "pimc" (single-dummy at every seat, ``worlds``
    layouts a card).  ``condition``: "policy" (the seats before you pass by the policies)
    or "none" (the unseen cards dealt uniformly).  ``score`` ("US:THEM", e.g. "8:9"):
    every action also gets P(win the game) (``equity``), and the recommendation is by it.
    ``examples``: also show this many deals behind the answer (``examples``: where the
    recommended action does worse than the next best, and better), in ``Answer.examples``."""
    check_condition(condition)
    check_examples(examples)
    score_pair = parse_score(score)
    given = deals
    deals, seed = PLAN.check(deals, seed, threads, play)
    n_worlds = check_worlds(worlds)
    options = Options.make(players, deck, stick_the_dealer, rules)
    d, hand_ids, up_id, pos, dealer_seat = _setup(hand, upcard, "upcard", options, dealer, seat)
    n = options.players
    up_code = d.codes[up_id]
    i_deal = dealer_seat == 0
    actions: list[Action] = []
    if up_code == JOKER:
        if options.joker_up == "redeal":
            raise InputError("the joker was turned up: under rule joker_up=redeal the hand is redealt")
        if not i_deal:
            raise InputError("the joker was turned up: the dealer names trump, you have nothing to decide")
        for s in range(4):
            actions.append(Action(f"name_{SUITS[s]}", f"name {_suit_text(s)}", 2 * s))
            if n == 4:
                actions.append(Action(f"name_{SUITS[s]}_alone", f"name {_suit_text(s)} alone", 2 * s + 1))
    else:
        ut = suit_of(up_code)
        alones = (0, 1) if n == 4 else (0,)
        if i_deal:
            pickable = legal_discards(hand_ids, up_id, options.discard_upcard)
            for alone in alones:
                for c in pickable:
                    actions.append(Action("accept_alone" if alone else "accept",
                                          "accept alone" if alone else "accept", 2 * ut + alone, c))
        else:
            partner_deals = n == 4 and pos == 2
            for alone in alones:
                label = "order up" + (" alone" if alone else "")
                if partner_deals and alone:
                    label += " (the dealer sits out)"
                actions.append(Action("order_alone" if alone else "order", label, 2 * ut + alone))
        actions.append(Action("pass", "pass", PASS))
    deals = default_pimc_deals(given, deals, play, len(actions))
    return _ask("order", options, d, hand_ids, up_id, pos, dealer_seat, pos - 1, actions,
                deals, seed, play, threads, progress, n_worlds, condition, score_pair, examples)


def call(hand: str, turned_down: str, dealer: str | None = None, seat: int | None = None,
         players: int = 2, deck: int = 24, stick_the_dealer: bool = False,
         deals: int | None = None, seed: int | None = 0, play: str = "heuristic",
         threads: int | None = None, rules: list[str] | None = None,
         progress: bool = False, worlds: int | None = None, condition: str = "policy",
         score: str | None = None, examples: int = 0) -> Answer:
    """Round two: name each allowed suit (alone too, four-handed) or pass (``play``,
    ``condition``, ``score`` and ``examples`` as for ``order``)."""
    check_condition(condition)
    check_examples(examples)
    score_pair = parse_score(score)
    given = deals
    deals, seed = PLAN.check(deals, seed, threads, play)
    n_worlds = check_worlds(worlds)
    options = Options.make(players, deck, stick_the_dealer, rules)
    d, hand_ids, up_id, pos, dealer_seat = _setup(hand, turned_down, "turned-down", options,
                                                  dealer, seat)
    n = options.players
    up_code = d.codes[up_id]
    if up_code == JOKER:
        raise InputError("the joker is never turned down: when it is turned up the dealer names trump")
    ut = suit_of(up_code)
    actions = []
    calls = legal_calls(2, dealer_seat == 0, ut, options.stick_the_dealer)
    for s in calls:
        if s == PASS:
            continue
        actions.append(Action(f"call_{SUITS[s]}", f"call {_suit_text(s)}", 2 * s))
        if n == 4:
            actions.append(Action(f"call_{SUITS[s]}_alone", f"call {_suit_text(s)} alone", 2 * s + 1))
    if PASS in calls:
        actions.append(Action("pass", "pass", PASS))
    deals = default_pimc_deals(given, deals, play, len(actions))
    return _ask("call", options, d, hand_ids, up_id, pos, dealer_seat, n + pos - 1, actions,
                deals, seed, play, threads, progress, n_worlds, condition, score_pair, examples)


def default_pimc_deals(given, deals, play, n_actions) -> int:
    """With single-dummy play and no --deals: DEFAULT_DEALS_PIMC, fewer for many actions
    (PIMC_PLAYOUTS play-outs, at least MIN_DEALS_PIMC deals)."""
    if given is not None or play != "pimc":
        return deals
    return max(MIN_DEALS_PIMC, min(DEFAULT_DEALS_PIMC, PIMC_PLAYOUTS // max(n_actions, 1)))


def deal_layout(n, deck, hand_ids, up_id):
    """What the dealing kernel needs: (my hand, upcard) as natural masks, the pool of unseen
    cards' natural bits, the slot sizes, and each other seat's slot (the stock is a slot)."""
    my = np.uint64(nat_mask(deck, hand_ids))
    up = np.uint64(1 << nat_bit(deck.codes[up_id]))
    seen = set(hand_ids) | {up_id}
    pool = np.array([nat_bit(deck.codes[i]) for i in range(deck.size) if i not in seen], np.int64)
    stock = len(pool) - HAND_SIZE * (n - 1)
    seat_slot = np.full(n, -1, np.int64)
    if stock >= HAND_SIZE:        # the biggest slot last: it is filled without draws
        counts = [HAND_SIZE] * (n - 1) + [stock]
        seat_slot[1:] = np.arange(n - 1)
    else:
        counts = [stock] + [HAND_SIZE] * (n - 1)
        seat_slot[1:] = np.arange(1, n)
    return my, up, pool, np.array(counts, np.int64), seat_slot


def conditioned_seats(n, dealer_seat, decision_turn, joker_up) -> list[int]:
    """The other seats that spoke before the question (turn k is seat dealer+1+k), in the
    order they first spoke: each of them passed at every turn it had.  None when the joker
    is turned up (only the dealer speaks, and he is the one asking)."""
    if joker_up:
        return []
    seats: list[int] = []
    for k in range(decision_turn):
        p = (dealer_seat + 1 + k) % n
        if p != 0 and p not in seats:
            seats.append(p)
    return seats


def position_of(p, n, dealer_seat) -> int:
    """Seat ``p``'s position after the dealer, 1..n (the numbering of ``--seat``)."""
    return (p - dealer_seat - 1) % n + 1


def passing_tables(pool, seats, n, dealer_seat, up, decision_turn, flags) -> dict:
    """Each constrained seat's passing hands among all hands of the unseen cards (the
    first-seat tables of ``sim.constrained``), or {} when they are too many to list."""
    size = table_size(len(pool), HAND_SIZE)
    if not size:
        return {}
    out = {}
    for p in seats:
        buf = np.empty(size, np.uint64)
        kept = passing_hands(pool, np.int64(p), np.int64(n), np.int64(dealer_seat), up,
                             np.int64(decision_turn), np.int64(flags), DEFAULT_POLICY, buf)
        out[p] = (buf[:kept].copy(), kept / size)
    return out


def simulate(options, deck, hand_ids, up_id, dealer_seat, decision_turn, actions, deals, seed,
             threads=None, progress=False, play="heuristic", n_worlds=32, condition="policy", keep=None):
    """Run the question kernel; returns (weighted hist (A, outcomes), weighted trick_hist
    (A, 2, 6), the weighted joint outcomes of every two actions (A, A, outcomes, outcomes;
    ``sim.leads.book_joint``), dealing counters (``sim.constrained``), the constrained seats in the order
    dealt, the chance that they pass (``sim.constrained.p_fit``), run).

    The seat whose passes are rarest (each listed among all hands of the unseen cards) is
    dealt first, from its table of passing hands; the others follow in speaking order.
    ``condition="none"``: no seat constrained, every other hand dealt uniformly.  ``keep``
    (a dict): receives the kernel's arguments (``examples`` replays the deals with them)."""
    n = options.players
    my, up, pool, _, _ = deal_layout(n, deck, hand_ids, up_id)
    constrained = (conditioned_seats(n, dealer_seat, decision_turn, deck.codes[up_id] == JOKER)
                   if condition == "policy" else [])
    flags = flags_of(options)
    fits = passing_tables(pool, constrained, n, dealer_seat, up, decision_turn, flags)
    table, p_first = np.zeros(0, np.uint64), 1.0
    if fits:
        never = [position_of(p, n, dealer_seat) for p in constrained if fits[p][1] == 0]
        if never:
            raise InputError(f"seat {', '.join(map(str, never))} would not have passed with any hand of "
                             "the cards you do not see (bidding policies): this cannot happen")
        rarest = min(constrained, key=lambda p: fits[p][1])
        constrained = [rarest] + [p for p in constrained if p != rarest]
        table, p_first = fits[rarest]
    free = [p for p in range(1, n) if p not in constrained]
    constrained_a, free_a = np.array(constrained, np.int64), np.array(free, np.int64)
    sizes = np.full(n, HAND_SIZE, np.int64)
    acts = np.array([a.code for a in actions], np.int64)
    discards = np.array([0 if a.discard < 0 else 1 << nat_bit(deck.codes[a.discard])
                         for a in actions], np.uint64)
    tables = rule_tables(options.deck)
    key0 = seed_key(seed)
    A = len(actions)
    size_h, size_t = A * N_OUTCOMES, A * 2 * (N_TRICKS + 1)
    if keep is not None:
        keep.update(key0=key0, pool=pool, sizes=sizes, constrained=constrained_a, free=free_a, table=table, my=my,
                    up=up, n=n, dealer=dealer_seat, decision_turn=decision_turn, acts=acts, discards=discards,
                    tables=tables, flags=flags)

    size_j = A * A * N_OUTCOMES * N_OUTCOMES

    def chunk(start, count):
        out = np.zeros(size_h + size_t + size_j + C_SIZE, np.int64)
        if count:
            hist = np.zeros((A, N_OUTCOMES), np.int64)
            trick_hist = np.zeros((A, 2, N_TRICKS + 1), np.int64)
            joint = np.zeros((A, A, N_OUTCOMES, N_OUTCOMES), np.int64)
            counters = np.zeros(C_SIZE, np.int64)
            if play == "pimc":
                from .pimc import question_chunk_pimc
                tt, dstats = solver_arrays(play)
                question_chunk_pimc(key0, np.int64(start), np.int64(count), pool, sizes, constrained_a, free_a,
                                    table, my, up, np.int64(n), np.int64(dealer_seat), np.int64(decision_turn),
                                    acts, discards, tables, np.int64(flags), DEFAULT_POLICY, np.int64(BATCH),
                                    hist, trick_hist, joint, counters, np.int64(n_worlds), tt, dstats)
            else:
                question_chunk(key0, np.int64(start), np.int64(count), pool, sizes, constrained_a, free_a,
                               table, my, up, np.int64(n), np.int64(dealer_seat), np.int64(decision_turn), acts,
                               discards, tables, np.int64(flags), DEFAULT_POLICY, np.int64(BATCH),
                               hist, trick_hist, joint, counters, *solver_arrays(play))
            out[:size_h] = hist.ravel()
            out[size_h:size_h + size_t] = trick_hist.ravel()
            out[size_h + size_t:size_h + size_t + size_j] = joint.ravel()
            out[size_h + size_t + size_j:] = counters
        return out

    run = PLAN.run(chunk, deals, play, threads, progress)
    s = run.stats
    counters = s[size_h + size_t + size_j:]
    scale = weight_scale(len(pool), [HAND_SIZE] * len(constrained), BATCH, table=len(table) > 0)
    return (s[:size_h].reshape(A, N_OUTCOMES), s[size_h:size_h + size_t].reshape(A, 2, N_TRICKS + 1),
            s[size_h + size_t:size_h + size_t + size_j].reshape(A, A, N_OUTCOMES, N_OUTCOMES),
            counters, constrained, p_fit(counters, scale, p_first), run)


def _row(action: Action, h, th, deck, sw2, win_after=None) -> dict:
    """One action's row from its weighted outcome histogram ``h`` (sum of the weights per
    outcome) and trick histogram ``th``; ``sw2``: the sum of the squared weights (the
    intervals and standard errors are on the effective number of deals).  ``win_after``
    (with a score): P(win the game) after each outcome (``equity.values_after``), which
    adds ``p_win`` (its weighted mean), ``p_win_se``, a 95% interval, and the outcomes
    the other columns lump together (``p_lone_march`` of ``p_march``; ``p_they_march``,
    ``p_they_lone_march`` of ``p_they_make``), so that every outcome's share is there."""
    n = float(h.sum())
    made = h[0] + h[1] + h[2]
    pts = np.asarray(OUTCOME_POINTS, float)
    ev, ev_se, n_eff = weighted_mean_se(n, float((pts * h).sum()), float((pts * pts * h).sum()), float(sw2))
    lo, hi = wilson(made / n * n_eff, n_eff)
    played = th.sum()
    tricks = np.arange(N_TRICKS + 1)
    row = {
        "action": action.key, "label": action.label,
        "discard": deck.format(action.discard) if action.discard >= 0 else None,
        "p_make": made / n, "p_make_lo": float(lo), "p_make_hi": float(hi),
        "p_march": (h[1] + h[2]) / n, "p_euchred": h[3] / n,
        "p_they_make": (h[4] + h[5] + h[6]) / n, "p_they_euchred": h[7] / n,
        "p_redeal": h[REDEAL] / n,
        "mean_tricks": float((th.sum(axis=0) * tricks).sum() / played) if played else float("nan"),
        "ev": ev, "ev_se": ev_se,
    }
    if win_after is not None:
        p, se, _ = weighted_mean_se(n, float((win_after * h).sum()), float((win_after ** 2 * h).sum()), float(sw2))
        row.update(p_win=p, p_win_se=se, p_win_lo=max(p - Z95 * se, 0.0), p_win_hi=min(p + Z95 * se, 1.0),
                   p_lone_march=h[2] / n, p_they_march=h[5] / n, p_they_lone_march=h[6] / n)
    return row


def _ask(question, options, deck, hand_ids, up_id, pos, dealer_seat, decision_turn, actions,
         deals, seed, play, threads, progress, n_worlds=32, condition="policy", score=None,
         examples=0) -> Answer:
    kernel: dict = {}
    hist, trick_hist, joint, counters, constrained, p_passes, run = simulate(
        options, deck, hand_ids, up_id, dealer_seat, decision_turn, actions, deals, seed, threads,
        progress, play, n_worlds, condition, kernel)
    notes = PLAN.notes(run, deals, play)
    if play == "pimc":
        notes.insert(0, PIMC_NOTE.format(w=n_worlds))
    n_players = options.players
    labels = sorted(position_of(p, n_players, dealer_seat) for p in constrained)
    if counters[C_W] == 0:
        raise InputError(f"none of {run.n_done:,} deals gave seat {', '.join(map(str, labels))} "
                         "hands that pass before you under the bidding policies (so rare as to be "
                         "near impossible with your cards); try more --deals")
    played, n_eff, drawn = deals_used(counters)
    accepted = acceptance(counters)
    win_after, equity, by = None, None, "ev"
    if score is not None:
        equity = equity_table(options)
        win_after = values_after(equity, *score, we_deal_now=dealer_seat % 2 == 0)
        by = "p_win"
    rows = [_row(a, hist[i], trick_hist[i], deck, counters[C_W2], win_after) for i, a in enumerate(actions)]
    # A dealer's pickup is one option per action kind: keep its best discard, list the rest.
    discard_table: dict[str, list] = {}
    best_rows: dict[str, dict] = {}
    order_keys: list[str] = []
    for a, r in zip(actions, rows):
        if a.discard >= 0:
            discard_table.setdefault(a.key, []).append(
                {k: r[k] for k in ("discard", "ev", "ev_se", "p_make", "p_win", "p_win_se") if k in r})
        if a.key not in best_rows:
            order_keys.append(a.key)
            best_rows[a.key] = r
        elif r[by] > best_rows[a.key][by]:
            best_rows[a.key] = r
    table = pd.DataFrame([best_rows[k] for k in order_keys])
    table["discard"] = table["discard"].astype(object).where(table["discard"].notna(), None)
    action_rows = {k: next(i for i, r in enumerate(rows) if r is best_rows[k]) for k in order_keys}
    values = np.asarray(OUTCOME_POINTS, float) if win_after is None else np.asarray(win_after, float)
    scale = 1.0 if win_after is None else 100.0      # the lead in points of P(win)

    def paired(ka: str, kb: str) -> tuple[float, float]:
        d, se = paired_outcomes(joint, action_rows[ka], action_rows[kb], values, float(counters[C_W2]))
        return scale * d, scale * se

    best, recommendation, verdict = _recommend(table, by, paired)
    position = (("non-dealer", "dealer")[pos - 1] if n_players == 2 else
                ("left of the dealer", "dealer's partner", "right of the dealer", "dealer")[pos - 1])
    what = "upcard" if question == "order" else "turned_down"
    meta = {"hand": deck.format_cards(hand_ids), what: deck.format(up_id), "players": n_players,
            "seat": pos, "position": position, "deals": played, "deals_dealt": int(run.n_done),
            "condition": condition, "conditioned": labels, "effective_deals": n_eff, "acceptance": accepted,
            "hands_drawn_per_deal": drawn, "p_passes": p_passes, "seed": seed, "play": play,
            "rules": options.as_dict(), "ev_meaning": EV_MEANING,
            "score": None if score is None else f"{score[0]}:{score[1]}", **verdict}
    if play == "pimc":
        meta["worlds"] = n_worlds
    if discard_table:
        meta["discards"] = {k: sorted(v, key=lambda x: -x[by]) for k, v in discard_table.items()}
    if equity is not None:
        we_deal = dealer_seat % 2 == 0
        meta.update(we_deal=we_deal, p_win_meaning=P_WIN_MEANING.format(
            score=meta["score"], next="they deal" if we_deal else "your side deals"),
            equity={"p_win_now": equity.win(*score, we_deal), "deals": equity.deals, "seed": equity.seed,
                    "se_max": float(equity.se.max()), "cached": equity.cached, "cache": equity.path,
                    "build_seconds": equity.build_seconds})
        notes.append(EQUITY_NOTE.format(deals=equity.deals, se=f"{100 * equity.se.max():.2f}",
                                        now=percent(equity.win(*score, we_deal)), score=meta["score"],
                                        dealing="your side" if we_deal else "they")
                     + ("" if play == "heuristic" else "; the table is from heuristic play whatever --play"))
    if constrained:
        notes.append(constrained_note(labels, counters, "pass at each of their turns before yours "
                                      "under the bidding policies", p_passes))
    if condition == "none":
        notes.append(unconditioned_note("the passes before you"))
    dist = {r["action"]: trick_hist[i] for i, r in enumerate(rows)}
    shown = []
    if examples:
        from .examples import question_examples
        shown, why_none = question_examples(
            examples, table=table, best=best, key=by, values=values, action_rows=action_rows, actions=actions,
            deck=deck, seed=seed, play=play, n_worlds=n_worlds, deals=deals, kernel=kernel, question=question)
        if why_none:
            notes.append(why_none)
    return Answer("euchre", question, table, best, recommendation, meta,
                  {"elapsed": run.elapsed, "trick_hist": {k: trick_hist[[i for i, a in enumerate(actions)
                                                                         if a.key == k][0]]
                                                          for k in order_keys},
                   "counters": counters, "dist": dist}, notes, examples=shown)


def _recommend(table: pd.DataFrame, by: str, paired) -> tuple[str, str, dict]:
    """(the best action, the sentence, its lead over the next best: ``verdict.lead``'s
    fields, empty with one action): by EV, or with a score (``by="p_win"``) by P(win the
    game).  ``paired(a, b)``: the mean and standard error of action a minus action b on the
    same deals (in points of P(win) with a score)."""
    top = table.loc[table[by].idxmax()]
    others = table[table["action"] != top["action"]]
    second = None if others.empty else others.loc[others[by].idxmax()]
    what = top["label"] + (f", discarding {top['discard']}" if isinstance(top["discard"], str) else "")
    lo, hi = top["ev"] - Z95 * top["ev_se"], top["ev"] + Z95 * top["ev_se"]
    ev = f"expected {top['ev']:+.2f} points (95% interval {lo:+.2f} to {hi:+.2f})"
    if by == "p_win":
        head = f"{what}: P(win the game) {percent_with(top['p_win'], top['p_win_lo'], top['p_win_hi'])}, {ev}"
    elif top["action"] == "pass":
        head = f"pass: {ev}"
    else:
        head = (f"{what}: your side makes {percent_with(top['p_make'], top['p_make_lo'], top['p_make_hi'])}, "
                f"marches {percent(top['p_march'])}, is euchred {percent(top['p_euchred'])}; {ev}")
    if second is None:
        return top["action"], head, {}
    f = lead_over(str(top["label"]), str(second["label"]), *paired(top["action"], second["action"]))
    unit = " points of P(win)" if by == "p_win" else " points"
    return top["action"], recommend(head, f, unit, 2), f


# ----------------------------------------------------------------------------- lead
DEFAULT_LEAD_DEALS = {"dd": 20_000, "pimc": 1_000, "heuristic": 100_000}
LEAD_PLAN = Plan("Euchre", dict(DEFAULT_LEAD_DEALS), chunk_size={"dd": 1_000, "pimc": 20, "heuristic": 5_000},
                 desc={"dd": "solving", "pimc": "single-dummy", "heuristic": "playing"})
LEAD_MODELS = ("dd", "pimc", "heuristic")
SEAT_NAMES = {2: {"me": 1, "dealer": 2}, 4: {"me": 1, "partner": 3, "dealer": 4}}


def parse_seat(text, n: int) -> int:
    """A seat named by its position after the dealer (1 = left of the dealer, on lead to the
    first trick, ... n = the dealer; two-handed 1 non-dealer, 2 dealer) or by name
    (me = 1, partner = 3, dealer = n)."""
    key = str(text).strip().lower()
    names = SEAT_NAMES[n]
    if key in names:
        return names[key]
    if key.isdigit() and 1 <= int(key) <= n:
        return int(key)
    raise InputError(f"--maker must be a seat 1..{n} or {', '.join(names)} at a {n}-handed table, got {text!r}")


def lead(hand: str, trump: str, maker, players: int = 2, alone: bool = False, upcard: str | None = None,
         deck: int = 24, deals: int | None = None, seed: int | None = 0, play: str = "dd",
         worlds: int | None = None, threads: int | None = None, rules: list[str] | None = None,
         progress: bool = False, examples: int = 0) -> Answer:
    """Which card should the player on lead to the first trick (left of the dealer) lead?

    Seats are positions after the dealer: 1 the player asking (left of the dealer, on lead),
    then clockwise, n the dealer (four-handed: 3 the partner).  ``maker``: the seat that
    made ``trump`` (going ``alone``, four-handed; the maker cannot be the asker's partner
    then: the asker would sit out).  ``upcard`` (optional): of the trump suit (or the joker)
    the dealer picked it up and discarded (the heuristic's discard; his partner going alone,
    it is turned down instead); of another suit it was turned down (trump named in round
    two); without it the undealt cards are simply unseen.  The other hands are dealt at
    random from the cards the player does not see (the auction is not used); every
    distinct lead is played on the same deals, the rest by ``play``: "dd" (double-dummy),
    "pimc" (single-dummy at every seat, ``worlds`` layouts a card) or "heuristic".  Rows:
    P(make) for a maker's side, P(set) for a defender's, mean tricks of the player's side,
    and the paired difference from the best lead (95% interval).  ``examples``: also show
    this many deals where the best lead and the next part ways."""
    from ...tricks.dd import MAX_MOVES
    from ...tricks.pimc import candidates
    from ...tricks.tables import R_DECK
    from ...cards import parse_suit
    from ...stats import Z95, moments_mean_se
    from .deck import ids_of_nat
    from ...sim.models import CODES
    from ...sim import leads
    from .pimc import lead_chunk
    from .rules import from_trump, to_trump

    check_examples(examples)
    deals, seed = LEAD_PLAN.check(deals, seed, threads, play)
    n_worlds = check_worlds(worlds)
    options = Options.make(players, deck, False, rules)
    n = options.players
    d = options.deck_obj
    hand_ids = d.parse_cards(hand, "hand", HAND_SIZE)
    ts = parse_suit(trump)
    m_pos = parse_seat(maker, n)
    if alone and n != 4:
        raise InputError("--alone needs 4 players (two-handed, every player is alone)")
    if alone and m_pos == 3:
        raise InputError("your partner goes alone: you sit out and do not lead")
    up_id = None
    if upcard is not None:
        up_id = _parse_single(d, upcard, "upcard")
        if up_id in hand_ids:
            raise InputError(f"the upcard {d.format(up_id)} is in your hand")
    up_code = d.codes[up_id] if up_id is not None else None
    rnd = 1 if up_code is not None and (up_code == JOKER or suit_of(up_code) == ts) else 2
    maker_seat = m_pos - 1
    flags = flags_of(options)
    my = np.uint64(nat_mask(d, hand_ids))
    up = np.uint64(1 << nat_bit(up_code)) if up_code is not None else np.uint64(0)
    seen = set(hand_ids) | ({up_id} if up_id is not None else set())
    pool = np.array([nat_bit(d.codes[i]) for i in range(d.size) if i not in seen], np.int64)
    stock = len(pool) - HAND_SIZE * (n - 1)
    seat_slot = np.zeros(n, np.int64)
    if stock >= HAND_SIZE:        # the biggest slot last: it is filled without draws
        counts = [HAND_SIZE] * (n - 1) + [stock]
        seat_slot[1:] = np.arange(n - 1)
    else:
        counts = [stock] + [HAND_SIZE] * (n - 1)
        seat_slot[1:] = np.arange(1, n)
    counts = np.array(counts, np.int64)
    tables = rule_tables(options.deck)
    rules_t = tables[ts]
    hand_lay = np.uint64(to_trump(my, ts))
    dealer_out = alone and m_pos == 2           # the dealer's partner alone: the dealer sits out
    turned_down = up_code is not None and (rnd == 2 or dealer_out)
    unpl = np.uint64(int(rules_t[R_DECK]) & ~(int(to_trump(up, ts)) if turned_down else 0))
    codes = np.zeros(MAX_MOVES, np.int64)
    members = np.zeros(MAX_MOVES, np.uint64)
    nl = int(candidates(rules_t, hand_lay, hand_lay, np.int64(0), unpl, codes, members))
    codes = codes[:nl].copy()
    model = CODES[play]
    key0 = seed_key(seed)

    def chunk(start, count):
        if not count:
            return leads.pack(nl)
        sums, cm, ct = filled = leads.books(nl)
        tt, dstats = solver_arrays(play)
        lead_chunk(key0, np.int64(start), np.int64(count), pool, counts, seat_slot, my, up, np.int64(rnd),
                   np.int64(ts), np.int64(maker_seat), np.int64(1 if alone else 0), np.int64(n), np.int64(flags),
                   tables, codes, np.int64(model), np.int64(n_worlds) if play != "dd" else None, sums, cm, ct, tt,
                   dstats)
        return leads.pack(nl, filled)

    run = LEAD_PLAN.run(chunk, deals, play, threads, progress)
    notes = LEAD_PLAN.notes(run, deals, play)
    n_done = run.n_done
    sums, cm, ct = leads.unpack(run.stats, nl)
    p = sums[:, 0] / n_done
    mean_t = sums[:, 1] / n_done
    order_key = p * 1000 + mean_t
    top = int(np.argmax(order_key))

    def name(bits):
        return d.format_cards(ids_of_nat(d, int(from_trump(np.uint64(bits), ts))))

    rows = []
    for i in range(nl):
        lo, hi = wilson(sums[i, 0], n_done)
        dm, dm_se = leads.paired(cm, sums[:, 0], i, top, n_done)
        dt, dt_se = leads.paired(ct, sums[:, 1], i, top, n_done)
        _, t_se = moments_mean_se(n_done, sums[i, 1], sums[i, 2])
        run_cards = " ".join(name(1 << b) for b in range(63, -1, -1) if (int(members[i]) >> b) & 1)
        rows.append({"lead": name(1 << int(codes[i])), "equivalent": run_cards, "p_success": p[i],
                     "p_success_lo": float(lo), "p_success_hi": float(hi), "mean_tricks": mean_t[i],
                     "mean_tricks_se": t_se, "vs_best": dm, "vs_best_lo": dm - Z95 * dm_se,
                     "vs_best_hi": dm + Z95 * dm_se, "tricks_vs_best": dt, "tricks_vs_best_se": dt_se})
    table = pd.DataFrame(rows)
    table = table.iloc[np.argsort(-order_key, kind="stable")].reset_index(drop=True)
    mine = (maker_seat & 1) == 0
    what = "makes" if mine else "sets them"
    best = table.iloc[0]
    versus = lead_versus(table)
    recommendation = recommend(f"lead {best['lead']}: your side {what} "
                               f"{percent_with(best['p_success'], best['p_success_lo'], best['p_success_hi'])}, "
                               f"{best['mean_tricks']:.2f} tricks", versus,
                               f" percentage points of P({'make' if mine else 'set'})") if versus else \
        f"lead {best['lead']}: the only distinct lead"
    position = ("non-dealer", "dealer") if n == 2 else ("you", "left of you", "your partner", "the dealer")
    meta = {"hand": d.format_cards(hand_ids), "trump": SUITS[ts], "maker": m_pos,
            "maker_position": position[m_pos - 1] if n == 4 else ("you", "the dealer")[m_pos - 1],
            "side": "makers" if mine else "defenders", "alone": bool(alone), "players": n,
            "upcard": d.format(up_id) if up_id is not None else None,
            "upcard_fate": (None if up_id is None else "turned down" if turned_down else "picked up by the dealer"),
            "deals": int(n_done), "seed": seed, "play": play, "worlds": n_worlds if play == "pimc" else None,
            "success": "make" if mine else "set", "rules": options.as_dict(), **versus}
    if play == "pimc":
        notes.append(PIMC_NOTE.format(w=n_worlds))
    if up_id is None:
        notes.append("no --upcard: the cards not dealt (the upcard among them) are unseen by everybody")
    notes.append("the other hands are dealt at random from the cards you do not see (the auction is not used)")
    notes.append("vs_best: P(" + ("make" if mine else "set") + ") minus the best lead's on the same deals (paired)")
    shown = []
    if examples:
        from ...sim.deal import _deal_into
        from ...sim.examples import lead_examples
        from .examples import SCAN, seat_names
        names = seat_names(n)
        buf = np.empty(pool.shape[0], np.int64)
        dealt = np.empty(counts.shape[0], np.uint64)

        def hands_of(i):
            _deal_into(np.uint64(stream_key(key0, np.int64(i))), pool, counts, np.zeros(counts.shape[0], np.uint64),
                       buf, dealt)
            seats = {names[0]: d.format_cards(hand_ids)}
            seats.update({names[p]: name(dealt[seat_slot[p]]) for p in range(1, n)})
            extra = {"dealer": names[n - 1]}
            if up_id is not None:
                extra["upcard"] = d.format(up_id) + (" (turned down)" if turned_down else " (picked up by the dealer)")
            return seats, extra

        shown, why_none = lead_examples(examples, chunk=chunk, order=np.argsort(-order_key, kind="stable"),
                                        labels=[r["lead"] for r in rows], scan=min(SCAN[play], deals), seed=seed,
                                        hands_of=hands_of, you=names[0],
                                        compass=("N", "W", "E", "S") if n == 4 else None, play=play,
                                        success="made" if mine else "set")
        if why_none:
            notes.append(why_none)
    return Answer("euchre", "lead", table, str(best["lead"]), recommendation, meta, {"elapsed": run.elapsed}, notes,
                  examples=shown)

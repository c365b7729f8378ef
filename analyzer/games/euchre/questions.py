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
from ...cards import JOKER, SUIT_SYMBOLS, SUITS, suit_of
from ...errors import InputError
from ...sim import question
from ...sim.constrained import (C_SIZE, C_W, C_W2, acceptance, constrained_note, deals_used, p_fit,
                               table_size, weight_scale)
from ...sim.question import Plan
from ...sim.rng import seed_key
from ...stats import weighted_mean_se, wilson
from .bidding import DEFAULT_POLICY, PASS
from .deck import HAND_SIZE, N_TRICKS, nat_bit, nat_mask
from .play import OPT_JOKER_REDEAL, OPT_NO_UP_DISCARD, OPT_STICK, passing_hands, question_chunk
from .rules import Options, legal_calls, legal_discards, rule_tables
from .scoring import N_OUTCOMES, OUTCOME_POINTS, REDEAL

DEFAULT_DEALS = 100_000
DEFAULT_DEALS_DD = 20_000       # double-dummy: see README (a few seconds on 2 cores)
DD_CHUNK = 1_000                # deals per chunk with double-dummy play (progress, interrupts)
PLAY_MODELS = ("heuristic", "dd")
DD_NOTE = ("dd: double-dummy play of the five tricks, every hand visible and perfect play by "
           "both sides (the auction and the dealer's discard as with heuristic play)")
# Hands drawn for each constrained seat after the first (``sim.constrained``; a seat with
# at most this many possible hands gets every one, as the last of three does from the 8
# cards left of the 24-card deck).  The weights' spread comes mostly from how much the
# later seats' chances vary with the earlier hands, not from the batch: 64 gives about as
# many effective deals as 2048 at a fraction of the cost (four-handed dealer, round two:
# 85% of them in 6% of the time), and keeps the weights small (w < 2**12).
BATCH = 64
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


PLAN = Plan("Euchre", {"heuristic": DEFAULT_DEALS, "dd": DEFAULT_DEALS_DD}, chunk_size={"dd": DD_CHUNK},
            model_notes={"dd": DD_NOTE}, desc={"dd": "solving"})


def solver_arrays(play):
    """(dd flag, transposition table, stats) for the chunk kernels (``question.solver_arrays``)."""
    from .dd import new_dd_table, new_stats
    return question.solver_arrays(play == "dd", new_dd_table, new_stats)


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
          progress: bool = False) -> Answer:
    """Round one: order up / accept (with the best discard) / go alone / pass."""
    deals, seed = PLAN.check(deals, seed, threads, play)
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
    return _ask("order", options, d, hand_ids, up_id, pos, dealer_seat, pos - 1, actions,
                deals, seed, play, threads, progress)


def call(hand: str, turned_down: str, dealer: str | None = None, seat: int | None = None,
         players: int = 2, deck: int = 24, stick_the_dealer: bool = False,
         deals: int | None = None, seed: int | None = 0, play: str = "heuristic",
         threads: int | None = None, rules: list[str] | None = None,
         progress: bool = False) -> Answer:
    """Round two: name each allowed suit (alone too, four-handed) or pass."""
    deals, seed = PLAN.check(deals, seed, threads, play)
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
    return _ask("call", options, d, hand_ids, up_id, pos, dealer_seat, n + pos - 1, actions,
                deals, seed, play, threads, progress)


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
             threads=None, progress=False, play="heuristic"):
    """Run the question kernel; returns (weighted hist (A, outcomes), weighted trick_hist
    (A, 2, 6), dealing counters (``sim.constrained``), the constrained seats in the order
    dealt, the chance that they pass (``sim.constrained.p_fit``), run).

    The seat whose passes are rarest (each listed among all hands of the unseen cards) is
    dealt first, from its table of passing hands; the others follow in speaking order."""
    n = options.players
    my, up, pool, _, _ = deal_layout(n, deck, hand_ids, up_id)
    constrained = conditioned_seats(n, dealer_seat, decision_turn, deck.codes[up_id] == JOKER)
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

    def chunk(start, count):
        out = np.zeros(size_h + size_t + C_SIZE, np.int64)
        if count:
            hist = np.zeros((A, N_OUTCOMES), np.int64)
            trick_hist = np.zeros((A, 2, N_TRICKS + 1), np.int64)
            counters = np.zeros(C_SIZE, np.int64)
            question_chunk(key0, np.int64(start), np.int64(count), pool, sizes, constrained_a, free_a,
                           table, my, up, np.int64(n), np.int64(dealer_seat), np.int64(decision_turn), acts,
                           discards, tables, np.int64(flags), DEFAULT_POLICY, np.int64(BATCH),
                           hist, trick_hist, counters, *solver_arrays(play))
            out[:size_h] = hist.ravel()
            out[size_h:size_h + size_t] = trick_hist.ravel()
            out[size_h + size_t:] = counters
        return out

    run = PLAN.run(chunk, deals, play, threads, progress)
    s = run.stats
    counters = s[size_h + size_t:]
    scale = weight_scale(len(pool), [HAND_SIZE] * len(constrained), BATCH, table=len(table) > 0)
    return (s[:size_h].reshape(A, N_OUTCOMES), s[size_h:size_h + size_t].reshape(A, 2, N_TRICKS + 1),
            counters, constrained, p_fit(counters, scale, p_first), run)


def _row(action: Action, h, th, deck, sw2) -> dict:
    """One action's row from its weighted outcome histogram ``h`` (sum of the weights per
    outcome) and trick histogram ``th``; ``sw2``: the sum of the squared weights (the
    intervals and standard errors are on the effective number of deals)."""
    n = float(h.sum())
    made = h[0] + h[1] + h[2]
    pts = np.asarray(OUTCOME_POINTS, float)
    ev, ev_se, n_eff = weighted_mean_se(n, float((pts * h).sum()), float((pts * pts * h).sum()), float(sw2))
    lo, hi = wilson(made / n * n_eff, n_eff)
    played = th.sum()
    tricks = np.arange(N_TRICKS + 1)
    return {
        "action": action.key, "label": action.label,
        "discard": deck.format(action.discard) if action.discard >= 0 else None,
        "p_make": made / n, "p_make_lo": float(lo), "p_make_hi": float(hi),
        "p_march": (h[1] + h[2]) / n, "p_euchred": h[3] / n,
        "p_they_make": (h[4] + h[5] + h[6]) / n, "p_they_euchred": h[7] / n,
        "p_redeal": h[REDEAL] / n,
        "mean_tricks": float((th.sum(axis=0) * tricks).sum() / played) if played else float("nan"),
        "ev": ev, "ev_se": ev_se,
    }


def _ask(question, options, deck, hand_ids, up_id, pos, dealer_seat, decision_turn, actions,
         deals, seed, play, threads, progress) -> Answer:
    hist, trick_hist, counters, constrained, p_passes, run = simulate(
        options, deck, hand_ids, up_id, dealer_seat, decision_turn, actions, deals, seed, threads,
        progress, play)
    notes = PLAN.notes(run, deals, play)
    n_players = options.players
    labels = sorted(position_of(p, n_players, dealer_seat) for p in constrained)
    if counters[C_W] == 0:
        raise InputError(f"none of {run.n_done:,} deals gave seat {', '.join(map(str, labels))} "
                         "hands that pass before you under the bidding policies (so rare as to be "
                         "near impossible with your cards); try more --deals")
    played, n_eff, drawn = deals_used(counters)
    accepted = acceptance(counters)
    rows = [_row(a, hist[i], trick_hist[i], deck, counters[C_W2]) for i, a in enumerate(actions)]
    # A dealer's pickup is one option per action kind: keep its best discard, list the rest.
    discard_table: dict[str, list] = {}
    best_rows: dict[str, dict] = {}
    order_keys: list[str] = []
    for a, r in zip(actions, rows):
        if a.discard >= 0:
            discard_table.setdefault(a.key, []).append(
                {"discard": r["discard"], "ev": r["ev"], "ev_se": r["ev_se"], "p_make": r["p_make"]})
        if a.key not in best_rows:
            order_keys.append(a.key)
            best_rows[a.key] = r
        elif r["ev"] > best_rows[a.key]["ev"]:
            best_rows[a.key] = r
    table = pd.DataFrame([best_rows[k] for k in order_keys])
    table["discard"] = table["discard"].astype(object).where(table["discard"].notna(), None)
    best, recommendation = _recommend(table)
    position = (("non-dealer", "dealer")[pos - 1] if n_players == 2 else
                ("left of the dealer", "dealer's partner", "right of the dealer", "dealer")[pos - 1])
    what = "upcard" if question == "order" else "turned_down"
    meta = {"hand": deck.format_cards(hand_ids), what: deck.format(up_id), "players": n_players,
            "seat": pos, "position": position, "deals": played, "deals_dealt": int(run.n_done),
            "conditioned": labels, "effective_deals": n_eff, "acceptance": accepted,
            "hands_drawn_per_deal": drawn, "p_passes": p_passes, "seed": seed, "play": play,
            "rules": options.as_dict(), "ev_meaning": EV_MEANING}
    if discard_table:
        meta["discards"] = {k: sorted(v, key=lambda x: -x["ev"]) for k, v in discard_table.items()}
    if constrained:
        notes.append(constrained_note(labels, counters, "pass at each of their turns before yours "
                                      "under the bidding policies", p_passes))
    dist = {r["action"]: trick_hist[i] for i, r in enumerate(rows)}
    return Answer("euchre", question, table, best, recommendation, meta,
                  {"elapsed": run.elapsed, "trick_hist": {k: trick_hist[[i for i, a in enumerate(actions)
                                                                         if a.key == k][0]]
                                                          for k in order_keys},
                   "counters": counters, "dist": dist}, notes)


def _recommend(table: pd.DataFrame) -> tuple[str, str]:
    top = table.loc[table["ev"].idxmax()]
    others = table[table["action"] != top["action"]]
    vs = ""
    if not others.empty:
        second = others.loc[others["ev"].idxmax()]
        vs = f"; next best {second['label']} {second['ev']:+.2f}"
    what = top["label"] + (f", discarding {top['discard']}" if isinstance(top["discard"], str) else "")
    if top["action"] == "pass":
        return "pass", (f"pass: expected {top['ev']:+.2f} ± {top['ev_se']:.2f} points{vs}")
    return top["action"], (f"{what}: your side makes {100 * top['p_make']:.0f}% "
                           f"({100 * top['p_make_lo']:.0f}-{100 * top['p_make_hi']:.0f}%), "
                           f"marches {100 * top['p_march']:.0f}%, is euchred "
                           f"{100 * top['p_euchred']:.0f}%; expected {top['ev']:+.2f} ± "
                           f"{top['ev_se']:.2f} points{vs}")

"""Pinochle questions: "how much can we bid on this hand?" and "which four cards do I pass?".

Seats: 1 sits left of the dealer and speaks first, 4 deals; partners are 1 & 3 and 2 & 4.
The other hands are dealt consistent with what the player heard: the calls before its
turn (what they say of each seat's value under the bidding policy: ``value_bounds``; the
hands dealt to fit, seat by seat: ``play.deal_heard``, ``sim.constrained``), or for a
pass, that the declarer's policy names the trump and reaches the bid.  Every option is played on the same deals, the rest of the hand by the
policies in ``bidding`` and the heuristic players in ``play``.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd

from ...answer import Answer
from ...verdict import lead as lead_of, lead_in, lead_versus, modest, recommend
from ...cards import SUIT_SYMBOLS, SUITS, parse_suit
from ...errors import InputError
from ...fmt import percent, percent_with
from ...options import check_condition, check_examples, unconditioned_note
from ...sim.layout import StatsLayout
from ...sim.question import Plan, solver_arrays
from ...sim.rng import seed_key
from ...stats import Z95, weighted_mean_se, wilson
from .bidding import DEFAULT_POLICY, P_MARGIN, P_PARTNER, PASS, choose_pass, give_score, keep_score, next_bid
from .deck import BIT_OF, HAND_SIZE, LANE, N_SEATS, PASS_SIZE, format_mask, mask_of, parse_hand
from ...sim.rng import stream_key
from .meld import meld_all, meld_cards, meld_points
from ...sim.constrained import C_SIZE, C_W, C_W2, conditioning_note, deals_used
from .play import (H_SIZE, HS_BID, HS_EV, HS_EV2, HS_SIZE, HS_THEY_MAKE, HS_WE_DECLARE, HS_WE_MAKE, PS_BID, PS_EV,
                   PS_EV2, PS_N,
                   PS_PARTNER, PS_SIZE, PS_STUCK, PS_THEY_MAKE, PS_THROWN, PS_WE_DECLARE, PS_WE_MAKE, ROLE_ASK_DECLARER, ROLE_ASK_PARTNER, T_MELD,
                   T_MELD_BEFORE, T_POINTS, T_SIZE, card_tables)
from .rules import Options, rule_tables
from .scoring import save_code
from .worlds import check_worlds

DEFAULT_BID_DEALS = 100_000
DEFAULT_BID_DEALS_COND = 20_000    # seats conditioned on their calls: hundreds of hands drawn a deal
PILOT_HANDS = 20_000               # random hands that order the conditioned seats (rarest first)
PILOT_SEED = 12345
DEFAULT_PASS_DEALS = 20_000
MAX_PASS_OPTIONS = 40          # candidate passes played when there are more (the policy's best)
NEGLIGIBLE = 0.005             # bid rows stop where P(make) falls below this in every trump
LEVEL_HEADROOM = 700           # bid levels simulated: up to the hand's best meld + this
DEFAULT_BID_DEALS_DD = 50          # double-dummy: five exact solves a deal (two with --trump)
DD_CHUNK = 1                   # deals a chunk: a deal's solves take seconds with a long tail, and a thread
                               # holding a chunk of several at the end leaves the other idle
DD_NOTE = ("dd: the twelve tricks solved double-dummy for card points, every hand visible and perfect play by "
           "both sides (the auction, the passes and the throw-in by the policies, as with heuristic play)")
DEFAULT_BID_DEALS_PIMC = 10
PIMC_CHUNK = 1
PIMC_NOTE = ("pimc: single-dummy play of the twelve tricks at every seat; each card chosen in {w} sampled layouts "
             "of the cards the player cannot see (honouring the meld shown, the passes it made or took, the voids "
             "and the cards the duties showed it cannot hold; a decision that has spent 4 M search nodes decides "
             "on the layouts searched so far), aiming at the bid: {aim}")
PLAN = Plan("Pinochle", {"heuristic": DEFAULT_BID_DEALS, "dd": DEFAULT_BID_DEALS_DD, "pimc": DEFAULT_BID_DEALS_PIMC},
            chunk_size={"dd": DD_CHUNK, "pimc": PIMC_CHUNK}, model_notes={"dd": DD_NOTE},
            desc={"dd": "solving", "pimc": "single-dummy"})
PASS_PLAN = Plan("Pinochle", {"heuristic": DEFAULT_PASS_DEALS})
SEAT_HELP = "1 is left of the dealer and speaks first, 4 is the dealer"
EV_MEANING = "EV: your side's score for the hand minus the other side's"
_PASS_WORDS = {"pass", "p", "help", "-"}


def simulate_hands(deals: int, seed: int = 0, options: Options = Options(), threads: int | None = None,
                   progress: bool = False):
    """Whole hands of self-play from full random deals: the auction, both passes, the
    meld, the throw-in and twelve tricks, every seat by the policy (the benchmark's unit
    of work).  Returns the RunResult; its stats are ``play.hand_chunk``'s H_* sums."""
    from .play import hand_chunk

    pool = np.arange(64, dtype=np.int64)[(np.arange(64) & 15) < 12]
    counts = np.full(N_SEATS, HAND_SIZE, np.int64)
    policies = np.tile(DEFAULT_POLICY, (N_SEATS, 1))
    rules4, vals4 = rule_tables(options), card_tables(options)
    reuse, minimum, any_throw, save = _flags(options)
    key0 = seed_key(seed)

    def chunk(start, n):
        stats = np.zeros(H_SIZE, np.int64)
        if n:
            hand_chunk(rules4, vals4, key0, np.int64(start), np.int64(n), pool, counts, policies, reuse, minimum,
                       any_throw, save, stats)
        return stats

    return PLAN.run(chunk, deals, "heuristic", threads, progress, desc="hands")


def parse_trump(text: str) -> int:
    try:
        return parse_suit(text)
    except InputError:
        raise InputError(f"unknown trump {text!r} (use S H D C or ♠ ♥ ♦ ♣)") from None


def _check_bid(value: int, options: Options, what: str) -> int:
    if value < options.minimum or value % 10:
        raise InputError(f"{what} {value} is not a bid: bids are multiples of 10 from {options.minimum}")
    return value


def parse_auction(text: str, options: Options):
    """The calls of ``text`` (from seat 1, in order: numbers or ``pass``), checked against
    the rules: every bid a multiple of 10, at least the minimum, and (raise=10_20) 10 or
    20 over the bid it beats; a seat that passed is skipped; the auction not over.
    Returns (calls, (next seat to speak, bid to beat, its holder, seats passed))."""
    calls, current, holder, passed, seat = [], 0, -1, 0, 0
    for k, token in enumerate(text.replace(",", " ").split()):
        if _popcount(passed) == N_SEATS or (_popcount(passed) == N_SEATS - 1 and current):
            raise InputError(f"the auction is over before call {k + 1} ({token!r})")
        while (passed >> seat) & 1:
            seat = (seat + 1) % N_SEATS
        word = token.lower()
        if word in _PASS_WORDS:
            calls.append(PASS)
            passed |= 1 << seat
        else:
            if not word.isdigit():
                raise InputError(f"cannot read call {token!r} in --auction (a bid such as 260, or pass)")
            b = _check_bid(int(word), options, f"call {k + 1} of --auction,")
            if current and b <= current:
                raise InputError(f"call {k + 1} of --auction, {b}, does not raise the bid of {current}")
            if current and options.raise_ == "10_20" and b - current not in (10, 20):
                raise InputError(f"call {k + 1} of --auction raises {current} to {b}: raises are 10 or 20 "
                                 "(rule raise=any allows any multiple of 10)")
            calls.append(b)
            current, holder = b, seat
        seat = (seat + 1) % N_SEATS
    if _popcount(passed) == N_SEATS or (_popcount(passed) == N_SEATS - 1 and current):
        raise InputError("the auction is over: there is no call left to make")
    while (passed >> seat) & 1:
        seat = (seat + 1) % N_SEATS
    return calls, (seat, current, holder, passed)


def _tokens(cards) -> list[str]:
    from ...cards import split_cards
    return split_cards(cards) if isinstance(cards, str) else list(cards)


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _position(seat0: int) -> str:
    return ("left of the dealer", "the dealer's partner", "right of the dealer", "the dealer")[seat0]


def _setup_bid(seat, over, auction, options):
    """(asker seat 0..3, calls heard, condition on them?, the state after the asker passes,
    the bid to beat, notes)."""
    notes = []
    if seat is not None and not 1 <= seat <= N_SEATS:
        raise InputError(f"--seat must be 1..4 ({SEAT_HELP}), got {seat}")
    if over is not None:
        _check_bid(over, options, "--over")
    if auction is not None:
        calls, (nxt, current, holder, passed) = parse_auction(auction, options)
        if seat is not None and nxt != seat - 1:
            raise InputError(f"after --auction {auction!r} it is seat {nxt + 1}'s turn, not seat {seat}'s")
        if over is not None and over != current:
            raise InputError(f"--over {over} disagrees with --auction (the bid to beat is {current or 'none'})")
        asker, cond = nxt, True
    elif over is not None:
        asker = 0 if seat is None else seat - 1
        calls, current, holder, passed, cond = [], over, (asker + 3) % N_SEATS, 0, False
        notes.append(f"--over {over} without --auction: your right-hand opponent holds the bid and nobody has "
                     "passed; the other hands are dealt without conditions (give --auction to condition them "
                     "on the calls)")
    else:
        asker = 0 if seat is None else seat - 1
        calls, current, holder, passed, cond = [PASS] * asker, 0, -1, 0, True
        for s in range(asker):
            passed |= 1 << s
    state = np.array([(asker + 1) % N_SEATS, current, holder, passed | (1 << asker)], np.int64)
    return asker, calls, cond, state, current, notes


def value_bounds(calls, asker: int, options: Options, policy=DEFAULT_POLICY):
    """What the calls heard say of each other seat's value under the bidding policy
    (``bidding.policy_call``): a pass, that its value less its margin is below the next
    bid; a bid B, that it reaches B.  Returns (seats constrained, in the order they first
    spoke; lo; hi): each such seat's value lies in [lo, hi)."""
    lo = np.full(N_SEATS, -np.inf)
    hi = np.full(N_SEATS, np.inf)
    order = []
    current, holder, passed, seat = 0, -1, 0, 0
    for call in calls:
        while (passed >> seat) & 1:
            seat = (seat + 1) % N_SEATS
        if seat != asker:
            if seat not in order:
                order.append(seat)
            need = policy[P_MARGIN] + (policy[P_PARTNER] if holder >= 0 and holder == seat ^ 2 else 0.0)
            if call == PASS:
                hi[seat] = min(hi[seat], next_bid(current, options.minimum) + need)
            else:
                lo[seat] = max(lo[seat], call + need)
        if call == PASS:
            passed |= 1 << seat
        else:
            current, holder = call, seat
        seat = (seat + 1) % N_SEATS
    for s in order:
        if lo[s] >= hi[s]:
            raise InputError(f"no hand of seat {s + 1} makes its calls under the bidding policy (it would have "
                             "bid more, or less)")
    return np.array(order, np.int64), lo, hi


def rarest_first(constrained, lo, hi, pool, options: Options, want=None, n: int = PILOT_HANDS):
    """The constrained seats ordered by how rarely a random hand of the unseen cards makes
    their calls (a pilot of ``n`` hands): the rarest is drawn first, by rejection, the
    commonest last (``play.deal_heard``).  A seat no pilot hand fits is an error."""
    if len(constrained) == 0:
        return constrained
    from ...sim.deal import deal_batch
    from .bidding import valuation
    hands = deal_batch(PILOT_SEED, 0, n, pool, np.array([HAND_SIZE, len(pool) - HAND_SIZE], np.int64))[:, 0]
    v4 = np.empty(4)
    values, trumps = np.empty(n), np.empty(n, np.int64)
    for i, h in enumerate(hands):
        trumps[i] = valuation(h, DEFAULT_POLICY, options.reuse, v4)
        values[i] = v4[trumps[i]]
    rate = {}
    for s in constrained:
        fit = (values >= lo[s]) & (values < hi[s])
        if want is not None and want[s] >= 0:
            fit &= trumps == want[s]
        rate[int(s)] = fit.mean()
        if not fit.any():
            raise InputError(f"none of {n:,} random hands of seat {s + 1} makes its calls under the bidding "
                             "policy: these calls are too rare to condition on")
    return np.array(sorted(rate, key=rate.get), np.int64)


def _pool(hand_ids) -> np.ndarray:
    mine = set(hand_ids)
    return np.array([int(BIT_OF[c]) for c in range(48) if c not in mine], np.int64)


def _flags(options: Options):
    return (options.reuse, np.int64(options.minimum), options.throw_in == "any", np.int64(save_code(options.meld_save)))


def _row_stats(sw, s_made, s_ev, s_ev2, sw2) -> dict:
    """p_make with its Wilson interval on the effective deals, EV and its se."""
    ev, ev_se, n_eff = weighted_mean_se(float(sw), float(s_ev), float(s_ev2), float(sw2))
    p = s_made / sw if sw else np.nan
    lo, hi = wilson(p * n_eff, n_eff)
    return {"p_make": p, "p_make_lo": float(lo), "p_make_hi": float(hi), "ev": ev, "ev_se": ev_se}


def _no_match(cond_text: str, n_done: int):
    raise InputError(f"none of {n_done:,} deals gave hands that {cond_text} under the bidding policy")


def bid(hand: str, seat: int | None = None, over: int | None = None, auction: str | None = None,
        trump: str | None = None, deals: int | None = None, seed: int | None = None, play: str = "heuristic", threads: int | None = None,
        rules: list[str] | None = None, progress: bool = False, condition: str = "policy", examples: int = 0,
        worlds: int | None = None, players: int = 4) -> Answer:
    """For every bid level from the next allowed up to where P(make) is negligible, and
    every trump (``deals`` defaults to DEFAULT_BID_DEALS, or DEFAULT_BID_DEALS_COND when
    other seats' calls condition the deal): P(make), mean meld and trick points and EV if you declare at that bid;
    and passing, valued by letting the auction go on by the policy.

    ``seat`` 1..4 (1 left of the dealer); ``auction``: the calls so far from seat 1 (then
    ``seat`` is whose turn it is); ``over``: the bid to beat (without ``auction``: your
    right-hand opponent's, other hands unconditioned).  Without either you open (the
    seats before you passed).  ``trump``: only that trump's rows (each trump is one
    play-out, or one double-dummy solve, a deal).  ``condition``: "policy" (the calls heard
    condition the other hands, as above) or "none" (the other hands dealt uniformly; the
    calls still set the state of the auction).  ``examples``: also show this many deals
    where the recommended bid and the next best part ways (``examples.bid_examples``).
    ``play``: "heuristic", "dd" (double-dummy) or "pimc" (single-dummy at every seat,
    ``worlds`` layouts a card).  A single-dummy hand is played once a trump, its players
    aiming at the level the bidding policy would reach with that trump (``pimc_aims``);
    the other levels' rows score that same play.  ``players=3``: the three-handed game
    (``bid3``; the four-handed arguments refused)."""
    if int(players) == 3:
        given = [name for name, value, default in (("--over", over, None), ("--worlds", worlds, None),
                                                   ("--play", play, "heuristic"))
                 if value != default]
        if given:
            raise InputError(f"{', '.join(given)}: not offered with --players 3 yet (the three-handed bid plays "
                             "heuristic hands)")
        return bid3(hand, trump=trump, auction=auction, seat=seat, deals=deals, seed=seed, threads=threads,
                    rules=rules, progress=progress, condition=condition, examples=examples)
    if int(players) != 4:
        raise InputError(f"--players must be 3 or 4 for the bid question, got {players}")
    check_condition(condition)
    check_examples(examples)
    options = Options.parse(rules)
    hand_ids = parse_hand(hand, "hand", HAND_SIZE)
    trumps_asked = list(range(4)) if trump is None else [parse_trump(trump)]
    asker, calls, cond, state, current, notes = _setup_bid(seat, over, auction, options)
    cond = cond and condition == "policy"
    constrained, lo, hi = value_bounds(calls, asker, options) if cond else (np.zeros(0, np.int64),
                                                                            np.full(N_SEATS, -np.inf),
                                                                            np.full(N_SEATS, np.inf))
    if deals is None and len(constrained) and play == "heuristic":
        deals = DEFAULT_BID_DEALS_COND
    deals, seed = PLAN.check(deals, seed, threads, play)
    if play in ("dd", "pimc") and options.meld_save == "trick":
        raise InputError(f"--play {play} plays for card points, not tricks: it takes meld_save=counter or always")
    n_worlds = check_worlds(worlds) if play == "pimc" else None
    free = np.array([s for s in range(N_SEATS) if s != asker and s not in constrained], np.int64)
    my_hand = np.uint64(mask_of(hand_ids))
    pool = _pool(hand_ids)
    constrained = rarest_first(constrained, lo, hi, pool, options)
    melds = np.zeros(4, np.int64)
    meld_all(my_hand, options.reuse, melds)
    bid0 = options.minimum if current == 0 else current + 10
    n_levels = max(20, (int(melds.max()) + LEVEL_HEADROOM + options.minimum - bid0) // 10 + 1)
    policies = np.tile(DEFAULT_POLICY, (N_SEATS, 1))
    rules4, vals4 = rule_tables(options), card_tables(options)
    rules_dd4 = rule_tables(options, objective_points=True)
    reuse, minimum, any_throw, save = _flags(options)
    sizes = np.full(N_SEATS, HAND_SIZE, np.int64)
    want = np.full(N_SEATS, -1, np.int64)
    key0 = seed_key(seed)
    aims = pimc_aims(my_hand, bid0, options)
    mask = sum(1 << t for t in trumps_asked)
    n_here = 0 if n_worlds else n_levels + 1      # the "here" rows (``play.bid_chunk``): pass, then each bid
    layout = StatsLayout(levels=(4, n_levels, 3), tstats=(4, T_SIZE), pstats=(PS_SIZE,), counters=(C_SIZE,),
                         here=(n_here, HS_SIZE), prods=(n_here, n_here + 1))

    def chunk(start, n):
        flat = layout.zeros()
        if n:
            from .dd import new_dd_table, new_stats
            from .play import bid_chunk
            v = layout.unpack(flat)
            dd = play == "dd"
            tt, dd_stats = solver_arrays(play in ("dd", "pimc"), new_dd_table, new_stats)
            if n_worlds:
                from .pimc import bid_deals
                bid_deals(rules4, vals4, rules_dd4, key0, start, n, pool, sizes, asker, my_hand, constrained, free, lo,
                          hi, want, state, policies, reuse, minimum, any_throw, save, bid0, mask, aims, n_worlds,
                          v["levels"], v["tstats"], v["pstats"], v["counters"], tt, dd_stats)
            else:
                bid_chunk(rules4, vals4, key0, np.int64(start), np.int64(n), pool, sizes, np.int64(asker), my_hand,
                          constrained, free, lo, hi, want, state, policies, reuse, minimum, any_throw, save,
                          np.int64(bid0), np.int64(mask), v["levels"], v["tstats"], v["pstats"], v["counters"],
                          v["here"], v["prods"], dd, rules_dd4, tt, dd_stats, np.zeros(8, np.int64))
        return flat

    run = PLAN.run(chunk, deals, play, threads, progress)
    notes = notes + PLAN.notes(run, deals, play)
    v = layout.unpack(run.stats)
    played, n_eff, drawn = deals_used(v["counters"])
    if v["counters"][C_W] == 0:
        _no_match("make the calls heard", run.n_done)
    table = _bid_rows(v, bid0, n_levels, trumps_asked)
    verdict = {}
    if n_here:
        table, best, recommendation, verdict = _here_rows(table, v, bid0)
    else:
        best, recommendation = _bid_recommendation(table)
        notes.append("with --play pimc the bid rows are each bid as if you declare it (the hand played once a "
                     "trump), not the auction going on after your call as with heuristic and dd play: the pass row "
                     "is not comparable with them, and the recommendation does not compare it")
    p = v["pstats"]
    meta = {"hand": format_mask(my_hand), "seat": asker + 1, "position": _position(asker),
            "auction": [("pass" if c == PASS else int(c)) for c in calls], "over": int(current) or None,
            "condition": condition, "conditioned": sorted(int(s) + 1 for s in constrained),
            "deals": played, "deals_dealt": int(run.n_done),
            "effective_deals": n_eff, "hands_drawn_per_deal": drawn, "seed": seed, "play": play, "rules": options.as_dict(),
            "meld": {SUITS[t]: int(melds[t]) for t in range(4)}, "ev_meaning": EV_MEANING,
            "worlds": n_worlds, "aims": {SUITS[t]: int(aims[t]) for t in trumps_asked} if n_worlds else None,
            "pass": {"p_we_declare": p[PS_WE_DECLARE] / p[PS_N], "p_partner_declares": p[PS_PARTNER] / p[PS_N],
                     "p_we_make": p[PS_WE_MAKE] / p[PS_N], "p_they_make": p[PS_THEY_MAKE] / p[PS_N],
                     "p_thrown_in": p[PS_THROWN] / p[PS_N], "p_stuck": p[PS_STUCK] / p[PS_N],
                     "mean_bid": p[PS_BID] / p[PS_N]}, **verdict}
    if n_worlds:
        notes.append(PIMC_NOTE.format(w=n_worlds, aim="with each trump the level the bidding policy would reach ("
                                      + ", ".join(f"{SUITS[t]} {aims[t]}" for t in trumps_asked)
                                      + "); the rows at other levels score the same play"))
    if len(constrained):
        notes.append(conditioning_note([int(s) + 1 for s in sorted(constrained)], v["counters"]))
    if condition == "none":
        notes.append(unconditioned_note())
    shown = []
    if examples:
        from .examples import bid_examples
        shown, why_none = bid_examples(
            examples, table=table, best=best, chunk=chunk, layout=layout, seed=seed, deals=deals, key0=key0, play=play,
            kernel=dict(pool=pool, sizes=sizes, asker=asker, my_hand=my_hand, constrained=constrained, free=free,
                        lo=lo, hi=hi, want=want, policies=policies, reuse=reuse, any_throw=any_throw, rules4=rules4,
                        vals4=vals4, bid0=bid0, aims=aims, n_worlds=n_worlds, rules_dd4=rules_dd4, save=save))
        if why_none:
            notes.append(why_none)
    return Answer("pinochle", "bid", table, best, recommendation, meta, {"elapsed": run.elapsed}, notes,
                  examples=shown)


def pimc_aims(my_hand, bid0: int, options: Options, policy=DEFAULT_POLICY) -> np.ndarray:
    """The level single-dummy players aim at when the asker declares each trump: the
    highest bid the bidding policy would make with this hand and trump (value less its
    margin), at least ``bid0``."""
    from .bidding import valuation
    v4 = np.empty(4)
    valuation(np.uint64(my_hand), policy, options.reuse, v4)
    top = np.floor((v4 - policy[P_MARGIN]) / 10) * 10
    return np.maximum(top, bid0).astype(np.int64)


def _bid_rows(v, bid0, n_levels, trumps_asked) -> pd.DataFrame:
    levels, ts, p, c = v["levels"], v["tstats"], v["pstats"], v["counters"]
    sw, sw2 = float(c[C_W]), float(c[C_W2])
    last = 0
    for L in range(n_levels):
        if (levels[trumps_asked, L, 0] / sw).max() >= NEGLIGIBLE:
            last = L
    rows = []
    for L in range(min(n_levels, last + 2)):
        for t in trumps_asked:
            rows.append({"action": "bid", "bid": bid0 + 10 * L, "trump": SUITS[t],
                         **_row_stats(sw, levels[t, L, 0], levels[t, L, 1], levels[t, L, 2], sw2),
                         "mean_meld": ts[t, T_MELD] / sw, "mean_meld_before_pass": ts[t, T_MELD_BEFORE] / sw,
                         "mean_tricks": ts[t, T_POINTS] / sw})
    rows.append({"action": "pass", "bid": None, "trump": None,
                 **_row_stats(sw, p[PS_WE_MAKE], p[PS_EV], p[PS_EV2], sw2),
                 "mean_meld": np.nan, "mean_meld_before_pass": np.nan, "mean_tricks": np.nan})
    table = pd.DataFrame(rows)
    table["bid"] = table["bid"].astype("Int64")
    return table[["action", "bid", "trump", "p_make", "p_make_lo", "p_make_hi", "mean_meld", "mean_meld_before_pass",
                  "mean_tricks", "ev", "ev_se"]]


VS_COLUMNS = ("vs_best", "vs_best_lo", "vs_best_hi")   # a call's EV minus the best call's, same deals (95%)


def _even_note(even: list, name, top) -> str:
    """Where more than two calls are not measurably worse than the best (``top``): which
    (``name(k)`` each), the recommended one the least committal of them."""
    if len(even) <= 2:
        return ""
    return (f" ({len(even)} calls are not measurably worse than the best, {name(top)}: "
            f"{', '.join(name(k) for k in even)}; the least committal of them)")


def _here_rows(table: pd.DataFrame, v, bid0: int):
    """The "here" rows (``play.bid_chunk``: pass, or each bid, then the auction by the
    policy and the contract it reaches, your side's result for the whole hand) added to
    ``table`` as action "call" (pass: the "pass" row, the same statistic), and the
    recommendation on them: the best call, its lead over the next best on the same deals
    (``verdict.lead``), the trump to name the best declare row's at that bid.  Returns
    (table, best, recommendation, the lead's fields)."""
    c = v["counters"]
    sw, sw2 = float(c[C_W]), float(c[C_W2])
    here, prods = v["here"], v["prods"]
    n = here.shape[0]
    ev = here[:, HS_EV] / sw
    se = np.array([weighted_mean_se(sw, here[k, HS_EV], here[k, HS_EV2], sw2)[1] for k in range(n)])
    last = n - 1
    while last > 1 and here[last, HS_WE_MAKE] / sw < NEGLIGIBLE:
        last -= 1            # bids so high that your side (nearly) never makes them
    top = max(range(min(n, last + 2)), key=lambda k: ev[k])

    def versus(k):
        """Row k's EV minus the best row's on the same deals: (d, lo, hi)."""
        d, d_se, _ = weighted_mean_se(sw, prods[k, n] - prods[top, n], prods[k, k] + prods[top, top]
                                      - 2 * prods[k, top], sw2)
        return d, d - Z95 * d_se, d + Z95 * d_se

    calls = []
    for k in range(1, min(n, last + 2)):
        calls.append({"action": "call", "bid": bid0 + 10 * (k - 1), "trump": None,
                      **_row_stats(sw, here[k, HS_WE_MAKE], here[k, HS_EV], here[k, HS_EV2], sw2),
                      "mean_meld": np.nan, "mean_meld_before_pass": np.nan, "mean_tricks": np.nan,
                      "p_we_declare": here[k, HS_WE_DECLARE] / sw, "p_they_make": here[k, HS_THEY_MAKE] / sw,
                      "mean_final_bid": here[k, HS_BID] / sw, **dict(zip(VS_COLUMNS, versus(k)))})
    is_pass = table["action"] == "pass"
    table = table.copy()
    table.loc[is_pass, "p_we_declare"] = here[0, HS_WE_DECLARE] / sw
    table.loc[is_pass, "p_they_make"] = here[0, HS_THEY_MAKE] / sw
    table.loc[is_pass, "mean_final_bid"] = here[0, HS_BID] / sw
    for col, x in zip(VS_COLUMNS, versus(0)):
        table.loc[is_pass, col] = x
    table = pd.concat([table[~is_pass], pd.DataFrame(calls), table[is_pass]], ignore_index=True)
    table["bid"] = table["bid"].astype("Int64")
    # the best call and the next best, compared on the same deals; among calls the deals
    # cannot tell from the best, the least committal (pass, then the lowest bid)
    keys = list(range(min(n, last + 2)))
    order = sorted(keys, key=lambda k: -ev[k])
    name = (lambda k: "pass" if k == 0 else f"bid {bid0 + 10 * (k - 1)}")
    a = modest(keys, lambda k: versus(k)[2] < 0)
    even = [k for k in keys if versus(k)[2] >= 0]
    f = {}
    if a != top:
        d, d_lo, d_hi = versus(a)
        f = lead_in(name(a), name(top), d, d_lo, d_hi)
    elif len(order) > 1:
        b = order[1]
        d, d_se, _ = weighted_mean_se(sw, prods[a, n] - prods[b, n], prods[a, a] + prods[b, b] - 2 * prods[a, b], sw2)
        f = lead_of(name(a), name(b), d, d_se)
    lo, hi = ev[a] - Z95 * se[a], ev[a] + Z95 * se[a]
    if a == 0:
        best = "pass"
        head = (f"pass: EV {ev[0]:+.1f} (95% interval {lo:+.1f} to {hi:+.1f}) for your side over the hand, the "
                "auction going on without you")
    else:
        bid = bid0 + 10 * (a - 1)
        at = table[(table["action"] == "bid") & (table["bid"] == bid)]
        trump = str(at.loc[at["ev"].idxmax(), "trump"]) if len(at) else None
        best = f"bid {bid} {trump}" if trump else f"bid {bid}"
        named = f", naming {SUIT_SYMBOLS[SUITS.index(trump)]} if it stands" if trump else ""
        head = (f"bid {bid}{named}: EV {ev[a]:+.1f} (95% interval {lo:+.1f} to {hi:+.1f}) for your side over the "
                f"hand, the auction going on by the policy (your side declares {percent(here[a, HS_WE_DECLARE] / sw)}"
                f" and makes {percent(here[a, HS_WE_MAKE] / sw)})")
    head += _even_note(even, name, top)
    # how high: the highest bid not measurably worse than the best call
    ok = [k for k in even if k > 0]
    if ok and max(ok) not in (a, top):
        than = "passing" if top == 0 else str(bid0 + 10 * (top - 1))
        head += f"; the highest bid not measurably worse than {than} is {bid0 + 10 * (max(ok) - 1)}"
    pass_d, pass_lo, pass_hi = versus(0)
    if a != 0 and f.get("b") != "pass" and f.get("a") != "pass":
        head += (f"; passing: {pass_d:+.1f} (95% interval {pass_lo:+.1f} to {pass_hi:+.1f}, same deals)"
                 + (", no measurable difference" if pass_hi >= 0 else ""))
    return table, best, recommend(head, f), f


def best_trump_rows(table: pd.DataFrame) -> pd.DataFrame:
    """The bid rows of the trump with the highest EV at each level."""
    bids = table[table["action"] == "bid"]
    return bids.loc[bids.groupby("bid")["ev"].idxmax()].reset_index(drop=True)


def _bid_recommendation(table: pd.DataFrame) -> tuple[str, str]:
    """``--play pimc``: each bid row is the hand played as if you declare at that bid, not
    your side's result after the auction goes on, so the rows compare with each other (the
    same play-outs) but not with passing.  The answer says so: the bid whose row has the
    most EV as the declarer, and that passing is compared under heuristic or dd play."""
    best = best_trump_rows(table)
    top = best.loc[best["ev"].idxmax()]
    sym = SUIT_SYMBOLS[SUITS.index(top["trump"])]
    lo, hi = top["ev"] - Z95 * top["ev_se"], top["ev"] + Z95 * top["ev_se"]
    return f"bid {top['bid']} {top['trump']}", (
        f"as the declarer, bid {top['bid']} and name {sym}: makes "
        f"{percent_with(top['p_make'], top['p_make_lo'], top['p_make_hi'])}, EV {top['ev']:+.1f} (95% interval "
        f"{lo:+.1f} to {hi:+.1f}), the most of the bids played as if you declare; with --play pimc the rows are not "
        "your side's result after the auction goes on, so passing is not compared (--play heuristic or dd compares "
        "every call, pass included)")


# ----------------------------------------------------------------------------- pass
def _distinct_sets(mask: int, size: int = PASS_SIZE) -> list[int]:
    """Every ``size``-card subset of ``mask`` up to identical copies (one mask per set of
    kinds)."""
    bits = [b for b in range(64) if (mask >> b) & 1]
    seen, out = set(), []
    for combo in combinations(bits, size):
        kinds = tuple(sorted(b >> 1 for b in combo))
        if kinds not in seen:
            seen.add(kinds)
            out.append(sum(1 << b for b in combo))
    return out


def _with_policy(sets: list[int], policy: int) -> tuple[list[int], int]:
    """``sets`` with the policy's own choice among them (as the mask of the set of the same
    kinds already there, else added at the end)."""
    canon = {tuple(sorted(b >> 1 for b in range(64) if (m >> b) & 1)): m for m in sets}
    key = tuple(sorted(b >> 1 for b in range(64) if (policy >> b) & 1))
    if key in canon:
        return sets, canon[key]
    return sets + [policy], policy


def pass_options(hand_mask: int, trump: int, options: Options, back: bool) -> tuple[list[int], int]:
    """(candidate passes, the policy's own): every distinct set of four, or when there are
    more than MAX_PASS_OPTIONS the best by the policy's card scores, with the policy's."""
    h = np.uint64(hand_mask)
    policy = int(choose_pass(h, np.int64(trump), options.reuse, back))
    sets = _distinct_sets(hand_mask)
    if len(sets) > MAX_PASS_OPTIONS:
        keep = meld_cards(h, np.int64(trump), options.reuse)
        score = {}
        for b in range(64):
            if (hand_mask >> b) & 1:
                c = np.uint64(1 << b)
                score[b] = (-keep_score(h, c, np.int64(trump), keep) if back
                            else give_score(h, c, np.int64(trump), keep))
        sets.sort(key=lambda m: -sum(score[b] for b in range(64) if (m >> b) & 1))
        sets = sets[:MAX_PASS_OPTIONS]
    return _with_policy(sets, policy)


def pass_cards(hand: str, trump: str, bid: int | None = None, received: str | None = None,
               deals: int | None = None, seed: int | None = None, play: str = "heuristic",
               threads: int | None = None, rules: list[str] | None = None, progress: bool = False,
               examples: int = 0) -> Answer:
    """Which four cards to pass, ranked by EV on the same deals.

    Without ``received``: you are the declarer's partner holding ``hand`` (12 cards); the
    declarer won at ``bid`` (default: the minimum) and named ``trump``.  With ``received``
    (the four cards your partner passed you): you are the declarer and ``hand`` is your 16
    cards, those four included; you pass four back.  ``examples``: also show this many
    deals where the best pass and the next part ways (``examples.pass_examples``)."""
    check_examples(examples)
    deals, seed = PASS_PLAN.check(deals, seed, threads, play)
    options = Options.parse(rules)
    t = parse_trump(trump)
    b = options.minimum if bid is None else _check_bid(bid, options, "--bid")
    if received is None:
        role = ROLE_ASK_PARTNER
        hand_ids = parse_hand(hand, "hand", HAND_SIZE)
    else:
        role = ROLE_ASK_DECLARER
        hand_ids = parse_hand(hand, "hand (your 12 cards and the 4 received)", HAND_SIZE + PASS_SIZE)
        got = parse_hand(received, "--received cards")
        if len(got) != PASS_SIZE:
            raise InputError(f"--received takes the {PASS_SIZE} cards your partner passed, got {len(got)}")
        held = [format_mask(mask_of([c])) for c in hand_ids]
        for c in got:
            text = format_mask(mask_of([c]))
            if text not in held:
                raise InputError(f"--received {text} is not in the hand being passed to")
            held.remove(text)
    my_hand = mask_of(hand_ids)
    sets, policy = pass_options(my_hand, t, options, back=role == ROLE_ASK_DECLARER)
    pool = _pool(hand_ids)
    sizes = np.full(N_SEATS, HAND_SIZE, np.int64)
    lo, hi = np.full(N_SEATS, -np.inf), np.full(N_SEATS, np.inf)
    want = np.full(N_SEATS, -1, np.int64)
    if role == ROLE_ASK_PARTNER:
        # the declarer (seat 0): his policy names this trump and its value reaches the bid
        constrained, free = np.array([0], np.int64), np.array([1, 3], np.int64)
        lo[0], want[0] = b + DEFAULT_POLICY[P_MARGIN], t
    else:
        constrained, free = np.zeros(0, np.int64), np.array([1, 2, 3], np.int64)
        sizes[2] = HAND_SIZE - PASS_SIZE
    opts = np.array(sets, np.uint64)
    policies = np.tile(DEFAULT_POLICY, (N_SEATS, 1))
    rules4, vals4 = rule_tables(options), card_tables(options)
    reuse, _, any_throw, save = _flags(options)
    key0 = seed_key(seed)
    layout = StatsLayout(stats=(len(sets), 6), counters=(C_SIZE,), prods=(len(sets), len(sets) + 1))

    def chunk(start, n):
        flat = layout.zeros()
        if n:
            from .play import pass_chunk
            v = layout.unpack(flat)
            pass_chunk(rules4[t], vals4[t], key0, np.int64(start), np.int64(n), pool, sizes, np.int64(role),
                       np.uint64(my_hand), np.int64(t), np.int64(b), constrained, free, lo, hi, want, opts, policies,
                       reuse, any_throw, save, v["stats"], v["counters"], v["prods"])
        return flat

    run = PASS_PLAN.run(chunk, deals, play, threads, progress)
    notes = PASS_PLAN.notes(run, deals, play)
    v = layout.unpack(run.stats)
    stats, counters = v["stats"], v["counters"]
    played, n_eff, drawn = deals_used(counters)
    if counters[C_W] == 0:
        _no_match(f"name {SUITS[t]} and reach {b} with the declarer's", run.n_done)
    rows = []
    for o, m in enumerate(sets):
        sw, mk, s1, s2, meld, pts = (float(x) for x in stats[o])
        r = _row_stats(sw, mk, s1, s2, float(counters[C_W2]))
        cards = format_mask(m)
        rows.append({"action": f"pass {cards}", "cards": cards, **r, "mean_meld": meld / sw, "mean_tricks": pts / sw,
                     "ev_lo": r["ev"] - Z95 * r["ev_se"], "ev_hi": r["ev"] + Z95 * r["ev_se"], "policy": m == policy})
    table = pd.DataFrame(rows).sort_values("ev", ascending=False, kind="stable").reset_index(drop=True)
    top = table.iloc[0]
    pol = table[table["policy"]].iloc[0]
    prods, sw, sw2 = v["prods"], float(counters[C_W]), float(counters[C_W2])
    index = {format_mask(m): o for o, m in enumerate(sets)}

    def versus(a: str, b: str):
        """Pass a's EV minus pass b's on the same deals: (d, se)."""
        i, j, n = index[a], index[b], len(sets)
        d, se, _ = weighted_mean_se(sw, prods[i, n] - prods[j, n], prods[i, i] + prods[j, j] - 2 * prods[i, j], sw2)
        return d, se

    verdict = lead_of(f"pass {top['cards']}", f"pass {table.iloc[1]['cards']}",
                      *versus(top["cards"], table.iloc[1]["cards"])) if len(table) > 1 else {}
    vs = ""
    if not top["policy"]:
        d, se = versus(pol["cards"], top["cards"])
        vs = (f"; the policy's {pol['cards']}: {d:+.1f} (95% interval {d - Z95 * se:+.1f} to {d + Z95 * se:+.1f}, "
              "same deals)")
    recommendation = recommend(f"pass {top['cards']}: EV {top['ev']:+.1f} (95% interval {top['ev_lo']:+.1f} to "
                               f"{top['ev_hi']:+.1f}), the declaring side makes {percent(top['p_make'])}",
                               verdict) + vs
    meta = {"hand": format_mask(my_hand), "role": "partner" if role == ROLE_ASK_PARTNER else "declarer",
            "trump": SUITS[t], "bid": b, "received": received and format_mask(mask_of(parse_hand(received))),
            "deals": played, "deals_dealt": int(run.n_done), "hands_drawn_per_deal": drawn, "seed": seed, "play": play,
            "rules": options.as_dict(), "candidates": len(sets),
            "ev_meaning": "EV: the declaring side's score for the hand minus the defenders'", **verdict}
    if role == ROLE_ASK_PARTNER:
        notes.append(f"the declarer's hand is dealt so that his policy names {SUITS[t]} and reaches {b} "
                     f"({drawn:,.0f} hands drawn a deal); the opponents' hands are not conditioned on the auction")
    else:
        notes.append("the other hands are not conditioned on the auction (your partner's holds none of your cards)")
    shown = []
    if examples:
        from .examples import pass_examples
        shown, why_none = pass_examples(
            examples, table=table, sets=sets, chunk=chunk, layout=layout, role_partner=role == ROLE_ASK_PARTNER,
            trump=t, bid=b, seed=seed, deals=deals, key0=key0,
            kernel=dict(pool=pool, sizes=sizes, my_hand=np.uint64(my_hand), constrained=constrained, free=free, lo=lo,
                        hi=hi, want=want, policies=policies, reuse=reuse, any_throw=any_throw, rules4=rules4,
                        vals4=vals4))
        if why_none:
            notes.append(why_none)
    return Answer("pinochle", "pass", table, table.iloc[0]["action"], recommendation, meta, {"elapsed": run.elapsed},
                  notes, examples=shown)



# ----------------------------------------------------------------------------- lead
DEFAULT_LEAD_DEALS = {"dd": 40, "pimc": 10, "heuristic": 20_000}
LEAD_PLAN = Plan("Pinochle", dict(DEFAULT_LEAD_DEALS), chunk_size={"dd": 1, "pimc": 1, "heuristic": 1_000},
                 desc={"dd": "solving", "pimc": "single-dummy", "heuristic": "playing"})
LEAD_MODELS = ("dd", "pimc", "heuristic")


def _lead_table(stats, nl: int, n_done: int, codes, members, b: int, makes: str, takes: str):
    """The lead question's rows from its books (``sim.leads``): each distinct lead's
    P(make) with its interval, mean trick points, and the paired differences from the best
    (the highest P(make), then points), best first; the recommendation ("lead X: <makes>
    ... and <takes> ... trick points"); the order of the leads; the best's lead fields.
    Returns (table, order, recommendation, versus)."""
    from ...stats import moments_mean_se
    from ...sim import leads

    sums, cm, ct = leads.unpack(stats, nl)
    p = sums[:, 0] / n_done
    mean_t = sums[:, 1] / n_done
    order_key = p * 1000 + mean_t
    top = int(np.argmax(order_key))
    rows = []
    for i in range(nl):
        lo, hi = wilson(sums[i, 0], n_done)
        dm, dm_se = leads.paired(cm, sums[:, 0], i, top, n_done)
        dt, dt_se = leads.paired(ct, sums[:, 1], i, top, n_done)
        _, t_se = moments_mean_se(n_done, sums[i, 1], sums[i, 2])
        rows.append({"lead": format_mask(np.uint64(1) << np.uint64(codes[i])), "equivalent": format_mask(members[i]),
                     "p_make": p[i], "p_make_lo": float(lo), "p_make_hi": float(hi), "mean_points": mean_t[i],
                     "mean_points_se": t_se, "vs_best": dm, "vs_best_lo": dm - Z95 * dm_se,
                     "vs_best_hi": dm + Z95 * dm_se, "points_vs_best": dt, "points_vs_best_lo": dt - Z95 * dt_se,
                     "points_vs_best_hi": dt + Z95 * dt_se})
    order = np.argsort(-order_key, kind="stable")
    table = pd.DataFrame(rows).iloc[order].reset_index(drop=True)
    best = table.iloc[0]
    versus = lead_versus(table)
    if versus:
        nxt = table.iloc[1]
        recommendation = recommend(f"lead {best['lead']}: {makes} {b} "
                                   f"{percent_with(best['p_make'], best['p_make_lo'], best['p_make_hi'])} and {takes} "
                                   f"{best['mean_points']:.1f} trick points", versus, " percentage points of P(make)")
        recommendation += f"; {nxt['lead']} takes {-nxt['points_vs_best']:.1f} points fewer"
    else:
        recommendation = f"lead {best['lead']}: the only distinct lead"
    return table, order, recommendation, versus


def lead(hand: str, trump: str, bid: int | None = None, passed: str | None = None, deals: int | None = None,
         seed: int | None = 0, play: str | None = None, worlds: int | None = None, threads: int | None = None,
         rules: list[str] | None = None, progress: bool = False, examples: int = 0, players: int = 4,
         buried: str | None = None) -> Answer:
    """Which card should the declarer lead to the first trick?  (``players=3``: the
    three-handed bidder's, ``lead3``.)

    ``hand``: the declarer's 12 cards after the passes; ``trump``: the suit named;
    ``bid``: the bid won (default: the minimum); ``passed`` (optional): the four cards he
    passed back to his partner, so in the partner's hand.  The other hands are dealt at
    random from the cards the declarer does not see (the auction and the partner's meld
    are not used; everybody melds the hand dealt).  Every distinct lead is played on the
    same deals, the rest by ``play``: "dd" (double-dummy), "pimc" (single-dummy at every
    seat, ``worlds`` layouts a card, aiming at the bid) or "heuristic".  Rows: P(make) --
    the side's meld saved and meld plus trick points reaching the bid --, mean trick
    points, and the paired differences from the best lead (95% intervals).
    ``examples``: also show this many deals where the best lead and the next part ways."""
    from ...tricks.dd import MAX_MOVES
    from ...tricks.pimc import candidates
    from .dd import new_dd_table, new_stats
    from .deck import DECK_MASK
    from .meld import meld_points
    from ...sim import leads
    from .pimc import lead_chunk, lead_deals

    if int(players) == 3:
        given = [name for name, value in (("--passed", passed), ("--worlds", worlds), ("--examples", examples or None))
                 if value is not None]
        if given:
            raise InputError(f"{', '.join(given)}: not offered with --players 3")
        return lead3(hand, trump, bid=bid, buried=buried, deals=deals, seed=seed, play=play or "heuristic",
                     threads=threads, rules=rules, progress=progress)
    if int(players) != 4:
        raise InputError(f"--players must be 3 or 4 for the lead question, got {players}")
    if buried is not None:
        raise InputError("--buried: only with --players 3 (the four-handed declarer buries nothing)")
    play = play or "dd"
    check_examples(examples)
    if play not in LEAD_MODELS:
        raise InputError(f"--play must be one of {', '.join(LEAD_MODELS)}, got {play!r}")
    deals, seed = LEAD_PLAN.check(deals, seed, threads, play)
    options = Options.parse(rules)
    if play in ("dd", "pimc") and options.meld_save == "trick":
        raise InputError(f"--play {play} plays for card points, not tricks: it takes meld_save=counter or always")
    n_worlds = check_worlds(worlds) if play == "pimc" else None
    t = parse_trump(trump)
    b = options.minimum if bid is None else _check_bid(bid, options, "--bid")
    hand_ids = parse_hand(hand, "hand", HAND_SIZE)
    back_ids = []
    if passed is not None:
        back_ids = parse_hand(passed, "--passed cards")
        if len(back_ids) != PASS_SIZE:
            raise InputError(f"--passed takes the {PASS_SIZE} cards you passed back, got {len(back_ids)}")
        both = parse_hand(_tokens(hand) + _tokens(passed), "hand and the --passed cards")   # copies told apart
        hand_ids, back_ids = both[:HAND_SIZE], both[HAND_SIZE:]
    my_hand = np.uint64(mask_of(hand_ids))
    back = np.uint64(mask_of(back_ids)) if back_ids else np.uint64(0)
    pool = _pool(hand_ids + back_ids)
    counts = np.array([HAND_SIZE - len(back_ids), HAND_SIZE, HAND_SIZE], np.int64)
    rules4, vals4 = rule_tables(options), card_tables(options)
    rules_dd = rule_tables(options, objective_points=True)[t]
    codes = np.zeros(MAX_MOVES, np.int64)
    members = np.zeros(MAX_MOVES, np.uint64)
    nl = int(candidates(rules_dd, my_hand, my_hand, np.int64(0), np.uint64(DECK_MASK), codes, members))
    codes = codes[:nl].copy()
    reuse, _, _, save = _flags(options)
    key0 = seed_key(seed)

    def chunk(start, count):
        if not count:
            return leads.pack(nl)
        sums, cm, ct = filled = leads.books(nl)
        if play == "heuristic":
            lead_chunk(key0, np.int64(start), np.int64(count), pool, counts, my_hand, back, np.int64(t), np.int64(b),
                       reuse, save, rules4[t], vals4[t], codes, sums, cm, ct)
        else:
            lead_deals(key0, start, count, pool, counts, my_hand, back, t, b, reuse, save, rules4[t], vals4[t],
                       rules_dd, codes, n_worlds, sums, cm, ct, new_dd_table(), new_stats())
        return leads.pack(nl, filled)

    run = LEAD_PLAN.run(chunk, deals, play, threads, progress)
    notes = LEAD_PLAN.notes(run, deals, play)
    n_done = run.n_done
    table, order, recommendation, versus = _lead_table(run.stats, nl, n_done, codes, members, b, "your side makes",
                                                       "takes")
    my_meld = int(meld_points(my_hand, np.int64(t), reuse))
    meta = {"hand": format_mask(my_hand), "trump": SUITS[t], "bid": b, "passed": format_mask(back) if back_ids else None,
            "meld_yours": my_meld, "deals": int(n_done), "seed": seed, "play": play, "worlds": n_worlds,
            "rules": options.as_dict(), **versus}
    if n_worlds:
        notes.append(PIMC_NOTE.format(w=n_worlds, aim=f"{b}, less the side's meld"))
    notes.append("the other hands are dealt at random from the cards you do not see"
                 + (" (the four you passed back in your partner's)" if back_ids else "")
                 + "; the auction and your partner's meld as shown are not used: each deal melds its own hands")
    notes.append("vs_best: P(make) minus the best lead's on the same deals (paired); points_vs_best likewise")
    shown = []
    if examples:
        from ...sim.deal import _deal_into
        from ...sim.examples import lead_examples
        from .examples import SCAN
        names = ["S", "W", "N", "E"]          # you, then clockwise: left, partner, right
        buf = np.empty(pool.shape[0], np.int64)
        dealt = np.empty(3, np.uint64)

        def hands_of(i):
            _deal_into(np.uint64(stream_key(key0, np.int64(i))), pool, counts, np.zeros(3, np.uint64), buf, dealt)
            return ({names[0]: format_mask(my_hand), names[1]: format_mask(dealt[1]),
                     names[2]: format_mask(dealt[0] | back), names[3]: format_mask(dealt[2])},
                    {"trump": SUIT_SYMBOLS[t], "bid": str(b)})

        shown, why_none = lead_examples(examples, chunk=chunk, order=order, labels=[format_mask(np.uint64(1) << np.uint64(c)) for c in codes],
                                        scan=min(SCAN[play], deals), seed=seed, hands_of=hands_of, you=names[0],
                                        compass=("N", "W", "E", "S"), play=play, unit="trick point")
        if why_none:
            notes.append(why_none)
    return Answer("pinochle", "lead", table, str(table.iloc[0]["lead"]), recommendation, meta,
                  {"elapsed": run.elapsed}, notes, examples=shown)


# ============================================================================ three-handed
DEFAULT_BID3_DEALS = 20_000
BID3_PLAN = Plan("Pinochle", {"heuristic": DEFAULT_BID3_DEALS})
BID3_HEADROOM = 400            # bid rows simulated: up to the hand's best meld + this
AFTER_WIDOW = "after the widow"
MAX_DRAWS3 = 2_000              # redeals of the other hands to match the calls heard, at most, a deal
BID3_NOTES = (
    "three-handed: a 'call' row (pass, or a bid now) is your result for the whole hand when the auction goes on by "
    "the bidding policy after your call (your own later calls too: bid while the next bid is at most the hand's "
    "value less its margin, choosing the bid up to there that pays most), the widow and the other two hands dealt "
    "to fit the calls heard (unless --condition none); the bidder takes the "
    "widow, names the trump with the most meld plus 20 for each trump held, buries three cards he did not meld "
    "(their points count for him) and plays fifteen tricks against the two others, every seat by the heuristic",
    "a 'bid' row is the result if you end up the bidder at that bid with that trump (or the trump you would name "
    "after seeing the widow), the other hands dealt at random",
    "EV: your net units for the hand from both other players under the settlement table (the bidder is paid the "
    "unit by each when he makes, pays each twice the unit when he fails and once when he concedes before play; a "
    "defender pays the bidder the unit, or is paid twice or once it)",
    "the bidder concedes (a single bete) when the bid is above his meld, buried points and the trick points "
    "predicted from the cards he keeps by more than the prediction's 2/3 quantile error (P(make) under 1/3, where "
    "conceding pays); an eldest forced to open at the minimum, whom both others leave there, concedes without "
    "looking at the widow (forced_concede=free: for nothing; single: as any bidder); P(make) counts hands played "
    "and made",
)


def parse_auction3(text: str | None, ladder: list[int], all_pass: str, skip: bool = False):
    """The calls of ``text`` from the eldest (seat 1) on, checked: each bid on the ladder of
    allowed bids and above the bid it beats, no eldest's pass before a bid under
    ``eldest_forced``, a seat that passed skipped, the auction not over.  Returns (ladder
    indices of the calls, -1 a pass; the seat to speak 0..2; the bid to beat's index)."""
    calls, cur, passed, seat = [], -1, 0, 0
    for k, token in enumerate((text or "").replace(",", " ").split()):
        if _popcount(passed) == 3 or (_popcount(passed) == 2 and cur >= 0):
            raise InputError(f"the auction is over before call {k + 1} ({token!r})")
        while (passed >> seat) & 1:
            seat = (seat + 1) % 3
        word = token.lower()
        if word in _PASS_WORDS:
            if seat == 0 and cur < 0 and all_pass == "eldest_forced":
                raise InputError("the eldest (seat 1) may not pass before a bid (rule all_pass=eldest_forced): "
                                 "he opens at least at the minimum")
            calls.append(-1)
            passed |= 1 << seat
        else:
            if not word.isdigit():
                raise InputError(f"cannot read call {token!r} in --auction (a bid such as 300, or pass)")
            b = int(word)
            if b not in ladder:
                raise InputError(f"call {k + 1} of --auction, {b}, is not an allowed bid (multiples of 10 from "
                                 f"{ladder[0]}" + (", none ending in 40 or 90: rule skip_40_90" if skip else "") + ")")
            if cur >= 0 and b <= ladder[cur]:
                raise InputError(f"call {k + 1} of --auction, {b}, does not raise the bid of {ladder[cur]}")
            cur = ladder.index(b)
            calls.append(cur)
        seat = (seat + 1) % 3
    if _popcount(passed) == 3 or (_popcount(passed) == 2 and cur >= 0):
        raise InputError("the auction is over: there is no call left to make")
    while (passed >> seat) & 1:
        seat = (seat + 1) % 3
    return calls, seat, cur


def bid3(hand: str, trump: str | None = None, auction: str | None = None, seat: int | None = None,
         deals: int | None = None, seed: int | None = 0, threads: int | None = None, rules=None,
         progress: bool = False, condition: str = "policy", examples: int = 0) -> Answer:
    """How much can you bid on ``hand`` (15 cards) in three-handed Pinochle?  ``auction``:
    the calls so far from the eldest (seat 1) on, which make it your turn (``seat`` 1-3, if
    given, must agree); none: you are the eldest and open.  Rows: each call now (pass where
    the rules allow it, each bid from the next allowed one up) with the auction going on by
    the policy and the hand played out: your net units for the hand, P(you end up the
    bidder and make it), its paired difference from the best call; and for each bid and
    trump (and the trump named after the widow) P(make) with its 95% interval and EV if
    you end up the bidder there.  ``condition``: "policy" (the other hands dealt so that
    the policy makes the calls heard) or "none" (dealt uniformly; the calls still set the
    auction's state).  ``examples``: also show this many deals where the recommended call
    and the next best part ways (``examples.call_examples3``)."""
    from .bidding import ALL_PASS_RULES, DEFAULT_CONCEDE3, DEFAULT_POLICY3
    from .play import (H3_BID, H3_CONCEDED, H3_EV, H3_EV2, H3_I_BID, H3_I_MADE, H3_REDEAL, H3_SIZE, H3_THEY_MADE,
                       K3_DEALS, K3_DRAWS, K3_MISSED, K3_SIZE, S3_CONCEDED, S3_EV, S3_EV2, S3_MADE, S3_N, S3_SIZE,
                       TOT_BURIED, TOT_MELD, TOT_SIZE, TOT_SUM, auction3_chunk, three_chunk)
    from .rules import Options3

    check_condition(condition)
    check_examples(examples)
    options = Options3.parse(rules)
    hand_ids = parse_hand(hand, "hand", 15)
    rows_asked = [4] + (list(range(4)) if trump is None else [parse_trump(trump)])
    deals, seed = BID3_PLAN.check(deals, seed, threads, "heuristic")
    mine = np.uint64(mask_of(hand_ids))
    pool = _pool(hand_ids)
    melds = np.zeros(4, np.int64)
    meld_all(mine, options.reuse, melds)
    top = int(options.min_bid) + max(300, int(melds.max()) + BID3_HEADROOM)
    heard_bids = [int(w) for w in (auction or "").replace(",", " ").split() if w.isdigit()]
    ladder = options.bids(max([top] + [b + 300 for b in heard_bids]))
    calls, asker, cur = parse_auction3(auction, ladder, options.all_pass, options.skip_40_90 == "yes")
    if seat is not None and int(seat) != asker + 1:
        raise InputError(f"--seat {seat} does not speak now: after the calls heard it is seat {asker + 1}'s turn")
    bids, units, mult = options.stakes(ladder[-1])
    play_opts = options.play_options()
    rules4, vals4 = rule_tables(play_opts), card_tables(play_opts)
    counts = np.array([3, 15, 15], np.int64)
    key0 = seed_key(seed)
    may_pass = not (asker == 0 and cur < 0 and options.all_pass == "eldest_forced")
    top_k = max(k for k in range(len(ladder)) if ladder[k] <= top or k == cur + 1)
    row_calls = ([-1] if may_pass else []) + list(range(cur + 1, top_k + 1))
    n_rows = len(row_calls)
    all_pass = ALL_PASS_RULES.index(options.all_pass)
    layout = StatsLayout(stats=(5, len(bids), S3_SIZE), totals=(5, TOT_SIZE), here=(n_rows, H3_SIZE),
                         prods=(n_rows, n_rows + 1), counters=(K3_SIZE,))

    def chunk(start, n):
        flat = layout.zeros()
        if n:
            v = layout.unpack(flat)
            three_chunk(rules4, vals4, key0, np.int64(start), np.int64(n), pool, counts, mine, options.reuse, bids,
                        units, mult, DEFAULT_CONCEDE3, v["stats"], v["totals"])
            auction3_chunk(rules4, vals4, np.uint64(stream_key(key0, np.int64(1) << 40)), np.int64(start),
                           np.int64(n), pool, mine, np.int64(asker), np.array(calls, np.int64),
                           np.array(row_calls, np.int64), options.reuse, bids, units, mult, DEFAULT_POLICY3,
                           DEFAULT_CONCEDE3, np.int64(all_pass),
                           options.forced_concede == "free" and options.all_pass == "eldest_forced",
                           np.int64(MAX_DRAWS3), condition == "policy", v["here"], v["prods"], v["counters"])
        return flat

    run = BID3_PLAN.run(chunk, deals, "heuristic", threads, progress)
    v = layout.unpack(run.stats)
    st, tot, here, prods, k3 = v["stats"], v["totals"], v["here"], v["prods"], v["counters"]
    n = float(st[0, 0, S3_N])
    m = float(k3[K3_DEALS])
    if m == 0:
        _no_match("make the calls heard", run.n_done)
    last = 0
    for k in range(len(bids)):
        if max(st[r, k, S3_MADE] / n for r in rows_asked) >= NEGLIGIBLE:
            last = k
    rows = []
    for k in range(min(len(bids), last + 2)):
        for r in rows_asked:
            made = st[r, k, S3_MADE]
            lo, hi = wilson(made, n)
            ev = st[r, k, S3_EV] / n
            var = max(st[r, k, S3_EV2] / n - ev * ev, 0.0)
            rows.append({"action": "bid", "bid": int(bids[k]), "trump": AFTER_WIDOW if r == 4 else SUITS[r],
                         "p_make": made / n, "p_make_lo": lo, "p_make_hi": hi,
                         "p_concede": st[r, k, S3_CONCEDED] / n, "ev": ev,
                         "ev_se": float(np.sqrt(var / max(n - 1, 1))), "mean_total": tot[r, TOT_SUM] / n,
                         "mean_meld": tot[r, TOT_MELD] / n, "mean_buried": tot[r, TOT_BURIED] / n})
    ev = here[:, H3_EV] / m
    se = np.sqrt(np.maximum(here[:, H3_EV2] / m - ev ** 2, 0.0) / max(m - 1, 1))
    shown = n_rows
    while shown > 2 and row_calls[shown - 1] >= 0 and here[shown - 1, H3_I_MADE] / m < NEGLIGIBLE \
            and here[shown - 2, H3_I_MADE] / m < NEGLIGIBLE:
        shown -= 1           # bids so high that you (nearly) never make them
    best_row = max(range(shown), key=lambda k: ev[k])

    def versus(k):
        """Row k's EV minus the best row's on the same deals: (d, lo, hi)."""
        d = (prods[k, n_rows] - prods[best_row, n_rows]) / m
        var = (prods[k, k] + prods[best_row, best_row] - 2 * prods[k, best_row]) / m - d * d
        d_se = np.sqrt(max(var, 0.0) / max(m - 1, 1))
        return d, d - Z95 * d_se, d + Z95 * d_se

    name = (lambda k: "pass" if row_calls[k] < 0 else f"bid {ladder[row_calls[k]]}")
    for k in range(shown):
        lo, hi = wilson(here[k, H3_I_MADE], m)
        rows.append({"action": "pass" if row_calls[k] < 0 else "call",
                     "bid": None if row_calls[k] < 0 else ladder[row_calls[k]], "trump": None,
                     "p_make": here[k, H3_I_MADE] / m, "p_make_lo": lo, "p_make_hi": hi, "ev": ev[k], "ev_se": se[k],
                     "p_i_bid": here[k, H3_I_BID] / m, "p_they_make": here[k, H3_THEY_MADE] / m,
                     "p_redeal": here[k, H3_REDEAL] / m, "p_concede": here[k, H3_CONCEDED] / m,
                     "mean_final_bid": here[k, H3_BID] / max(m - here[k, H3_REDEAL], 1.0),
                     **dict(zip(VS_COLUMNS, versus(k)))})
    table = pd.DataFrame(rows)
    table["bid"] = table["bid"].astype("Int64")
    keys = list(range(shown))          # pass first, then the bids low to high: the least committal first
    a = modest(keys, lambda k: versus(k)[2] < 0)
    even = [k for k in keys if versus(k)[2] >= 0]
    f = {}
    if a != best_row:
        f = lead_in(name(a), name(best_row), *versus(a))
    elif shown > 1:
        b = max((k for k in keys if k != a), key=lambda k: ev[k])
        d = (prods[a, n_rows] - prods[b, n_rows]) / m
        var = (prods[a, a] + prods[b, b] - 2 * prods[a, b]) / m - d * d
        f = lead_of(name(a), name(b), d, np.sqrt(max(var, 0.0) / max(m - 1, 1)))
    lo, hi = ev[a] - Z95 * se[a], ev[a] + Z95 * se[a]
    best = name(a)
    if row_calls[a] < 0:
        head = (f"pass: EV {ev[a]:+.2f} units (95% interval {lo:+.2f} to {hi:+.2f}) for you over the hand, the "
                f"auction going on without you (another player bids {percent(1 - here[a, H3_REDEAL] / m)} and "
                f"makes {percent(here[a, H3_THEY_MADE] / m)})")
    else:
        conceded = (f", the bidder concedes {percent(here[a, H3_CONCEDED] / m)}" if here[a, H3_CONCEDED] else "")
        head = (f"{name(a)}: EV {ev[a]:+.2f} units (95% interval {lo:+.2f} to {hi:+.2f}) for you over the hand, the "
                f"auction going on by the policy (you end up the bidder {percent(here[a, H3_I_BID] / m)} and make "
                f"it {percent(here[a, H3_I_MADE] / m)}{conceded}; name the trump after seeing the widow)")
    head += _even_note(even, name, best_row)
    ok = [k for k in even if row_calls[k] >= 0]
    if ok and max(ok) not in (a, best_row):
        head += f"; the highest bid not measurably worse than {name(best_row)} is {ladder[row_calls[max(ok)]]}"
    recommendation = recommend(head, f, " units", 2)
    notes = list(BID3_NOTES) + BID3_PLAN.notes(run, deals, "heuristic")
    if calls and condition == "none":
        notes.append("--condition none: the other two hands and the widow dealt uniformly; the calls heard set the "
                     "auction's state only")
    elif calls:
        notes.append(f"the calls heard condition the other two hands: {k3[K3_DRAWS] / max(run.n_done, 1):,.1f} deals "
                     f"drawn a deal on average to match them"
                     + (f"; {int(k3[K3_MISSED]):,} deals found no match in {MAX_DRAWS3:,} draws and are left out"
                        if k3[K3_MISSED] else ""))
    if not may_pass:
        notes.append("you are the eldest and nobody has bid: under all_pass=eldest_forced you open at least at the "
                     "minimum, so pass is not a row")
    meta = {"hand": format_mask(mine), "players": 3, "seat": asker + 1,
            "auction": [("pass" if c < 0 else ladder[c]) for c in calls], "deals": int(m), "deals_dealt": int(n),
            "seed": seed, "play": "heuristic", "rules": options.as_dict(), "condition": condition,
            "meld": {SUITS[t]: int(melds[t]) for t in range(4)},
            "ev_meaning": "EV: your net units for the hand from both other players", **f}
    shown_examples = []
    if examples and shown > 1:
        from .examples import call_examples3
        b = max((k for k in range(shown) if k != a), key=lambda k: ev[k])
        kernel = {"key0": np.uint64(stream_key(key0, np.int64(1) << 40)), "pool": pool, "counts": counts,
                  "mine": mine, "asker": asker, "heard": np.array(calls, np.int64), "reuse": options.reuse,
                  "bids": bids, "units": units, "policy": DEFAULT_POLICY3, "all_pass": all_pass,
                  "max_draws": MAX_DRAWS3, "conditioned": condition == "policy"}
        shown_examples, note = call_examples3(examples, chunk=chunk, layout=layout, rows=(a, b),
                                              labels=(name(a), name(b)), kernel=kernel, seed=seed, deals=int(n))
        if note:
            notes.append(note)
    return Answer("pinochle", "bid", table, best, recommendation, meta, {"elapsed": run.elapsed}, notes,
                  examples=shown_examples)


LEAD3_PLAN = Plan("Pinochle", {"heuristic": 20_000}, chunk_size={"heuristic": 1_000})


def lead3(hand: str, trump: str, bid: int | None = None, buried: str | None = None, deals: int | None = None,
          seed: int | None = 0, play: str = "heuristic", threads: int | None = None, rules=None,
          progress: bool = False) -> Answer:
    """Which card should the three-handed bidder lead to the first trick?  ``hand``: his
    15 cards after the burial; ``buried``: the three he buried (their points count for
    him; without them three of the unseen cards stand for the burial, at random);
    ``bid``: the bid won (default the minimum).  Every distinct lead is played on the same
    deals (the other two hands dealt at random from the cards he does not see), the rest
    by the heuristic players; rows: P(make) -- meld, buried points and trick points reach
    the bid -- with its interval, mean trick points, and the paired differences from the
    best lead (95% intervals)."""
    from ...tricks.dd import MAX_MOVES
    from ...tricks.pimc import candidates
    from ...sim import leads
    from .deck import DECK_MASK
    from .play import lead3_chunk
    from .rules import Options3

    if play != "heuristic":
        raise InputError(f"--play {play}: the three-handed lead is played by the heuristic players so far "
                         "(double-dummy and single-dummy three-handed play are not built yet)")
    options = Options3.parse(rules)
    deals, seed = LEAD3_PLAN.check(deals, seed, threads, play)
    t = parse_trump(trump)
    b = int(options.min_bid) if bid is None else int(bid)
    if b not in options.bids(max(b, int(options.min_bid))):
        raise InputError(f"--bid {bid} is not an allowed three-handed bid (multiples of 10 from {options.min_bid}"
                         + (", none ending in 40 or 90" if options.skip_40_90 == "yes" else "") + ")")
    hand_ids = parse_hand(hand, "hand", 15)
    buried_ids = []
    if buried is not None:
        both = parse_hand(_tokens(hand) + _tokens(buried), "hand and the --buried cards")
        if len(both) != 18:
            raise InputError(f"--buried takes the 3 cards you buried, got {len(both) - 15}")
        hand_ids, buried_ids = both[:15], both[15:]
    mine = np.uint64(mask_of(hand_ids))
    buried_mask = np.uint64(mask_of(buried_ids)) if buried_ids else np.uint64(0)
    meld = int(meld_points(np.uint64(mine | buried_mask), np.int64(t), options.reuse))
    if buried_ids and int(meld_cards(np.uint64(mine | buried_mask), np.int64(t), options.reuse)) & int(buried_mask):
        raise InputError("a buried card is one you meld: the rules do not allow burying melded cards")
    pool = _pool(hand_ids + buried_ids)
    counts = np.array([0 if buried_ids else 3, 15, 15], np.int64)
    play_opts = options.play_options()
    rules4, vals4 = rule_tables(play_opts), card_tables(play_opts)
    rules_dd = rule_tables(play_opts, objective_points=True)[t]
    codes = np.zeros(MAX_MOVES, np.int64)
    members = np.zeros(MAX_MOVES, np.uint64)
    nl = int(candidates(rules_dd, mine, mine, np.int64(0), np.uint64(DECK_MASK), codes, members))
    codes = codes[:nl].copy()
    key0 = seed_key(seed)

    def chunk(start, count):
        if not count:
            return leads.pack(nl)
        sums, cm, ct = filled = leads.books(nl)
        lead3_chunk(key0, np.int64(start), np.int64(count), pool, counts, mine, buried_mask, np.int64(meld),
                    np.int64(b), rules4[t], vals4[t], codes, sums, cm, ct)
        return leads.pack(nl, filled)

    run = LEAD3_PLAN.run(chunk, deals, play, threads, progress)
    n_done = run.n_done
    table, _, recommendation, versus = _lead_table(run.stats, nl, n_done, codes, members, b, "you make", "take")
    notes = LEAD3_PLAN.notes(run, deals, play)
    notes.append("three-handed: the other two hands dealt at random from the cards you do not see"
                 + ("" if buried_ids else "; without --buried, three of them stand for your burial (their points "
                                          "counted for you)")
                 + "; the rest of the hand played by the heuristic players, you against the two others")
    notes.append("vs_best: P(make) minus the best lead's on the same deals (paired); points_vs_best likewise")
    meta = {"hand": format_mask(mine), "trump": SUITS[t], "bid": b, "passed": None, "players": 3,
            "buried": format_mask(buried_mask) if buried_ids else None, "meld_yours": meld, "deals": int(n_done),
            "seed": seed, "play": play, "worlds": None, "rules": options.as_dict(), **versus}
    return Answer("pinochle", "lead", table, str(table.iloc[0]["lead"]), recommendation, meta,
                  {"elapsed": run.elapsed}, notes)


DEFAULT_BURY_DEALS = 4_000
BURY_PLAN = Plan("Pinochle", {"heuristic": DEFAULT_BURY_DEALS})
MAX_BURY_OPTIONS = 40          # candidate burials played when there are more (the best by the policy's card scores)


def bury_options(full: int, trump: int, options) -> tuple[list[int], int, int]:
    """(candidate burials, the policy's own, how many legal burials there are): every
    distinct set of three cards none of which is melded, or when there are more than
    MAX_BURY_OPTIONS the best by the policy's card scores (``play.bury_score``), with the
    policy's (``play.bury3``)."""
    from .play import bury3, bury_score

    h = np.uint64(full)
    lane = LANE[trump]
    vals = card_tables(options.play_options())[trump]
    melded = int(meld_cards(h, np.int64(trump), options.reuse))
    free = full & ~melded
    if bin(free).count("1") < 3:
        raise InputError("fewer than three cards are not melded: nothing may be buried")
    policy = int(bury3(vals, h, lane, np.uint64(melded)))
    sets = _distinct_sets(free, 3)
    legal = len(sets)
    if legal > MAX_BURY_OPTIONS:
        score = {b: int(bury_score(vals, h, lane, np.int64(b))) for b in range(64) if (free >> b) & 1}
        sets.sort(key=lambda m: -sum(score[b] for b in range(64) if (m >> b) & 1))
        sets = sets[:MAX_BURY_OPTIONS]
    return (*_with_policy(sets, policy), legal)


def bury(hand: str, trump: str, bid: int | None = None, top: int | None = None, deals: int | None = None,
         seed: int | None = 0, threads: int | None = None, rules=None, progress: bool = False,
         players: int = 3, play: str = "heuristic") -> Answer:
    """Which three cards should the three-handed bidder bury?  ``hand``: his 18 cards (his
    15 and the widow), ``trump`` named, ``bid`` (default the minimum).  Each legal burial
    (three cards none of which he melds; the best MAX_BURY_OPTIONS by the policy's scores
    when there are more) is made and the fifteen tricks played on the same deals (the
    other two hands dealt at random from the 30 unseen cards): P(make) with its interval,
    EV in settlement units from each other player, the mean total, and each burial's
    P(make) minus the best's on the same deals with its 95% interval."""
    from ...sim.leads import paired_products
    from ...tricks.points import V_POINTS
    from .play import bury_chunk
    from .rules import Options3
    from .scoring import TRUMP_MULTIPLIERS, unit_value

    if int(players) != 3:
        raise InputError("--players: burying is the three-handed game's (--players 3)")
    options = Options3.parse(rules)
    hand_ids = parse_hand(hand, "hand", 18)
    t = parse_trump(trump)
    bid = int(options.min_bid) if bid is None else int(bid)
    if bid not in options.bids(max(bid, int(options.min_bid))):
        raise InputError(f"--bid {bid} is not a bid of this game: multiples of 10 from {options.min_bid}"
                         + (", none ending in 40 or 90" if options.skip_40_90 == "yes" else ""))
    if top is not None and int(top) < 1:
        raise InputError(f"--top must be at least 1, got {top}")
    deals, seed = BURY_PLAN.check(deals, seed, threads, play)
    full = int(mask_of(hand_ids))
    sets, policy, legal = bury_options(full, t, options)
    play_opts = options.play_options()
    rules_t, vals_t = rule_tables(play_opts)[t], card_tables(play_opts)[t]
    meld = int(meld_points(np.uint64(full), np.int64(t), options.reuse))
    pool = _pool(hand_ids)
    counts = np.array([15, 15], np.int64)
    set_arr = np.array(sets, np.uint64)
    key0 = seed_key(seed)
    k = len(sets)
    layout = StatsLayout(stats=(k, 3), prods=(k, k + 1))

    def chunk(start, n):
        flat = layout.zeros()
        if n:
            v = layout.unpack(flat)
            bury_chunk(rules_t, vals_t, key0, np.int64(start), np.int64(n), pool, counts, np.uint64(full),
                       np.int64(meld), set_arr, np.int64(bid), v["stats"], v["prods"])
        return flat

    run = BURY_PLAN.run(chunk, deals, "heuristic", threads, progress)
    v = layout.unpack(run.stats)
    st, prods = v["stats"], v["prods"]
    n = float(deals)
    u = unit_value(bid, options.units, 0, "none") * TRUMP_MULTIPLIERS[options.double][t]
    p = st[:, 0] / n
    order = sorted(range(k), key=lambda j: (-p[j], -st[j, 1]))
    best_j = order[0]
    rows = []
    for j in order:
        lo, hi = wilson(st[j, 0], n)
        d, se = paired_products(prods, j, best_j, n, n)
        mean = st[j, 1] / n
        pts = int(vals_t[V_POINTS, [b for b in range(64) if (sets[j] >> b) & 1]].sum())
        rows.append({"burial": format_mask(np.uint64(sets[j])), "points": pts, "policy": sets[j] == policy,
                     "p_make": p[j], "p_make_lo": lo, "p_make_hi": hi, "ev": u * (3 * p[j] - 2),
                     "ev_se": 3 * u * float(np.sqrt(max(p[j] * (1 - p[j]), 0.0) / max(n - 1, 1))),
                     "mean_total": mean, "vs_best": d, "vs_best_lo": d - Z95 * se, "vs_best_hi": d + Z95 * se})
    table = pd.DataFrame(rows)
    shown = table if top is None else table.head(int(top))
    b0 = table.iloc[0]
    head = (f"bury {b0['burial']}: makes {percent_with(b0['p_make'], b0['p_make_lo'], b0['p_make_hi'])} at {bid}, EV {b0['ev']:+.2f} units from each other player")
    f = {}
    if len(table) > 1:
        b1 = table.iloc[1]
        f = lead_in(f"bury {b0['burial']}", f"bury {b1['burial']}", -100 * b1["vs_best"], -100 * b1["vs_best_hi"],
                    -100 * b1["vs_best_lo"])
    recommendation = recommend(head, f, " percentage points of P(make)")
    pol = table[table["policy"]].iloc[0]
    if not pol.name == 0:
        recommendation += (f"; the simulated bidder's burial ({pol['burial']}) makes {percent(pol['p_make'])}, "
                           f"{100 * pol['vs_best']:+.1f} percentage points against the best (95% interval "
                           f"{100 * pol['vs_best_lo']:+.1f} to {100 * pol['vs_best_hi']:+.1f}, same deals)")
    notes = [f"three-handed: the other two hands dealt at random from the {len(pool)} unseen cards, the fifteen "
             f"tricks by the heuristic players; your total: meld {meld} with {SUITS[t]} trump, the counters buried "
             "and the counters taken; EV in settlement units from each other player (a failed bid pays twice)",
             "vs_best: a burial's P(make) minus the best's on the same deals (95% interval)"]
    if legal > len(sets):
        notes.append(f"the {len(sets)} burials the policy scores best are played (of more legal ones)")
    notes += BURY_PLAN.notes(run, deals, "heuristic")
    meta = {"hand": format_mask(np.uint64(full)), "players": 3, "trump": SUITS[t], "bid": bid, "meld": meld,
            "deals": int(deals), "seed": seed, "rules": options.as_dict(), **f}
    return Answer("pinochle", "bury", shown.reset_index(drop=True), f"bury {b0['burial']}", recommendation, meta,
                  {"elapsed": run.elapsed}, notes)


# ----------------------------------------------------------------------------- two-handed: deal
DEFAULT_DEAL2_DEALS = 20_000
DEAL2_PLAN = Plan("Pinochle", {"heuristic": DEFAULT_DEAL2_DEALS}, chunk_size={"heuristic": 2_000})


def _parse_score2(text, target: int) -> tuple[int, int]:
    import re
    if text is None:
        return 0, 0
    m = re.fullmatch(r"\s*(\d+)\s*:\s*(\d+)\s*", str(text))
    if not m:
        raise InputError(f"--score takes YOU:THEM, your score then your opponent's (e.g. 620:480), not {text!r}")
    you, them = int(m.group(1)), int(m.group(2))
    if you >= target or them >= target:
        raise InputError(f"--score {you}:{them}: each score must be under the game's {target} (at {target} the "
                         "game is over)")
    return you, them


def deal2(hand: str, trump: str | None = None, upcard: str | None = None, dealer: str = "them",
          score: str | None = None, deals: int | None = None, seed: int | None = 0, threads: int | None = None,
          rules=None, progress: bool = False, play: str = "heuristic") -> Answer:
    """What is this two-handed hand worth?  ``hand``: your 12 cards; ``trump`` (the turned
    card then dealt among the unseen cards of that suit) or ``upcard`` (the turned card
    itself); ``dealer``: "them" (you lead first) or "you" (a turned nine scores you 10);
    ``score``: "YOU:THEM" before the hand.  The opponent's 12 cards and the stock dealt at
    random, the hand played out by the policy (``two``): each player's expected meld,
    counters and total with standard errors; then the game played on by whole random hands
    to its end: P(you win the game from the score) with its interval."""
    from .rules import Options2
    from .two import (N_S, POLICY, S_CALLED0, S_CALLED1, S_COUNT0, S_COUNT0_2, S_COUNT1, S_COUNT1_2, S_HANDS,
                      S_MELD0, S_MELD0_2, S_MELD1, S_MELD1_2, S_N, S_NET, S_NET_2, S_UNFINISHED, S_WIN, deal_chunk,
                      points_table)
    from ...stats import moments_mean_se

    options = Options2.parse(rules)
    hand_ids = parse_hand(hand, "hand", HAND_SIZE)
    mine = int(mask_of(hand_ids))
    if (trump is None) == (upcard is None):
        raise InputError("give the trump (--trump S|H|D|C) or the turned card (--upcard CARD), one of them")
    if upcard is not None:
        up = parse_hand(upcard, "turned card", 1)[0]
        up_bit = int(BIT_OF[up])
        if (mine >> up_bit) & 1:
            up_bit ^= 1                      # the other copy: the hand holds the first
            if (mine >> up_bit) & 1:
                raise InputError(f"--upcard {upcard}: your hand holds both copies of it")
        t = up_bit >> 4
    else:
        t = parse_trump(trump)
        up_bit = -1
        if all((mine >> b) & 1 for b in range(16 * t, 16 * t + 12)):
            raise InputError("--trump: your hand holds every card of that suit, so none can be turned")
    key = str(dealer).strip().lower()
    if key not in ("you", "them"):
        raise InputError(f"--dealer takes you or them, not {dealer!r}")
    dealer_p = 0 if key == "you" else 1
    target = options.target
    you, them = _parse_score2(score, target)
    deals, seed = DEAL2_PLAN.check(deals, seed, threads, play)
    pts = points_table(options)
    key0 = seed_key(seed)
    layout = StatsLayout(stats=(N_S,))

    def chunk(start, n):
        flat = layout.zeros()
        if n:
            deal_chunk(key0, np.int64(start), np.int64(n), np.uint64(mine), np.int64(up_bit), np.int64(t),
                       np.int64(dealer_p), pts, np.int64(options.flags), POLICY, np.int64(you), np.int64(them),
                       np.int64(target), layout.unpack(flat)["stats"])
        return flat

    run = DEAL2_PLAN.run(chunk, deals, play, threads, progress)
    st = layout.unpack(run.stats)["stats"]
    n = int(st[S_N])
    rows = []
    for who, (m1, m2, c1, c2) in (("you", (S_MELD0, S_MELD0_2, S_COUNT0, S_COUNT0_2)),
                                  ("opponent", (S_MELD1, S_MELD1_2, S_COUNT1, S_COUNT1_2))):
        meld_m, meld_se = moments_mean_se(n, float(st[m1]), float(st[m2]))
        cnt_m, cnt_se = moments_mean_se(n, float(st[c1]), float(st[c2]))
        rows.append({"player": who, "mean_meld": meld_m, "mean_meld_se": meld_se, "mean_counters": cnt_m,
                     "mean_counters_se": cnt_se, "mean_total": meld_m + cnt_m})
    table = pd.DataFrame(rows)
    net, net_se = moments_mean_se(n, float(st[S_NET]), float(st[S_NET_2]))
    wins = int(st[S_WIN])
    lo, hi = wilson(wins, n)
    p = wins / n
    meta = {"hand": format_mask(np.uint64(mine)), "players": 2, "trump": SUITS[t],
            "upcard": format_mask(np.uint64(1) << np.uint64(up_bit)) if up_bit >= 0 else None,
            "dealer": key, "score": f"{you}:{them}", "target": target, "deals": n, "seed": seed, "play": play,
            "rules": options.as_dict(), "net": net, "net_se": net_se, "p_win": p, "p_win_lo": lo, "p_win_hi": hi,
            "p_called_out_you": int(st[S_CALLED0]) / n, "p_called_out_them": int(st[S_CALLED1]) / n,
            "hands_per_game": int(st[S_HANDS]) / n}
    notes = ["two-handed: the opponent's 12 cards and the stock dealt at random from the unseen cards"
             + ("" if up_bit >= 0 else f", the turned card among the unseen {SUIT_SYMBOLS[t]}")
             + "; both players by the heuristic policy (greedy meld, a royal marriage before its run, the dix "
               "shown or exchanged at once); P(win): the game played on by random hands, the deal alternating, a "
               "player calling out as soon as his meld and counters reach the target"]
    if int(st[S_UNFINISHED]):
        notes.append(f"{int(st[S_UNFINISHED])} games reached the hand limit without a winner (counted as losses)")
    rec = (f"worth {rows[0]['mean_total']:.0f} points to you (meld {rows[0]['mean_meld']:.0f}, counters "
           f"{rows[0]['mean_counters']:.0f}) against {rows[1]['mean_total']:.0f} to your opponent: net {net:+.1f} (95% "
           f"interval {net - Z95 * net_se:+.1f} to {net + Z95 * net_se:+.1f}); P(you win the game from {you}:{them}) "
           f"{percent_with(p, lo, hi)}")
    return Answer("pinochle", "deal", table, "you", rec, meta, {"elapsed": run.elapsed}, notes)


# ----------------------------------------------------------------------------- two-handed: play
DEFAULT_PLAY2_DEALS = 2_000
PLAY2_PLAN = Plan("Pinochle", {"heuristic": DEFAULT_PLAY2_DEALS}, chunk_size={"heuristic": 250})


class _Copies:
    """Physical cards (layout bits) for cards written by kind: each kind has two copies,
    handed out in the order the cards are named (your hand, the cards seen, ...)."""

    def __init__(self):
        self.taken = 0

    def take(self, text, what, size=None) -> list[int]:
        out = []
        for i in parse_hand(text, what, size) if text else []:
            b = int(BIT_OF[i]) & ~1
            if (self.taken >> b) & 1:
                b |= 1
                if (self.taken >> b) & 1:
                    raise InputError(f"a third copy of {format_mask(1 << b)} ({what}): the deck has two of each card")
            self.taken |= 1 << b
            out.append(b)
        return out

    def take_free(self, b0: int, exclude=()):
        """A copy of the kind at ``b0`` that nobody holds yet (taken now), or None."""
        for b in (b0, b0 | 1):
            if b not in exclude and not (self.taken >> b) & 1:
                self.taken |= 1 << b
                return b
        return None


def _classify2(cards: list[int], trump: int) -> tuple[str, int]:
    """(kind, class) of a meld group of physical cards (``two.MELD_NAMES``, ``two.C_*``;
    "dix" for a nine of trump shown), or InputError."""
    from . import two
    ks = sorted(((b >> 4), (b & 15) >> 1) for b in cards)
    suits, ranks = [s for s, _ in ks], [r for _, r in ks]
    n = len(ks)
    if n == 1 and ranks == [0] and suits == [trump]:
        return "dix", two.C_SEQ
    if n == 2 and sorted(ranks) == [2, 3] and suits[0] == suits[1]:
        return ("royal marriage" if suits[0] == trump else "marriage"), two.C_SEQ
    if sorted(ks) == sorted([(0, 2), (2, 1)] * (n // 2)) and n in (2, 4):
        return ("pinochle" if n == 2 else "double pinochle"), two.C_PIN
    if n in (4, 8) and len(set(ranks)) == 1 and ranks[0] in (1, 2, 3, 5) and sorted(suits) == sorted(
            list(range(4)) * (n // 4)):
        return ("around" if n == 4 else "double around"), two.C_AROUND
    if n in (5, 10) and set(suits) == {trump} and sorted(ranks) == sorted([1, 2, 3, 4, 5] * (n // 5)):
        return ("run" if n == 5 else "double run"), two.C_SEQ
    raise InputError(f"{format_mask(sum(1 << b for b in cards))} is not a meld of two-handed Pinochle with "
                     f"{SUITS[trump]} trump (a marriage, a run, an around, a pinochle, a dix, or their doubles)")


def _melds2(groups_text, trump, sources, who: str, double_any: bool, copies: "_Copies | None" = None,
            dix_extra: int = -1):
    """The state of a player's melds from the groups laid so far ("KS QS, AS AH AD AC"):
    (table mask, used (3,), runused, done (N_DONE,), meld points, nines scored, the
    physical cards named), each group checked by the rules (a card from the concealed
    hand; a card again only in another class, or from a royal marriage into the run).  A
    new card of a group is taken from ``sources`` in order (sets of physical cards: yours
    held, then played; theirs played), or with ``copies`` first a copy nobody holds yet
    (the opponent's table, ``_Copies.take_free``); a dix shown may also be ``dix_extra``
    (the card under the stock: a nine exchanged there)."""
    from . import two
    table, runused, points = 0, 0, 0
    used = [0, 0, 0]
    done = [0] * two.N_DONE
    nines = 0
    named: set = set()
    if not groups_text:
        return table, used, runused, done, points, nines, named
    for text in str(groups_text).split(","):
        kinds = parse_hand(text.strip(), f"{who} melded")
        cards = []
        kind, cls = _classify2([int(BIT_OF[i]) & ~1 for i in kinds], trump)
        for i in kinds:
            b0 = int(BIT_OF[i]) & ~1
            # the same card again (another class) where the rules allow it, else a new copy
            pick = None
            for b in (b0, b0 | 1):
                if b in cards:
                    continue
                reusable = (table >> b) & 1 and not (used[cls] >> b) & 1 and kind != "dix"
                if kind in ("run", "double run") and (table >> b) & 1:
                    reusable = not (runused >> b) & 1 and ((b & 15) >> 1 in (2, 3) or not (used[cls] >> b) & 1)
                if reusable:
                    pick = b
                    break
            if pick is None and kind == "dix" and dix_extra >= 0 and dix_extra & ~1 == b0 and dix_extra not in named:
                pick = dix_extra
            if pick is None and copies is not None:
                pick = copies.take_free(b0, exclude=set(cards) | named)
            for source in sources:
                if pick is not None:
                    break
                for b in (b0, b0 | 1):
                    if b not in cards and b not in named and not (table >> b) & 1 and b in source:
                        pick = b
                        break
            if pick is None:
                raise InputError(f"{who} melded {format_mask(1 << b0)}: not held, not played, and not again in "
                                 f"this class ({text.strip()})")
            cards.append(pick)
        named |= set(cards)
        mask = sum(1 << b for b in cards)
        if kind == "dix":
            nines |= mask
            points += two.DIX_POINTS
            continue
        if not mask & ~table:
            raise InputError(f"{who} melded {text.strip()}: a meld takes at least one card not already on the table")
        n = 2 if kind.startswith("double") else 1
        if kind in ("run", "double run"):
            pts = two.DOUBLE_RUN_POINTS if n == 2 else (two.DOUBLE_RUN_POINTS - two.RUN_POINTS
                                                        if double_any and done[two.D_RUNS] == 1 else two.RUN_POINTS)
            done[two.D_RUNS] += n
            runused |= mask
        elif kind in ("marriage", "royal marriage"):
            pts = two.ROYAL_POINTS if kind == "royal marriage" else two.MARRIAGE_POINTS
        elif "around" in kind:
            r = (cards[0] & 15) >> 1
            single = int(two.AROUND_POINTS[r])
            pts = 10 * single if n == 2 else (9 * single if double_any and done[r] == 1 else single)
            done[r] += n
        else:
            pts = two.DOUBLE_PINOCHLE_POINTS if n == 2 else (two.DOUBLE_PINOCHLE_POINTS - two.PINOCHLE_POINTS
                                                             if double_any and done[two.D_PINOCHLES] == 1
                                                             else two.PINOCHLE_POINTS)
            done[two.D_PINOCHLES] += n
        used[cls] |= mask
        table |= mask
        points += pts
    return table, used, runused, done, points, nines, named


def play2(hand: str, trump: str | None = None, upcard: str | None = None, seen: str | None = None,
          lead: str | None = None, melded: str | None = None, their_melded: str | None = None,
          deals: int | None = None, seed: int | None = 0, threads: int | None = None, rules=None,
          progress: bool = False, play: str = "heuristic", examples: int = 0) -> Answer:
    """Which card now, in phase 1 of two-handed Pinochle -- and win this trick to meld?
    ``hand``: your 12 cards (those you melded on the table too); ``seen``: the cards played
    to the tricks so far (both players'); ``lead``: the card your opponent led to this
    trick (none: you lead); ``melded`` / ``their_melded``: the melds laid this hand, in
    order, as groups ("KS QS, AS AH AD AC"; a nine of trump alone: the dix shown);
    ``upcard``: the card under the stock (or ``trump``: unknown among the unseen).  Your
    opponent's concealed cards and the stock's order are dealt at random from the unseen
    cards (``deals`` worlds), each card of yours played in every world and the hand played
    on by the policy: your net gain for the rest of the hand (your meld and counters from
    now minus your opponent's) with its standard error, each card against the best on the
    same worlds, and how often the card wins the trick.  ``examples``: also show this many
    worlds where the best card and the next best part ways (phase 1)."""
    from . import two
    from .rules import Options2
    from ...sim.leads import paired_products
    from ...stats import moments_mean_se

    check_examples(examples)
    options = Options2.parse(rules)
    if (trump is None) == (upcard is None):
        raise InputError("give the trump (--trump S|H|D|C) or the card under the stock (--upcard CARD), one of them")
    copies = _Copies()
    mine = copies.take(hand, "hand")
    seen_b = copies.take(seen, "cards seen")
    if len(seen_b) % 2:
        raise InputError(f"--seen has {len(seen_b)} cards: the tricks played so far hold two each (the card led "
                         "to this trick goes in --lead)")
    t0 = len(seen_b) // 2
    if t0 >= 24:
        raise InputError("--seen holds all 24 tricks: the hand is over")
    want = HAND_SIZE if t0 < 12 else 24 - t0
    if len(mine) != want:
        raise InputError(f"the hand has {len(mine)} cards; after {t0} tricks you hold {want}")
    if t0 >= 12:
        # phase 2: every card not yours nor seen is your opponent's; the melds and the card
        # under the stock (drawn by now) no longer matter
        lead_b = copies.take(lead, "card led", 1)[0] if lead else -1
        t = (int(BIT_OF[parse_hand(upcard, "card under the stock", 1)[0]]) >> 4) if upcard else parse_trump(trump)
        return _play2_exact(mine, seen_b, lead_b, t, t0, options, seed, play,
                            ignored=[n for n, v in (("--melded", melded), ("--their-melded", their_melded),
                                                    ("--examples", examples)) if v])
    up_b = copies.take(upcard, "card under the stock", 1)[0] if upcard else -1
    t = (up_b >> 4) if up_b >= 0 else parse_trump(trump)
    double_any = options.double_meld == "any"
    seen_set = set(seen_b)
    # your melds: cards you hold or have played since (a dix exchanged: the card under the stock)
    my = _melds2(melded, t, [set(mine), seen_set], "you", double_any, dix_extra=up_b)
    # theirs: cards still on their table (copies nobody else holds) or played since (not yours)
    th = _melds2(their_melded, t, [seen_set - my[6]], "they", double_any, copies, dix_extra=up_b)
    n_melds = sum(1 for text in (melded, their_melded) if text for g in str(text).split(",")
                  if len(parse_hand(g.strip(), "meld")) > 1)
    if n_melds > t0:
        raise InputError(f"{n_melds} melds laid in {t0} tricks: a meld is laid by the winner of a trick, one a trick")
    their_table = th[0] & ~sum(1 << b for b in seen_b) & ~((1 << up_b) if up_b >= 0 else 0)
    if lead:
        k0 = int(BIT_OF[parse_hand(lead, "card led", 1)[0]]) & ~1
        on_table = [b for b in (k0, k0 | 1) if (their_table >> b) & 1]
        lead_b = on_table[0] if on_table else copies.take(lead, "card led", 1)[0]
        their_table &= ~(1 << lead_b)
    else:
        lead_b = -1
    my_table = my[0] & sum(1 << b for b in mine)
    # a dix they showed and still hold: known to be in their concealed hand
    their_nines = th[5] & ~sum(1 << b for b in seen_b) & ~((1 << up_b) if up_b >= 0 else 0)
    if lead_b >= 0:
        their_nines &= ~(1 << lead_b)
    their_known = their_table | their_nines
    n_hidden = HAND_SIZE - (1 if lead_b >= 0 else 0) - bin(their_known).count("1")
    known = sum(1 << b for b in mine) | sum(1 << b for b in seen_b) | their_known | \
        ((1 << lead_b) if lead_b >= 0 else 0) | ((1 << up_b) if up_b >= 0 else 0)
    pool = [b for b in range(64) if (b & 15) < 12 and not (known >> b) & 1]
    if up_b < 0 and not any(b >> 4 == t for b in pool):
        raise InputError("every card of the trump suit is seen or yours: give the card under the stock (--upcard)")
    need = n_hidden + (two.STOCK - 2 * t0) + (1 if up_b < 0 else 0)
    if n_hidden < 0 or len(pool) != need:
        raise InputError(f"the position does not add up: {len(pool)} cards unseen, but your opponent's concealed "
                         f"hand ({n_hidden}) and the stock ({two.STOCK - 2 * t0}"
                         f"{' and the card under it' if up_b < 0 else ''}) after {t0} tricks hold {need}")
    deals, seed = PLAY2_PLAN.check(deals, seed, threads, play)
    # the candidates: each kind once, the copy on the table first
    cands, labels, from_table = [], [], []
    for b in sorted(mine, key=lambda x: (-(x >> 4), -x)):
        kind = b & ~1
        if any(c & ~1 == kind for c in cands):
            continue
        copies_held = [c for c in mine if c & ~1 == kind]
        on_table = [c for c in copies_held if (my_table >> c) & 1]
        pick = on_table[0] if on_table else copies_held[0]
        cands.append(pick)
        labels.append(format_mask(1 << pick))
        from_table.append(bool(on_table))
    k = len(cands)
    dix_done = my[5] | th[5]
    if up_b >= 0 and (up_b & 15) >> 1 == 0:
        dix_done |= (1 << up_b) | (1 << 63)
    state = dict(
        hand0=np.array([sum(1 << b for b in mine), their_known], np.uint64),
        table0=np.array([my_table, their_table], np.uint64),
        used0=np.array([my[1], th[1]], np.uint64),
        runused0=np.array([my[2], th[2]], np.uint64),
        done0=np.array([my[3], th[3]], np.int64),
        meld0=np.array([my[4], th[4]], np.int64))
    pos = np.array([t0, 1 if lead_b >= 0 else 0, lead_b, up_b], np.int64)
    pts = two.points_table(options)
    key0 = seed_key(seed)
    layout = StatsLayout(stats=(k, 3), prods=(k, k + 1))
    cand_arr, pool_arr = np.array(cands, np.int64), np.array(pool, np.int64)

    def chunk(start, n):
        flat = layout.zeros()
        if n:
            v = layout.unpack(flat)
            two.play_chunk(key0, np.int64(start), np.int64(n), pos, pool_arr, np.int64(n_hidden), up_b >= 0, cand_arr,
                           state["hand0"], state["table0"], state["used0"], state["runused0"], state["done0"],
                           state["meld0"], np.uint64(dix_done), np.int64(t), pts, np.int64(options.flags), two.POLICY,
                           v["stats"], v["prods"])
        return flat

    run = PLAY2_PLAN.run(chunk, deals, play, threads, progress)
    v = layout.unpack(run.stats)
    st, prods = v["stats"], v["prods"]
    n = float(deals)
    means = [moments_mean_se(n, float(st[j, 0]), float(st[j, 1])) for j in range(k)]
    order = sorted(range(k), key=lambda j: -means[j][0])
    best_j = order[0]
    rows = []
    for j in order:
        d, se = paired_products(prods, j, best_j, n, n)
        lo, hi = wilson(st[j, 2], n)
        rows.append({"card": labels[j], "from_table": from_table[j], "net": means[j][0], "net_se": means[j][1],
                     "vs_best": d, "vs_best_lo": d - Z95 * se, "vs_best_hi": d + Z95 * se,
                     "p_win_trick": st[j, 2] / n, "p_win_trick_lo": lo, "p_win_trick_hi": hi})
    table = pd.DataFrame(rows)
    f = {}
    if k > 1:
        nxt = order[1]
        d, se = paired_products(prods, best_j, nxt, n, n)
        f = lead_of(f"play {labels[best_j]}", f"play {labels[nxt]}", d, se)
    top = rows[0]
    head = (f"play {top['card']}: net {top['net']:+.1f} points for the rest of the hand (95% interval "
            f"{top['net'] - Z95 * top['net_se']:+.1f} to {top['net'] + Z95 * top['net_se']:+.1f}); it wins the trick "
            f"{percent(top['p_win_trick'])}")
    recommendation = recommend(head, f, " points")
    meta = {"hand": format_mask(sum(1 << b for b in mine)), "players": 2, "trump": SUITS[t],
            "upcard": format_mask(1 << up_b) if up_b >= 0 else None, "trick": t0 + 1,
            "lead": format_mask(1 << lead_b) if lead_b >= 0 else None, "meld_so_far": int(my[4]),
            "their_meld_so_far": int(th[4]), "unseen": len(pool), "deals": int(n), "seed": seed, "play": play,
            "rules": options.as_dict(), **f}
    notes = [f"two-handed, trick {t0 + 1} of phase 1: your opponent's {n_hidden} concealed cards and the stock's "
             "order dealt at random from the unseen cards (no inference from his play so far), each of your cards "
             "played in every world and the hand played on by the heuristic policy (both players); net: your meld "
             "and counters from now to the end of the hand minus your opponent's (no call-out)",
             "vs_best: a card's net minus the best card's on the same worlds (95% interval)"]
    shown = []
    if examples and k > 1:
        from .examples import play_examples2
        kernel = {"key0": key0, "pool": pool_arr, "n_hidden": n_hidden, "turned": up_b, "trump": t, "t0": t0,
                  "hand": meta["hand"], "their_known": format_mask(their_known) if their_known else None}
        shown, note = play_examples2(examples, chunk=chunk, layout=layout, cards=(best_j, order[1]),
                                     labels=(labels[best_j], labels[order[1]]), kernel=kernel, seed=seed,
                                     deals=int(n))
        if note:
            notes.append(note)
    return Answer("pinochle", "play", table, f"play {top['card']}", recommendation, meta, {"elapsed": run.elapsed},
                  notes, examples=shown)


def _play2_exact(mine, seen_b, lead_b, t, t0, options, seed, play, ignored=()) -> Answer:
    """Phase 2 of the two-handed game: both hands are known (every other card has been
    seen), so each card's value is exact -- the points you take from here on, this trick
    and the last trick's 10 included, with perfect play by both (``tricks.dd``)."""
    from ...tricks.dd import Solver
    from .rules import rule_table

    if options.head != "always":
        raise InputError("phase 2 is solved exactly under head=always only (head=trump_led is not built yet)")
    mine_m = sum(1 << b for b in mine)
    gone = sum(1 << b for b in seen_b) | ((1 << lead_b) if lead_b >= 0 else 0)
    theirs = sum(1 << b for b in range(64) if (b & 15) < 12) & ~mine_m & ~gone
    rules = rule_table(t, Options(counting=options.count), objective_points=True)
    solver = Solver(16.0)
    hands = [mine_m, theirs]
    if lead_b >= 0:
        moves = solver.moves(rules, hands, 1, 1, trick=(1 << lead_b,))
    else:
        moves = solver.moves(rules, hands, 0, 1)
    best_v = moves[0][2]
    rows = []
    for bit, _, v in moves:
        same = [b for b in mine if b & ~1 == bit & ~1] or [bit]
        rows.append({"card": format_mask(1 << same[0]), "points": int(v), "vs_best": int(v) - best_v})
    table = pd.DataFrame(rows)
    top = rows[0]
    tied = [r["card"] for r in rows[1:] if r["vs_best"] == 0]
    text = f"play {top['card']}: you take {top['points']} more points with perfect play by both (exact)"
    if tied:
        text = (f"no difference between play {top['card']} and play {tied[0]}"
                + (f" (and {len(tied) - 1} more)" if len(tied) > 1 else "") + f": {text}")
    elif len(rows) > 1:
        text += f", {-rows[1]['vs_best']} more than play {rows[1]['card']}"
    f = {} if len(rows) < 2 else lead_of(f"play {top['card']}", f"play {rows[1]['card']}",
                                         float(-rows[1]["vs_best"]), 0.0)
    meta = {"hand": format_mask(mine_m), "players": 2, "trump": SUITS[t], "upcard": None, "trick": t0 + 1,
            "lead": format_mask(1 << lead_b) if lead_b >= 0 else None, "their_hand": format_mask(theirs),
            "phase": 2, "exact": True, "seed": seed, "play": play, "rules": options.as_dict(), **f}
    notes = [f"two-handed, trick {t0 + 1} (phase 2): your opponent's hand is every card not yet seen, so each card "
             "is valued exactly by the solver: the counters you take from here on (this trick included) and the "
             "last trick's 10, both playing perfectly under the duties (follow, head, trump)"]
    if ignored:
        notes.append(f"{' and '.join(ignored)}: not used in phase 2 (no more melding; the melded cards are back in "
                     "the hands)")
    return Answer("pinochle", "play", table, f"play {top['card']}", text, meta, {}, notes)

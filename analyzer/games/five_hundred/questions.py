"""Five Hundred questions: "what should I bid with this hand?"."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...answer import Answer
from ...sim.question import Plan
from ...sim.rng import seed_key
from ...stats import Z95, hist_mean_se, wilson
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


def contract_only(hand: str, deals: int | None = None, seed: int | None = None, over: str | None = None,
                  contracts: str | None = None, play: str = "heuristic", threads: int | None = None,
                  rules: list[str] | None = None, progress: bool = False) -> Answer:
    """P(make), tricks and expected score of every contract for the player's 10 cards,
    the player being the contractor (seat S, partner N) after taking the kitty, whatever
    the others hold (``bid(..., contract_only=True)``).  ``deals`` defaults to
    DEFAULT_DEALS (heuristic play) or DEFAULT_DEALS_DD (dd)."""
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


_contract_only = contract_only     # ``bid``'s argument of that name hides the function there


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


# ----------------------------------------------------------------------------- here
DEFAULT_HERE_DEALS = 50_000        # heuristic play: about a second warm on 2 cores with three seats heard
DEFAULT_HERE_DEALS_DD = 200
HERE_DD_CHUNK = 8
PILOT_HANDS = 20_000               # random hands that order the heard seats (rarest first)
PILOT_SEED = 54321
MAX_HANDS_DRAWN = 4e9              # a run's bound on hands drawn for the heard seats (about 10 minutes on 2 cores)
HERE_PLAN = Plan("Five Hundred", {"heuristic": DEFAULT_HERE_DEALS, "dd": DEFAULT_HERE_DEALS_DD},
                 chunk_size={"heuristic": 2048, "dd": HERE_DD_CHUNK}, desc={"dd": "solving"})
EV_MEANING = "EV: your side's score for the deal minus the other side's (a thrown-in deal scores 0)"


def _seat_name(seat: int) -> str:
    from .deck import SEAT_NAMES
    return SEAT_NAMES[seat]


def _setup_here(seat, dealer, auction, over, options):
    """(asker, dealer, history, state before the asker's call, conditioned?, notes)."""
    from .auction import ST_CUR, ST_HOLDER, ST_LAST, ST_NEXT, new_state, parse_auction, parse_seat
    from .deck import N_SEATS
    from ...errors import InputError
    notes = []
    asker = parse_seat(seat) if seat is not None else None
    d = parse_seat(dealer, "--dealer") if dealer is not None else None
    if auction is not None and over is not None:
        raise InputError("give --auction or --over, not both (the auction says what the bid to beat is)")
    if auction is None and over is None:
        if asker is None:
            asker = 0
        if d is None:
            d = (asker - 1) % N_SEATS         # you speak first
        n_before = (asker - d - 1) % N_SEATS
        auction = " ".join(["pass"] * n_before)
    if over is not None:
        asker = 0 if asker is None else asker
        d = (asker - 1) % N_SEATS if d is None else d
        c = parse_contract(over)
        from .bidding import ladder
        st = new_state(d)
        st[ST_NEXT] = asker
        st[ST_CUR] = ladder(options).index(c)
        rho = (asker - 1) % N_SEATS
        st[ST_HOLDER] = rho
        st[ST_LAST + rho] = st[ST_CUR]
        notes.append(f"--over {c.name} without --auction: your right-hand opponent holds the bid and nobody has "
                     "passed; the other hands are dealt without conditions (give --auction to condition them on "
                     "the calls)")
        return asker, d, [], st, notes
    if d is None:
        found = []
        for dd in range(N_SEATS):
            try:
                _, st = parse_auction(auction, dd, options)
            except InputError:
                continue
            if st[ST_NEXT] == (0 if asker is None else asker):
                found.append(dd)
        if asker is None:
            asker = 0
        if not found:
            history, st = parse_auction(auction, (asker - 1) % N_SEATS, options)   # raises on a bad auction
            raise InputError(f"no dealer puts {_seat_name(asker)} to speak after --auction {auction!r}: "
                             "give --dealer and --seat")
        if len(found) > 1:
            raise InputError(f"--auction {auction!r} leaves {_seat_name(asker)} to speak with more than one "
                             "dealer: give --dealer")
        d = found[0]
    history, st = parse_auction(auction, d, options)
    if asker is None:
        asker = int(st[ST_NEXT])
    elif st[ST_NEXT] != asker:
        raise InputError(f"after --auction {auction!r} with {_seat_name(d)} dealing it is "
                         f"{_seat_name(int(st[ST_NEXT]))}'s turn, not {_seat_name(asker)}'s")
    return asker, d, history, st, notes


def bid(hand: str, seat: str | None = None, dealer: str | None = None, auction: str | None = None,
        score: str | None = None, contract_only: bool = False, over: str | None = None,
        contracts: str | None = None, deals: int | None = None, seed: int | None = None, play: str = "heuristic",
        threads: int | None = None, rules: list[str] | None = None, progress: bool = False) -> Answer:
    """What to call now with these 10 cards: every call you may make (each allowed bid,
    and pass) with its EV, who ends up contracting and, given ``score`` ("US:THEM"),
    P(winning the game).

    ``seat`` and ``dealer`` are N E S W (default: you are S and speak first);
    ``auction``: the calls so far from the dealer's left up to you ("7S pass pass").  The
    other hands are dealt so that every seat that has spoken makes its calls under the
    bidding policy (``heard.deal_heard``; the answer states the acceptance rate and the
    effective number of deals).  After your call the auction goes on by the policies (an
    opponent may outbid you, your partner may raise), the contract is played (the
    heuristic players or ``play="dd"``) and scored.  ``contract_only``: the old question —
    you contract each contract yourself (without ``auction``/``score``/``seat``/``dealer``
    it is ``contract_only(...)``, unchanged).  ``over``: the bid to beat, held by your
    right-hand opponent, nobody conditioned."""
    from ...errors import InputError
    if contract_only and auction is None and score is None and seat is None and dealer is None:
        return _contract_only(hand, deals=deals, seed=seed, over=over, contracts=contracts, play=play,
                              threads=threads, rules=rules, progress=progress)
    from ...sim.constrained import C_SIZE, C_W, C_W2, conditioning_note, deals_used, p_fit, weight_scale
    from ...sim.layout import StatsLayout
    from ...stats import weighted_mean_se
    from .auction import DEFAULT_POLICY, PASS, ST_CUR, history_arrays, ladder_tables, call_allowed
    from .bidding import ladder
    from .deck import N_SEATS
    from .heard import BATCH as HERE_BATCH
    from .heard import (E_SIZE, KITTY, PWIN_SCALE, RS_AS_CALLED, RS_AS_CALLED_MADE, RS_EV, RS_EV2, RS_I_CONTRACT,
                        RS_OUR_TRICKS, RS_PWIN, RS_PWIN2, RS_SIZE, RS_THEY_MADE, RS_THROWN, RS_W, RS_WE_CONTRACT,
                        RS_WE_MADE, here_chunk)

    options = Options.parse(rules)
    hand_ids = DECK.parse_cards(hand, "hand", HAND_SIZE)
    asker, dealer_seat, history, st0, notes = _setup_here(seat, dealer, auction, over, options)
    deals, seed = HERE_PLAN.check(deals, seed, threads, play)
    lad, acfg = ladder_tables(options)
    order_l = ladder(options)
    cur = int(st0[ST_CUR])
    if contract_only:
        rows = [order_l.index(c) for c in ALL_CONTRACTS]
    else:
        rows = [i for i in range(len(order_l)) if call_allowed(i, cur, lad, acfg)] + [PASS]
    if contracts is not None:
        wanted = {order_l.index(c) for c in parse_contracts(contracts)}
        rows = [r for r in rows if r in wanted or r == PASS]
    esc = np.zeros(E_SIZE, np.int64)
    eq = np.zeros((2, 1, 1), np.float64)
    score_state = None
    if score is not None:
        from .equity import GRID_LO, STEP, defend_cap_value, equity_table, parse_score
        from .heard import E_CAP, E_DEFEND_CAP, E_LO, E_ON, E_STEP, E_THEM, E_US, E_WE_DEAL_NEXT
        us, them = parse_score(score)
        table = equity_table(options, threads=threads, progress=progress)
        eq = table.p
        esc[[E_ON, E_US, E_THEM, E_LO, E_STEP, E_CAP]] = (1, us, them, GRID_LO, STEP, table.cap)
        # the deal passes to the dealer's left: our side deals next unless it deals now
        esc[E_WE_DEAL_NEXT] = int((dealer_seat & 1) != (asker & 1))
        esc[E_DEFEND_CAP] = defend_cap_value(options)
        score_state = (us, them)
        notes.extend(table.notes)
        notes.append(f"P(win): from the score after this deal by the equity table ({table.deals:,} self-play deals; "
                     f"`analyzer 500 equity`)")
    hist = history_arrays(history)
    heard_seats = sorted({seat_ for seat_, _, _ in history if seat_ != asker})
    pols = np.tile(DEFAULT_POLICY, (N_SEATS, 1))
    pool = np.array([c for c in range(DECK.size) if c not in set(hand_ids)], np.int64)
    order, rates = _order_heard(heard_seats, pool, hist, lad, acfg, pols)
    if len(order):
        per_deal = 1.0 / rates[int(order[0])] + HERE_BATCH * (len(order) - 1)
        if per_deal * deals > MAX_HANDS_DRAWN:
            raise InputError(f"the calls heard are rare under the bidding policy: about {per_deal:,.0f} hands would "
                             f"be drawn a deal, {per_deal * deals:,.0f} in all; ask for fewer --deals (at most "
                             f"{int(MAX_HANDS_DRAWN / per_deal):,})")
    free = np.array([s for s in range(N_SEATS) if s != asker and s not in heard_seats] + [KITTY], np.int64)
    sizes = np.array([HAND_SIZE] * N_SEATS + [KITTY_SIZE], np.int64)
    my_hand = np.uint64(DECK.mask(hand_ids))
    calls = np.array(rows, np.int64)
    tables = rule_tables(options)
    key0 = seed_key(seed)
    layout = StatsLayout(stats=(len(rows), RS_SIZE), counters=(C_SIZE,))

    def chunk(start, n):
        flat = layout.zeros()
        if n:
            from ...sim.question import solver_arrays
            from .dd import new_dd_table, new_stats
            v = layout.unpack(flat)
            dd, tt, dstats = solver_arrays(play == "dd", new_dd_table, new_stats)
            here_chunk(key0, np.int64(start), np.int64(n), pool, sizes, np.int64(asker), my_hand, order, free, hist, st0, calls, bool(contract_only), lad, acfg, pols, tables, BYTE_TABLES, eq, esc,
                       v["stats"], v["counters"], dd, tt, dstats)
        return flat

    run = HERE_PLAN.run(chunk, deals, play, threads, progress)
    notes = notes + HERE_PLAN.notes(run, deals, play)
    v = layout.unpack(run.stats)
    counters = v["counters"]
    played, n_eff, drawn = deals_used(counters)
    if counters[C_W] == 0:
        raise InputError(f"none of {run.n_done:,} deals gave hands that make the calls heard under the bidding "
                         "policy")
    sw2 = float(counters[C_W2])
    p_calls = p_fit(counters, weight_scale(len(pool), [HAND_SIZE] * len(order), HERE_BATCH)) if len(order) else 1.0
    out = []
    for r, call in enumerate(rows):
        s = v["stats"][r].astype(float)
        sw = s[RS_W]
        ev, ev_se, _ = weighted_mean_se(sw, s[RS_EV], s[RS_EV2], sw2)
        row = {"action": "pass" if call == PASS else order_l[call].name,
               "call": "pass" if call == PASS else order_l[call].label,
               "allowed": True if call == PASS else bool(call_allowed(call, cur, lad, acfg))}
        if call != PASS:
            k = s[RS_AS_CALLED]
            p = s[RS_AS_CALLED_MADE] / k if k else np.nan
            n_k = n_eff * k / sw if sw else 0.0
            lo, hi = wilson(p * n_k, n_k) if k else (np.nan, np.nan)
            row.update(p_make=p, p_make_lo=float(lo), p_make_hi=float(hi))
        else:
            row.update(p_make=np.nan, p_make_lo=np.nan, p_make_hi=np.nan)
        row.update(p_as_called=s[RS_AS_CALLED] / sw, p_we_contract=s[RS_WE_CONTRACT] / sw,
                   p_i_contract=s[RS_I_CONTRACT] / sw, p_we_make=s[RS_WE_MADE] / sw,
                   p_they_make=s[RS_THEY_MADE] / sw, p_thrown_in=s[RS_THROWN] / sw,
                   mean_tricks=s[RS_OUR_TRICKS] / s[RS_WE_CONTRACT] if s[RS_WE_CONTRACT] else np.nan,
                   ev=ev, ev_se=ev_se)
        if score_state is not None:
            pw, pw_se, _ = weighted_mean_se(sw, s[RS_PWIN] / PWIN_SCALE, s[RS_PWIN2] / PWIN_SCALE, sw2)
            row.update(p_win=pw, p_win_se=pw_se, p_win_lo=max(0.0, pw - Z95 * pw_se),
                       p_win_hi=min(1.0, pw + Z95 * pw_se))
        out.append(row)
    table = pd.DataFrame(out)
    best, recommendation = _recommend_here(table, score_state is not None, contract_only)
    meta = {"hand": DECK.format_cards(hand_ids), "seat": _seat_name(asker), "dealer": _seat_name(dealer_seat),
            "auction": [("pass" if c == PASS else order_l[c].name) for _, c, _ in history],
            "over": order_l[cur].name if cur >= 0 else None, "contract_only": bool(contract_only),
            "score": None if score_state is None else {"us": score_state[0], "them": score_state[1]},
            "conditioned": [_seat_name(s_) for s_ in heard_seats],
            "acceptance": {_seat_name(s_): r_ for s_, r_ in rates.items()}, "p_calls": p_calls,
            "deals": played, "deals_dealt": int(run.n_done), "effective_deals": n_eff,
            "hands_drawn_per_deal": drawn, "seed": seed, "play": play, "rules": options.__dict__.copy(),
            "ev_meaning": EV_MEANING}
    if heard_seats:
        rate_text = ", ".join(f"{_seat_name(s_)} {100 * rates[s_]:.1f}%" for s_ in heard_seats)
        notes.append(conditioning_note([_seat_name(s_) for s_ in order], counters)
                     + f"; acceptance (random hands that make the seat's calls): {rate_text}; "
                       f"{100 * p_calls:.3g}% of random deals make all the calls heard")
    if play == "dd":
        notes.append("dd: the contract is solved double-dummy, every hand visible (the auction and the kitty "
                     "exchange by the policies); misère records made or failed")
    return Answer("five-hundred", "bid", table, best, recommendation, meta, {"elapsed": run.elapsed}, notes)


def _order_heard(seats, pool, hist, lad, acfg, pols):
    """(constrained seats rarest first, pilot fit rates): a pilot of PILOT_HANDS random
    hands of the unseen cards; a seat no pilot hand fits is an error."""
    from ...errors import InputError
    from .heard import fit_rates
    if not seats:
        return np.zeros(0, np.int64), {}
    arr = np.array(seats, np.int64)
    counts = np.zeros(len(seats), np.int64)
    fit_rates(seed_key(PILOT_SEED), pool, np.int64(PILOT_HANDS), arr, hist, lad, acfg, pols, counts)
    rates = {int(s): float(c) / PILOT_HANDS for s, c in zip(seats, counts)}
    for s, c in zip(seats, counts):
        if c == 0:
            raise InputError(f"none of {PILOT_HANDS:,} random hands of {_seat_name(int(s))} makes its calls under "
                             "the bidding policy: the auction is too rare (or impossible) to condition on")
    order = sorted(rates, key=rates.get)
    return np.array(order, np.int64), rates


def _recommend_here(table: pd.DataFrame, by_win: bool, contract_only: bool) -> tuple[str, str]:
    key = "p_win" if by_win else "ev"
    rows = table[table["allowed"]]
    if rows.empty:
        return "pass", "pass: no listed call may be made now"
    top = rows.loc[rows[key].idxmax()]
    rest = rows.drop(index=top.name)
    what = "pass" if top["action"] == "pass" else f"bid {top['call']}"
    if by_win:
        text = (f"{what}: P(win the game) {100 * top['p_win']:.1f}% ({100 * top['p_win_lo']:.1f}-"
                f"{100 * top['p_win_hi']:.1f}%), EV {top['ev']:+.1f} ± {top['ev_se']:.1f}")
    else:
        text = f"{what}: EV {top['ev']:+.1f} ± {top['ev_se']:.1f}"
    if top["action"] != "pass" and not np.isnan(top["p_make"]):
        text += f"; it makes {100 * top['p_make']:.0f}% when you play it"
    if not rest.empty:
        nxt = rest.loc[rest[key].idxmax()]
        gap = (top[key] - nxt[key]) * (100 if by_win else 1)
        text += (f"; next best {nxt['call']} ({'+' if gap >= 0 else ''}{gap:.1f}"
                 f"{' points of P(win)' if by_win else ' EV'} behind)")
    if contract_only:
        text += " (you contract each row yourself)"
    return top["action"], text


def policy_call(hand: str, seat: str | None = None, dealer: str | None = None, auction: str | None = None,
                rules: list[str] | None = None) -> Answer:
    """The bidding policy's call for ``hand`` at this point of the auction and why: its
    predicted tricks in every strain (with the partner's bid, if any, counted in), the
    highest level each reaches after the margin, and its chances in misère and open misère
    (``auction`` module docstring)."""
    from .auction import (DEFAULT_POLICY, LAD_LEVEL, LAD_STRAIN, P_MARGIN, P_MEAN_NT, P_MEAN_SUIT, P_MIS_T,
                          P_OPEN_T, P_PARTNER, PASS, ST_CUR, ST_HOLDER, ST_LAST, V_SIZE, FMASKS, ladder_tables,
                          valuation)
    from .auction import policy_call as kernel_call
    from .bidding import STRAIN_LABELS, ladder

    options = Options.parse(rules)
    hand_ids = DECK.parse_cards(hand, "hand", HAND_SIZE)
    asker, dealer_seat, history, st, _ = _setup_here(seat, dealer, auction, None, options)
    lad, acfg = ladder_tables(options)
    order = ladder(options)
    pol = DEFAULT_POLICY
    v = np.empty(V_SIZE)
    valuation(np.uint64(DECK.mask(hand_ids)), FMASKS, pol, v)
    partner = (asker + 2) % 4
    cur, partner_holds, partner_last = int(st[ST_CUR]), bool(st[ST_HOLDER] == partner), int(st[ST_LAST + partner])
    call = int(kernel_call(v, np.int64(cur), partner_holds, np.int64(partner_last), lad, acfg, pol))
    margin = pol[P_MARGIN] + (pol[P_PARTNER] if partner_holds else 0.0)
    rows = []
    for s in range(5):
        est = float(v[s])
        with_partner = None
        if partner_last >= 0 and lad[LAD_STRAIN, partner_last] == s:
            mean = pol[P_MEAN_NT] if s == 4 else pol[P_MEAN_SUIT]
            with_partner = float(lad[LAD_LEVEL, partner_last] + pol[P_MARGIN] + v[s] - mean)
            est = max(est, with_partner)
        top = min(10, int(np.floor(est - margin + 1e-9)))
        rows.append({"strain": STRAIN_LABELS[s], "predicted": f"{v[s]:.2f}", "with_partner": with_partner,
                     "up_to": f"{top}{STRAIN_LABELS[s]}" if top >= 6 else "-", "value": float(v[s])})
    for name, k, thr in (("misère", 5, P_MIS_T), ("open misère", 6, P_OPEN_T)):
        rows.append({"strain": name, "predicted": f"{100 * v[k]:.0f}%", "with_partner": None,
                     "up_to": "yes" if v[k] >= pol[thr] else "-", "value": float(v[k])})
    table = pd.DataFrame(rows)
    over = order[cur].label if cur >= 0 else None
    if call == PASS:
        text = "pass: " + (f"no strain reaches a level over {over}" if over else "no strain reaches the 6 level")
        text += f" (margin {margin:.2f} tricks{' over your partner' if partner_holds else ''})"
    else:
        c = order[call]
        if c.is_misere:
            text = f"bid {c.label}: its chance of taking no trick is {100 * v[6 if c.open else 5]:.0f}%"
        else:
            text = (f"bid {c.label}: predicts {max(v[c.strain], rows[c.strain]['with_partner'] or 0):.2f} tricks "
                    f"in {STRAIN_LABELS[c.strain]}, margin {margin:.2f}: the highest level it reaches, and the "
                    "strain whose level ranks highest")
    meta = {"hand": DECK.format_cards(hand_ids), "seat": _seat_name(asker), "dealer": _seat_name(dealer_seat),
            "auction": [("pass" if c_ == PASS else order[c_].name) for _, c_, _ in history],
            "over": over, "call": "pass" if call == PASS else order[call].name, "rules": options.__dict__.copy(),
            "margin": margin}
    return Answer("five-hundred", "auction", table, meta["call"], text, meta, {}, [])

"""Five Hundred questions: "what should I bid with this hand?"."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pandas as pd

from ...answer import Answer
from ...fmt import percent, percent_with, rate
from ...verdict import lead as lead_over, lead_versus, recommend
from ...sim.layout import StatsLayout
from ...sim.models import CODES
from ...sim.question import Plan, solver_arrays
from ...sim.rng import seed_key
from ...stats import Z95, hist_mean_se, moments_mean_se, weighted_mean_se, wilson
from .bidding import ALL_CONTRACTS, Contract, allowed, parse_contract, parse_contracts
from .deck import FOUR, HAND_SIZE, KITTY_SIZE, N_TRICKS, Table
from .deck import table as table_of
from .rules import (DD_MISERE_MAX_ACTIVE, N_STRAINS, SIDES_CALL, Options, layouts, misere_seats, opponent_units,
                    rule_tables, sides_rule)
from .scoring import score_deal

DEFAULT_DEALS = 100_000
DEFAULT_DEALS_DD = 1_000      # double-dummy play: answers in well under a minute on 2 cores
DD_CHUNK = 64                 # deals per chunk with double-dummy play (progress, interrupts)
DEFAULT_DEALS_PIMC = 200      # single-dummy play, per contract row
PIMC_CHUNK = 2
PIMC_ROWS = 6                 # single-dummy rows without --contracts: the likeliest contracts
PIMC_PILOT_DEALS = 20_000     # ... picked by a heuristic pre-run on other deals
PLAY_MODELS = ("heuristic", "dd", "pimc")
PIMC_NOTE = ("pimc: single-dummy play at every seat; each card chosen in {w} sampled layouts of the unseen cards "
             "(uniform given the play; the auction is not used), solved double-dummy, aiming at the contract")


PLAN = Plan("Five Hundred", {"heuristic": DEFAULT_DEALS, "dd": DEFAULT_DEALS_DD, "pimc": DEFAULT_DEALS_PIMC},
            chunk_size={"dd": DD_CHUNK, "pimc": PIMC_CHUNK},
            desc={"heuristic": "playing", "dd": "solving", "pimc": "single-dummy"})


@lru_cache(maxsize=None)
def byte_tables(tab: Table = FOUR) -> np.ndarray:
    """Per strain, byte lookup tables (bytes of the deck, 256) from deck-id masks to the
    strain's layout (``play.relabel``)."""
    bit_of = layouts(tab)[0]
    n_bytes = (tab.deck.size + 7) // 8
    tables = np.zeros((N_STRAINS, n_bytes, 256), np.uint64)
    for strain in range(N_STRAINS):
        for b in range(n_bytes):
            for v in range(256):
                m = 0
                for j in range(8):
                    cid = 8 * b + j
                    if (v >> j) & 1 and cid < tab.deck.size:
                        m |= 1 << int(bit_of[strain, cid])
                tables[strain, b, v] = m
    tables.setflags(write=False)
    return tables


BYTE_TABLES = byte_tables(FOUR)


def deal_slots(tab: Table, hand_ids) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(pool, counts, fixed) for dealing around the asker's hand (seat 0): slot 0 the
    kitty, 1..n the seats, then a two-handed game's dead hand."""
    hand_mask = tab.deck.mask(hand_ids)
    pool = np.array([c for c in range(tab.deck.size) if c not in set(hand_ids)], np.int64)
    n_hands = tab.n_seats + tab.dead_hands
    counts = np.array([KITTY_SIZE, 0] + [HAND_SIZE] * (n_hands - 1), np.int64)
    fixed = np.array([0, hand_mask] + [0] * (n_hands - 1), np.uint64)
    return pool, counts, fixed


def kind_of(contract: Contract) -> int:
    if contract.is_misere:
        return 6 if contract.open else 5
    return contract.strain


def simulate_tricks(hand_ids, kinds, deals, seed, options, threads=None, progress=False,
                    play="heuristic", tab: Table = FOUR):
    """The run whose ``stats`` hold the contractor side's tricks of every pair of kinds on
    the same deals, shape (len(kinds), len(kinds), 11, 11) (``play.book_joint``;
    ``play.tricks_hist`` gives each kind's histogram).

    ``play="dd"``: double-dummy results on the same deals (misère rows: 0 made, 1 failed)."""
    from .play import bid_chunk

    pool, counts, fixed = deal_slots(tab, hand_ids)
    kinds = np.asarray(kinds, np.int64)
    tables = rule_tables(options, tab)
    key0 = seed_key(seed)
    n_seats = np.int64(tab.n_seats)
    sides = np.int64(sides_rule(tab.players, options))
    bts = byte_tables(tab)

    if play == "dd":
        from .dd import bid_chunk_dd, new_dd_table, new_stats

        def chunk(start, n):
            joint = _joint(len(kinds))
            if n:
                bid_chunk_dd(key0, np.int64(start), np.int64(n), pool, counts, fixed, kinds, tables,
                             bts, joint, new_dd_table(), new_stats(), n_seats, sides)
            return joint

        return PLAN.run(chunk, deals, play, threads, progress)

    def chunk(start, n):
        joint = _joint(len(kinds))
        if n:
            bid_chunk(key0, np.int64(start), np.int64(n), pool, counts, fixed, kinds, tables,
                      bts, joint, n_seats, sides)
        return joint

    return PLAN.run(chunk, deals, play, threads, progress)


def _joint(rows: int) -> np.ndarray:
    return np.zeros((rows, rows, N_TRICKS + 1, N_TRICKS + 1), np.int64)


def paired_contracts(joint, n: int, i: int, j: int, ev_i, ev_j) -> tuple[float, float]:
    """Mean and standard error over ``n`` deals of one contract's score minus another's on
    the same deals: ``ev_i[t]`` scores row ``i`` of ``joint`` (``play.book_joint``) at
    ``t`` tricks, ``ev_j`` row ``j``."""
    w = joint[i, j].astype(float)
    d = np.asarray(ev_i, float)[:, None] - np.asarray(ev_j, float)[None, :]
    mean = float((w * d).sum()) / n
    var = max(float((w * d * d).sum()) / n - mean * mean, 0.0)
    return mean, (var / (n - 1)) ** 0.5 if n > 1 else float("nan")


def check_worlds(worlds) -> int:
    """The number of sampled layouts per single-dummy decision (``--worlds``), validated."""
    from ...errors import InputError
    from .pimc import DEFAULT_WORLDS
    if worlds is None:
        return DEFAULT_WORLDS
    if int(worlds) < 1 or int(worlds) > 4096:
        raise InputError(f"--worlds must be 1 to 4096, got {worlds}")
    return int(worlds)


def check_solver_seats(tab: Table, play: str) -> None:
    """``--play dd`` and ``pimc`` solve double-dummy: refuse a table the solver cannot seat
    (``tricks.dd`` MAX_SEATS) in one line."""
    from ...tricks.dd import MAX_SEATS
    if play in ("dd", "pimc") and tab.n_seats > MAX_SEATS:
        from ...errors import InputError
        raise InputError(f"--play {play} at {tab.players} players: the double-dummy solver takes at most {MAX_SEATS} "
                         f"seats so far (use --play heuristic)")


def contract_only(hand: str, deals: int | None = None, seed: int | None = None, over: str | None = None,
                  contracts: str | None = None, play: str = "heuristic", threads: int | None = None,
                  rules: list[str] | None = None, progress: bool = False, worlds: int | None = None,
                  players: int = 4) -> Answer:
    """P(make), tricks and expected score of every contract for the player's 10 cards,
    the player being the contractor (seat S; at four players partner N) after taking the
    kitty, whatever the others hold (``bid(..., contract_only=True)``), at a table of
    ``players`` (2 to 6; the sides as in ``rules``' module doc).  ``deals`` defaults to
    DEFAULT_DEALS (heuristic play), DEFAULT_DEALS_DD (dd) or DEFAULT_DEALS_PIMC (pimc:
    single-dummy play at every seat with ``worlds`` layouts a decision; without
    ``contracts`` its rows are the PIMC_ROWS contracts of best heuristic EV among those
    the heuristic makes 3-97 % of the time)."""
    tab = table_of(players)
    deals, seed = PLAN.check(deals, seed, threads, play)
    n_worlds = check_worlds(worlds) if play == "pimc" else None
    options = Options.parse(rules)
    hand_ids = tab.deck.parse_cards(hand, "hand", HAND_SIZE)
    check_solver_seats(tab, play)
    over_c = parse_contract(over) if over is not None else None
    chosen = parse_contracts(contracts) if contracts is not None else list(ALL_CONTRACTS)
    chosen.sort(key=ALL_CONTRACTS.index)  # rows in table order: 6♠ … 10NT, misère, open misère
    notes = []
    if play != "heuristic" and misere_seats(tab.players, options) > DD_MISERE_MAX_ACTIVE:
        dropped = [c for c in chosen if c.is_misere]
        chosen = [c for c in chosen if not c.is_misere]
        if dropped:
            notes.append(f"misère rows left out with --play {play} at {tab.players} players: searching whether the "
                         f"contractor escapes every trick against {misere_seats(tab.players, options) - 1} defenders "
                         "can take minutes a deal (use --play heuristic for them)")
        if not chosen:
            from ...errors import InputError
            raise InputError(f"no contract left to play: misère is not searched (--play {play}) at this table")
    if play == "pimc":
        return _contract_only_pimc(hand_ids, chosen, contracts is None, deals, seed, options, threads, progress,
                                   n_worlds, over_c, tab, notes)
    kinds = sorted({kind_of(c) for c in chosen})
    run = simulate_tricks(hand_ids, kinds, deals, seed, options, threads, progress, play, tab)
    notes = notes + PLAN.notes(run, deals, play)
    if tab.players != 4:
        notes.append(table_note(tab, options))
    from .play import tricks_hist
    n = run.n_done
    hist = tricks_hist(run.stats)
    tricks = np.arange(N_TRICKS + 1)
    rows = []
    for c in chosen:
        h = hist[kinds.index(kind_of(c))]
        made = h[0] if c.is_misere else h[c.level:].sum()
        lo, hi = wilson(made, n)
        ours_minus_theirs = ev_by_tricks(c, tab, options)
        ev, ev_se = hist_mean_se(ours_minus_theirs, h)
        rows.append({
            "action": c.name, "contract": c.label, "allowed": allowed(c, over_c, options),
            "p_make": made / n, "p_make_lo": float(lo), "p_make_hi": float(hi),
            "mean_tricks": float((tricks * h).sum() / n), "ev": ev, "ev_se": ev_se,
        })
    table = pd.DataFrame(rows)
    scores = [ev_by_tricks(c, tab, options) for c in chosen]
    rows_of = [kinds.index(kind_of(c)) for c in chosen]
    best, recommendation, verdict = _recommend(table, lambda i, j: paired_contracts(
        run.stats, n, rows_of[i], rows_of[j], scores[i], scores[j]))
    dist = pd.DataFrame(hist / n, index=[
        ("open misère" if k == 6 else "misère" if k == 5 else
         ("♠", "♣", "♦", "♥", "NT")[k]) for k in kinds], columns=tricks)
    meta = {"hand": tab.deck.format_cards(hand_ids), "players": tab.players, "deals": int(n), "seed": seed,
            "play": play, "over": over_c.name if over_c else None, "rules": options.shown(tab.players),
            **verdict}
    if play == "dd" and any(c.is_misere for c in chosen):
        notes.append("double-dummy misère records made (0) or failed (1): its tricks column is the "
                     "share of deals the defenders can beat")
    return Answer("five-hundred", "bid", table, best, recommendation, meta,
                  {"distribution": dist, "elapsed": run.elapsed}, notes)


_contract_only = contract_only     # ``bid``'s argument of that name hides the function there


def ev_by_tricks(c: Contract, tab: Table = FOUR, options: Options = Options()) -> np.ndarray:
    """The EV column's value of the deal for each number of tricks (0..10) the
    contractor's side takes: its score minus the defenders' points, shared among the
    opponents' scoring units at tables where they are several (``rules.opponent_units``)."""
    units = opponent_units(tab.players, options, c.is_misere)
    if units == 1:
        return np.array([np.subtract(*score_deal(c, t)) for t in range(N_TRICKS + 1)], float)
    return np.array([score_deal(c, t)[0] - score_deal(c, t)[1] / units for t in range(N_TRICKS + 1)], float)


def table_note(tab: Table, options: Options = Options()) -> str:
    """One line on who plays with whom at this table (answers' notes)."""
    from .rules import SIDES_CALL, SIDES_CHOOSE, SIDES_PAIRS, SIDES_THREES
    sides = sides_rule(tab.players, options)
    who = {SIDES_CALL: "you call a card after the kitty (the highest trump you lack; in no-trumps the joker, else "
                       "the top card you lack of your longest suit) and its holder is your partner for the deal",
           SIDES_CHOOSE: "you name a partner for the deal (the player two seats to your left)",
           SIDES_THREES: "two teams of three, every player between two opponents",
           SIDES_PAIRS: "three teams of two, partners opposite"}.get(sides, "you play alone against the others, "
                                                                       "who defend together")
    units = opponent_units(tab.players, options)
    ev = ("EV: your side's points minus the other side's" if units == 1 else
          f"EV: your points minus the opposing side's, the defenders' 10 a trick shared equally among the {units} "
          "defending players or teams")
    dead = "; a dead hand of 10 is dealt and not played" if tab.dead_hands else ""
    return f"{tab.describe()}: {who}; misère is played alone{dead}. {ev}"


def _contract_only_pimc(hand_ids, chosen, pick, deals, seed, options, threads, progress, n_worlds, over_c,
                        tab: Table = FOUR, notes=()):
    """``contract_only`` with single-dummy play: one play-out per contract (each aims at
    its own level), the heuristic players on the same deals beside it (paired).  ``notes``:
    what the caller already says."""
    from .pimc import bid_chunk_pimc
    notes = list(notes)
    if pick:
        pilot = contract_only(tab.deck.format_cards(hand_ids), deals=PIMC_PILOT_DEALS, seed=seed + 1,
                              play="heuristic", threads=threads,
                              rules=[f"{k}={v}" for k, v in options.__dict__.items()], players=tab.players)
        t = pilot.table
        t = t[(t["p_make"] >= 0.03) & (t["p_make"] <= 0.97) & t["allowed"]]
        if t.empty:
            t = pilot.table[pilot.table["allowed"]]
        names = list(t.sort_values("ev", ascending=False)["action"][:PIMC_ROWS])
        chosen = [c for c in chosen if c.name in names]
        notes.append(f"rows: the {len(chosen)} contracts of best heuristic EV among those the heuristic players make "
                     f"3-97% of the time ({PIMC_PILOT_DEALS:,}-deal pre-run); --contracts for others")
    pool, counts, fixed = deal_slots(tab, hand_ids)
    kinds = np.array([kind_of(c) for c in chosen], np.int64)
    levels = np.array([c.level if not c.is_misere else 0 for c in chosen], np.int64)
    tables = rule_tables(options, tab)
    bts = byte_tables(tab)
    key0 = seed_key(seed)
    nr = len(chosen)
    n_seats = np.int64(tab.n_seats)
    sides = np.int64(sides_rule(tab.players, options))
    layout = StatsLayout(hist=(nr, N_TRICKS + 1), hist_h=(nr, N_TRICKS + 1), pair=(nr, 4),
                         joint=(nr, nr, N_TRICKS + 1, N_TRICKS + 1))

    def chunk(start, n):
        from .dd import new_dd_table, new_stats
        out = layout.zeros()
        if n:
            v = layout.unpack(out)
            bid_chunk_pimc(key0, np.int64(start), np.int64(n), pool, counts, fixed, kinds, levels, tables, bts,
                           np.int64(n_worlds), v["hist"], v["hist_h"], v["pair"], v["joint"], new_dd_table(),
                           new_stats(), n_seats, sides)
        return out

    run = PLAN.run(chunk, deals, "pimc", threads, progress)
    notes = [PIMC_NOTE.format(w=n_worlds)] + notes + PLAN.notes(run, deals, "pimc")
    n = run.n_done
    got = layout.unpack(run.stats)
    tricks = np.arange(N_TRICKS + 1)
    rows = []
    for j, c in enumerate(chosen):
        h = got["hist"][j]
        hh = got["hist_h"][j]
        pr = got["pair"][j]
        made = h[0] if c.is_misere else h[c.level:].sum()
        made_h = hh[0] if c.is_misere else hh[c.level:].sum()
        lo, hi = wilson(made, n)
        ours_minus_theirs = ev_by_tricks(c, tab, options)
        ev, ev_se = hist_mean_se(ours_minus_theirs, h)
        ev_h, _ = hist_mean_se(ours_minus_theirs, hh)
        d_n = float(pr[2] - pr[1])           # pimc made, heuristic failed  minus  the reverse
        diff, diff_se = moments_mean_se(n, d_n, float(pr[2] + pr[1]))
        rows.append({
            "action": c.name, "contract": c.label, "allowed": allowed(c, over_c, options),
            "p_make": made / n, "p_make_lo": float(lo), "p_make_hi": float(hi),
            "mean_tricks": float((tricks * h).sum() / n), "ev": ev, "ev_se": ev_se,
            "p_make_heuristic": made_h / n, "mean_tricks_heuristic": float((tricks * hh).sum() / n),
            "ev_heuristic": ev_h, "p_make_gain": diff, "p_make_gain_lo": diff - Z95 * diff_se,
            "p_make_gain_hi": diff + Z95 * diff_se,
        })
    table = pd.DataFrame(rows)
    scores = [ev_by_tricks(c, tab, options) for c in chosen]
    best, recommendation, verdict = _recommend(table, lambda i, j: paired_contracts(got["joint"], n, i, j, scores[i],
                                                                                     scores[j]))
    meta = {"hand": tab.deck.format_cards(hand_ids), "players": tab.players, "deals": int(n), "seed": seed,
            "play": "pimc", "worlds": n_worlds, "over": over_c.name if over_c else None,
            "rules": options.shown(tab.players), **verdict}
    if tab.players != 4:
        notes.append(table_note(tab, options))
        if sides_rule(tab.players, options) == SIDES_CALL:
            notes.append("single-dummy with a called partner: the card called is public, its holder hidden until "
                         "he plays it (each seat's sampled layouts put it in a hand other than yours)")
    dist = pd.DataFrame(got["hist"] / n, index=[c.label for c in chosen], columns=tricks)
    notes.append("p_make_heuristic, p_make_gain: the heuristic players on the same deals, and single-dummy's gain "
                 "over them (paired, 95% interval)")
    return Answer("five-hundred", "bid", table, best, recommendation, meta,
                  {"distribution": dist, "elapsed": run.elapsed}, notes)


def _recommend(table: pd.DataFrame, paired) -> tuple[str, str, dict]:
    """(the best allowed contract, the sentence, its lead over the next best allowed one:
    ``verdict.lead``'s fields, empty with one).  ``paired(i, j)``: mean and standard error
    of row i's score minus row j's on the same deals."""
    allowed_rows = table[table["allowed"]]
    if allowed_rows.empty:
        return "pass", "pass: no listed contract may be bid over the current bid", {}
    top = allowed_rows.loc[allowed_rows["ev"].idxmax()]
    rest = allowed_rows.drop(index=top.name)
    f: dict = {}
    if not rest.empty:
        nxt = rest.loc[rest["ev"].idxmax()]
        f = lead_over(str(top["contract"]), str(nxt["contract"]), *paired(int(top.name), int(nxt.name)))
    if top["ev"] < 0:
        return "pass", (f"pass: every allowed contract loses points on average "
                        f"(the best, {top['contract']}, averages {top['ev']:+.0f})"), f
    head = (f"bid {top['contract']}: makes {percent_with(top['p_make'], top['p_make_lo'], top['p_make_hi'])}, "
            f"expected score {top['ev']:+.1f} (95% interval {top['ev'] - Z95 * top['ev_se']:+.1f} to "
            f"{top['ev'] + Z95 * top['ev_se']:+.1f})")
    return top["action"], recommend(head, f, " points"), f


# ----------------------------------------------------------------------------- here
DEFAULT_HERE_DEALS = 50_000        # heuristic play: about a second warm on 2 cores with three seats heard
DEFAULT_HERE_DEALS_DD = 200
HERE_DD_CHUNK = 8
PILOT_HANDS = 20_000               # random hands that order the heard seats (rarest first)
PILOT_SEED = 54321
MAX_HANDS_DRAWN = 4e9              # a run's bound on hands drawn for the heard seats (about 10 minutes on 2 cores)
DEFAULT_HERE_DEALS_PIMC = 100       # single-dummy: every call row plays its own contracts (about 1 s a deal on one thread)
HERE_PLAN = Plan("Five Hundred", {"heuristic": DEFAULT_HERE_DEALS, "dd": DEFAULT_HERE_DEALS_DD,
                                  "pimc": DEFAULT_HERE_DEALS_PIMC},
                 chunk_size={"heuristic": 2048, "dd": HERE_DD_CHUNK, "pimc": PIMC_CHUNK},
                 desc={"dd": "solving", "pimc": "single-dummy"})
EV_MEANING = "EV: your side's score for the deal minus the other side's (a thrown-in deal scores 0)"
EV_MEANING_TABLE = ("EV: your points for the deal (the defenders' 10 a trick shared equally among the defending "
                    "players or teams) minus the points of each opposing one, on average (a thrown-in deal scores 0)")


def _seat_name(seat: int, tab: Table = FOUR) -> str:
    return tab.seat_names[seat]


def _setup_here(seat, dealer, auction, over, options, tab: Table = FOUR):
    """(asker, dealer, history, state before the asker's call, conditioned?, notes)."""
    from .auction import ST_CUR, ST_HOLDER, ST_LAST, ST_NEXT, ST_SPOKE, new_state, parse_auction, parse_seat
    from ...errors import InputError
    N_SEATS = tab.n_seats
    notes = []
    asker = parse_seat(seat, "--seat", tab) if seat is not None else None
    d = parse_seat(dealer, "--dealer", tab) if dealer is not None else None
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
        st = new_state(d, tab.n_seats, sides_rule(tab.players, options))
        st[ST_NEXT] = asker
        st[ST_CUR] = ladder(options).index(c)
        rho = (asker - 1) % N_SEATS
        st[ST_HOLDER] = rho
        st[ST_LAST + rho] = st[ST_CUR]
        st[ST_SPOKE] |= 1 << rho          # he has made his call (one call each under auction=american)
        notes.append(f"--over {c.name} without --auction: your right-hand opponent holds the bid and nobody has "
                     "passed; the other hands are dealt without conditions (give --auction to condition them on "
                     "the calls)")
        return asker, d, [], st, notes
    if d is None:
        found = []
        for dd in range(N_SEATS):
            try:
                _, st = parse_auction(auction, dd, options, tab)
            except InputError:
                continue
            if st[ST_NEXT] == (0 if asker is None else asker):
                found.append(dd)
        if asker is None:
            asker = 0
        if not found:
            history, st = parse_auction(auction, (asker - 1) % N_SEATS, options, tab)   # raises on a bad auction
            raise InputError(f"no dealer puts {_seat_name(asker, tab)} to speak after --auction {auction!r}: "
                             "give --dealer and --seat")
        if len(found) > 1:
            raise InputError(f"--auction {auction!r} leaves {_seat_name(asker, tab)} to speak with more than one "
                             "dealer: give --dealer")
        d = found[0]
    history, st = parse_auction(auction, d, options, tab)
    if asker is None:
        asker = int(st[ST_NEXT])
    elif st[ST_NEXT] != asker:
        raise InputError(f"after --auction {auction!r} with {_seat_name(d, tab)} dealing it is "
                         f"{_seat_name(int(st[ST_NEXT]), tab)}'s turn, not {_seat_name(asker, tab)}'s")
    return asker, d, history, st, notes


def bid(hand: str, seat: str | None = None, dealer: str | None = None, auction: str | None = None,
        score: str | None = None, contract_only: bool = False, over: str | None = None,
        contracts: str | None = None, deals: int | None = None, seed: int | None = None, play: str = "heuristic",
        threads: int | None = None, rules: list[str] | None = None, progress: bool = False,
        worlds: int | None = None, players: int = 4, condition: str = "policy", examples: int = 0) -> Answer:
    """What to call now with these 10 cards: every call you may make (each allowed bid,
    and pass) with its EV, who ends up contracting and, given ``score`` ("US:THEM"),
    P(winning the game).

    ``seat`` and ``dealer`` are N E S W (default: you are S and speak first);
    ``auction``: the calls so far from the dealer's left up to you ("7S pass pass").  The
    other hands are dealt so that every seat that has spoken makes its calls under the
    bidding policy (``heard.deal_heard``; the answer states the acceptance rate and the
    effective number of deals).  After your call the auction goes on by the policies (an
    opponent may outbid you, your partner may raise), the contract is played (the
    heuristic players, ``play="dd"``, or ``play="pimc"``: single-dummy at every seat with
    ``worlds`` sampled layouts a card) and scored.  ``contract_only``: the old question —
    you contract each contract yourself (without ``auction``/``score``/``seat``/``dealer``
    it is ``contract_only(...)``, unchanged).  ``over``: the bid to beat, held by your
    right-hand opponent, nobody conditioned.  ``condition``: "policy" (the default, as
    above) or "none": the other hands are dealt uniformly, no seat conditioned on its calls
    (the auction still sets the state of the bidding).  ``examples``: also show this many
    deals behind the answer (``examples.bid_examples``: where the recommended call does
    worse than the next best, and better), in ``Answer.examples``."""
    from ...errors import InputError
    from ...options import check_condition, check_examples, unconditioned_note
    check_condition(condition)
    check_examples(examples)
    tab = table_of(players)
    if contract_only and auction is None and score is None and seat is None and dealer is None:
        if examples:
            raise InputError("--examples: not with --contract-only alone (each contract is played by you, with no "
                             "auction); give --auction or --seat to ask the bidding question")
        return _contract_only(hand, deals=deals, seed=seed, over=over, contracts=contracts, play=play,
                              threads=threads, rules=rules, progress=progress, worlds=worlds, players=players)
    options = Options.parse(rules)
    from .tablegame import units as units_of
    n_units = units_of(tab.players, options)
    if score is not None and play == "dd" and n_units > 2:
        raise InputError(f"--score with --play dd at {tab.players} players: double-dummy play fixes the side's "
                         "tricks, not which defender takes them, and each defender scores his own (use --play "
                         "heuristic or pimc)")
    check_solver_seats(tab, play)
    from ...sim.constrained import C_SIZE, C_W, C_W2, conditioning_note, deals_used, p_fit, weight_scale
    from .auction import PASS, ST_CUR, call_allowed, default_policy, feature_masks, history_arrays, ladder_tables
    from .bidding import ladder
    from .heard import BATCH as HERE_BATCH
    from .heard import (E_SIZE, KITTY, PWIN_SCALE, RS_AS_CALLED, RS_AS_CALLED_MADE, RS_EV, RS_EV2, RS_I_CONTRACT,
                        RS_OUR_TRICKS, RS_PWIN, RS_PWIN2, RS_SIZE, RS_THEY_MADE, RS_THROWN, RS_W, RS_WE_CONTRACT,
                        RS_WE_MADE, here_chunk)

    hand_ids = tab.deck.parse_cards(hand, "hand", HAND_SIZE)
    N_SEATS = tab.n_seats
    asker, dealer_seat, history, st0, notes = _setup_here(seat, dealer, auction, over, options, tab)
    deals, seed = HERE_PLAN.check(deals, seed, threads, play)
    n_worlds = check_worlds(worlds) if play == "pimc" else 0
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
    from .tablegame import M_DEFEND_CAP, M_GAMES, M_ME, M_NEXT, M_ON, M_SIZE, M_TOT, M_UNITS
    msc = np.zeros(M_SIZE, np.int64)
    mc_arrays = (np.ones(1, np.int64), np.zeros((1, 1), np.int64), np.zeros(1, np.int64), np.zeros(1, np.bool_))
    score_state = None
    score_meta = None
    if score is not None and tab.players != 4:
        from .equity import GRID_LO, STEP, defend_cap_value
        from .heard import E_CAP, E_DEFEND_CAP, E_LO, E_ON, E_STEP, E_THEM, E_US, E_WE_DEAL_NEXT
        from .tablegame import DEFAULT_GAMES, parse_scores, table_game, unit_names
        scores = parse_scores(score, n_units)
        tot = [0] * n_units
        for j, value in enumerate(scores):
            tot[(asker + j) % n_units] = value
        game = table_game(tab, options, threads=threads, progress=progress)
        notes.extend(game.notes)
        if n_units == 2:
            eq = game.p
            esc[[E_ON, E_US, E_THEM, E_LO, E_STEP, E_CAP]] = (1, tot[asker % 2], tot[(asker + 1) % 2], GRID_LO, STEP,
                                                              game.cap)
            esc[E_WE_DEAL_NEXT] = int((dealer_seat + 1) % 2 == asker % 2)
            esc[E_DEFEND_CAP] = defend_cap_value(options)
            notes.append(f"P(win): from the score after this deal by the exact equity chain of this table "
                         f"({game.deals:,} self-play deals at {tab.players} players)")
        else:
            msc[[M_ON, M_UNITS, M_ME, M_NEXT, M_GAMES, M_DEFEND_CAP]] = (
                1, n_units, asker % n_units, (dealer_seat + 1) % N_SEATS, DEFAULT_GAMES, defend_cap_value(options))
            msc[M_TOT:M_TOT + n_units] = tot
            mc_arrays = (game.cum, game.o_delta, game.o_side, game.o_made)
            notes.append(f"P(win): after this deal {DEFAULT_GAMES} games are played on from it, each deal drawn "
                         f"from the outcomes of {game.deals:,} self-play deals at {tab.players} players (the same "
                         "games for every call); the interval includes that estimate's noise. The game: a unit "
                         "whose side made its contract wins at 500; a unit at -500 loses and the best of the "
                         "others wins")
        score_state = tuple(scores)
        score_meta = {"units": unit_names(tab, options, asker), "scores": scores}
    elif score is not None:
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
        score_meta = {"us": us, "them": them}
        notes.extend(table.notes)
        notes.append(f"P(win): from the score after this deal by the equity table ({table.deals:,} self-play deals; "
                     f"`analyzer 500 equity`)")
    hist = history_arrays(history)
    heard_seats = sorted({seat_ for seat_, _, _ in history if seat_ != asker}) if condition == "policy" else []
    pols = np.tile(default_policy(tab.players), (N_SEATS, 1))
    fm = feature_masks(tab)
    pool = np.array([c for c in range(tab.deck.size) if c not in set(hand_ids)], np.int64)
    order, rates = _order_heard(heard_seats, pool, hist, lad, acfg, pols, fm, tab)
    if len(order):
        per_deal = 1.0 / rates[int(order[0])] + HERE_BATCH * (len(order) - 1)
        if per_deal * deals > MAX_HANDS_DRAWN:
            raise InputError(f"the calls heard are rare under the bidding policy: about {per_deal:,.0f} hands would "
                             f"be drawn a deal, {per_deal * deals:,.0f} in all; ask for fewer --deals (at most "
                             f"{int(MAX_HANDS_DRAWN / per_deal):,})")
    kitty_slot = N_SEATS if tab.players != 4 else KITTY
    free = np.array([s for s in range(N_SEATS) if s != asker and s not in heard_seats] + [kitty_slot]
                    + [N_SEATS + 1] * tab.dead_hands, np.int64)
    sizes = np.array([HAND_SIZE] * N_SEATS + [KITTY_SIZE] + [HAND_SIZE] * tab.dead_hands, np.int64)
    my_hand = np.uint64(tab.deck.mask(hand_ids))
    calls = np.array(rows, np.int64)
    tables = rule_tables(options, tab)
    bts = byte_tables(tab)
    sides = np.int64(sides_rule(tab.players, options))
    units = opponent_units(tab.players, options)
    key0 = seed_key(seed)
    layout = StatsLayout(stats=(len(rows), RS_SIZE), cross=(len(rows), len(rows), 2), counters=(C_SIZE,))

    def chunk(start, n):
        flat = layout.zeros()
        if n:
            from .dd import new_dd_table, new_stats
            v = layout.unpack(flat)
            tt, dstats = solver_arrays(play != "heuristic", new_dd_table, new_stats)
            model = CODES[play]
            # None but for single-dummy play: the kernel is then compiled without that code
            worlds_arg = np.int64(n_worlds) if play == "pimc" else None
            here_chunk(key0, np.int64(start), np.int64(n), pool, sizes, np.int64(asker), my_hand, order, free, hist,
                       st0, calls, bool(contract_only), lad, acfg, pols, tables, bts, eq, esc,
                       v["stats"], v["cross"], v["counters"], np.int64(model), worlds_arg, tt, dstats, fm,
                       np.int64(N_SEATS), sides, np.int64(units), *mc_arrays, msc)
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
        if units != 1:       # booked times units (exact integers)
            ev, ev_se = ev / units, ev_se / units
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
    def paired(i: int, j: int) -> tuple[float, float]:
        return paired_rows(v["stats"], v["cross"], i, j, sw2, score_state is not None, units)

    best, recommendation, verdict = _recommend_here(table, score_state is not None, contract_only, paired)
    meta = {"hand": tab.deck.format_cards(hand_ids), "players": tab.players, "seat": _seat_name(asker, tab),
            "dealer": _seat_name(dealer_seat, tab),
            "auction": [("pass" if c == PASS else order_l[c].name) for _, c, _ in history],
            "over": order_l[cur].name if cur >= 0 else None, "contract_only": bool(contract_only),
            "score": score_meta, "condition": condition,
            "conditioned": [_seat_name(s_, tab) for s_ in heard_seats],
            "acceptance": {_seat_name(s_, tab): r_ for s_, r_ in rates.items()}, "p_calls": p_calls,
            "deals": played, "deals_dealt": int(run.n_done), "effective_deals": n_eff,
            "hands_drawn_per_deal": drawn, "seed": seed, "play": play, "rules": options.shown(tab.players),
            "ev_meaning": EV_MEANING if tab.players == 4 else EV_MEANING_TABLE, **verdict}
    if tab.players != 4:
        notes.append(table_note(tab, options))
    if heard_seats:
        rate_text = ", ".join(f"{_seat_name(s_, tab)} {rate(rates[s_])}" for s_ in heard_seats)
        notes.append(conditioning_note([_seat_name(s_, tab) for s_ in order], counters)
                     + f"; acceptance (random hands that make the seat's calls): {rate_text}; "
                       f"{rate(p_calls)} of random deals make all the calls heard")
    if condition == "none":
        notes.append(unconditioned_note())
    if play == "dd":
        notes.append("dd: the contract is solved double-dummy, every hand visible (the auction and the kitty "
                     "exchange by the policies); misère records made or failed")
    if play != "heuristic" and misere_seats(tab.players, options) > DD_MISERE_MAX_ACTIVE:
        notes.append(f"at {tab.players} players a misère contract is played by the heuristic players, not "
                     f"searched (against {misere_seats(tab.players, options) - 1} defenders a search can take minutes "
                     "a deal)")
    if play == "pimc":
        meta["worlds"] = n_worlds
        notes.append(PIMC_NOTE.format(w=n_worlds))
    shown = []
    if examples:
        from .examples import bid_examples
        shown, why_none = bid_examples(
            examples, table=table, best=best, key="p_win" if score_state is not None else "ev", rows=rows,
            order_l=order_l, tab=tab, seed=seed, key0=key0, play=play, n_worlds=n_worlds, deals=deals,
            history=history, seat_name=lambda s_: _seat_name(s_, tab),
            kernel=dict(pool=pool, sizes=sizes, asker=asker, my_hand=my_hand, order=order, free=free, hist=hist,
                        st0=st0, contract_only=contract_only, lad=lad, acfg=acfg, pols=pols, tables=tables, bts=bts,
                        fm=fm, sides=sides, units=units))
        if why_none:
            notes.append(why_none)
    return Answer("five-hundred", "bid", table, best, recommendation, meta, {"elapsed": run.elapsed}, notes,
                  examples=shown)


def _order_heard(seats, pool, hist, lad, acfg, pols, fm, tab: Table = FOUR):
    """(constrained seats rarest first, pilot fit rates): a pilot of PILOT_HANDS random
    hands of the unseen cards; a seat no pilot hand fits is an error."""
    from ...errors import InputError
    from .heard import fit_rates
    if not seats:
        return np.zeros(0, np.int64), {}
    arr = np.array(seats, np.int64)
    counts = np.zeros(len(seats), np.int64)
    fit_rates(seed_key(PILOT_SEED), pool, np.int64(PILOT_HANDS), arr, hist, lad, acfg, pols, counts, fm)
    rates = {int(s): float(c) / PILOT_HANDS for s, c in zip(seats, counts)}
    for s, c in zip(seats, counts):
        if c == 0:
            raise InputError(f"none of {PILOT_HANDS:,} random hands of {_seat_name(int(s), tab)} makes its calls under "
                             "the bidding policy: the auction is too rare (or impossible) to condition on")
    order = sorted(rates, key=rates.get)
    return np.array(order, np.int64), rates


def paired_rows(stats, cross, i: int, j: int, sw2: float, by_win: bool, units: int = 1) -> tuple[float, float]:
    """Mean and standard error of row i minus row j of a here run over its weighted deals
    (``heard.here_chunk``'s ``stats`` and ``cross``; ``sw2`` the sum of the squared
    weights): in EV, or ``by_win`` in points of P(win) (booked in fixed point: each product
    once times PWIN_SCALE)."""
    from .heard import CX_EV, CX_PWIN, PWIN_SCALE, RS_EV, RS_PWIN, RS_W
    si, sj = stats[i], stats[j]
    if by_win:
        k, col, s1, s2 = CX_PWIN, RS_PWIN, PWIN_SCALE / 100, PWIN_SCALE / 100 ** 2
    else:
        k, col, s1, s2 = CX_EV, RS_EV, units, units * units
    sx = int(si[col]) - int(sj[col])
    sxx = int(cross[i, i, k]) + int(cross[j, j, k]) - 2 * int(cross[i, j, k])
    d, se, _ = weighted_mean_se(float(si[RS_W]), sx / s1, sxx / s2, sw2)
    return d, se


def _recommend_here(table: pd.DataFrame, by_win: bool, contract_only: bool, paired) -> tuple[str, str, dict]:
    """(the best allowed call, the sentence, its lead over the next best: ``verdict.lead``'s
    fields, empty with one call).  ``paired(i, j)``: the mean and standard error of row i
    minus row j on the same deals, in the unit ranked by (EV, or points of P(win))."""
    key = "p_win" if by_win else "ev"
    rows = table[table["allowed"]]
    if rows.empty:
        return "pass", "pass: no listed call may be made now", {}
    top = rows.loc[rows[key].idxmax()]
    rest = rows.drop(index=top.name)
    what = "pass" if top["action"] == "pass" else f"bid {top['call']}"
    lo, hi = top["ev"] - Z95 * top["ev_se"], top["ev"] + Z95 * top["ev_se"]
    ev_text = f"EV {top['ev']:+.1f} (95% interval {lo:+.1f} to {hi:+.1f})"
    if by_win:
        text = f"{what}: P(win the game) {percent_with(top['p_win'], top['p_win_lo'], top['p_win_hi'])}, {ev_text}"
    else:
        text = f"{what}: {ev_text}"
    if top["action"] != "pass" and not np.isnan(top["p_make"]):
        text += f"; it makes {percent(top['p_make'])} when you play it"
    f: dict = {}
    if not rest.empty:
        nxt = rest.loc[rest[key].idxmax()]
        f = lead_over(str(top["call"]), str(nxt["call"]), *paired(int(top.name), int(nxt.name)))
        text = recommend(text, f, " points of P(win)" if by_win else " EV")
    if contract_only:
        text += " (you contract each row yourself)"
    return top["action"], text, f


def policy_call(hand: str, seat: str | None = None, dealer: str | None = None, auction: str | None = None,
                rules: list[str] | None = None, players: int = 4) -> Answer:
    """The bidding policy's call for ``hand`` at this point of the auction and why: its
    predicted tricks in every strain (with the partner's bid, if any, counted in), the
    highest level each reaches after the margin, and its chances in misère and open misère
    (``auction`` module docstring)."""
    from .auction import (LAD_LEVEL, LAD_STRAIN, P_MARGIN, P_MEAN_NT, P_MEAN_SUIT, P_MIS_T, P_OPEN_T, P_PARTNER,
                          PASS, ST_CUR, V_SIZE, default_policy, feature_masks, ladder_tables, partner_view,
                          valuation)
    from .auction import policy_call as kernel_call
    from .bidding import STRAIN_LABELS, ladder

    tab = table_of(players)
    options = Options.parse(rules)
    hand_ids = tab.deck.parse_cards(hand, "hand", HAND_SIZE)
    asker, dealer_seat, history, st, _ = _setup_here(seat, dealer, auction, None, options, tab)
    lad, acfg = ladder_tables(options)
    order = ladder(options)
    pol = default_policy(tab.players)
    v = np.empty(V_SIZE)
    valuation(np.uint64(tab.deck.mask(hand_ids)), feature_masks(tab), pol, v)
    holds, last = partner_view(st, np.int64(asker))
    cur, partner_holds, partner_last = int(st[ST_CUR]), bool(holds), int(last)
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
            text = f"bid {c.label}: its chance of taking no trick is {percent(v[6 if c.open else 5])}"
        else:
            text = (f"bid {c.label}: predicts {max(v[c.strain], rows[c.strain]['with_partner'] or 0):.2f} tricks "
                    f"in {STRAIN_LABELS[c.strain]}, margin {margin:.2f}: the highest level it reaches, and the "
                    "strain whose level ranks highest")
    meta = {"hand": tab.deck.format_cards(hand_ids), "players": tab.players, "seat": _seat_name(asker, tab),
            "dealer": _seat_name(dealer_seat, tab),
            "auction": [("pass" if c_ == PASS else order[c_].name) for _, c_, _ in history],
            "over": over, "call": "pass" if call == PASS else order[call].name, "rules": options.shown(tab.players),
            "margin": margin}
    return Answer("five-hundred", "auction", table, meta["call"], text, meta, {}, [])


# ----------------------------------------------------------------------------- lead
DEFAULT_LEAD_DEALS = {"dd": 1_000, "pimc": 40, "heuristic": 20_000}
LEAD_PLAN = Plan("Five Hundred", {"dd": DEFAULT_LEAD_DEALS["dd"], "pimc": DEFAULT_LEAD_DEALS["pimc"],
                                  "heuristic": DEFAULT_LEAD_DEALS["heuristic"]},
                 chunk_size={"dd": 16, "pimc": 1, "heuristic": 1024},
                 desc={"dd": "solving", "pimc": "single-dummy", "heuristic": "playing"})


def lead(hand: str, contract: str, discards: str | None = None, deals: int | None = None, seed: int | None = None,
         play: str = "dd", worlds: int | None = None, threads: int | None = None, rules: list[str] | None = None,
         progress: bool = False, players: int = 4, examples: int = 0) -> Answer:
    """Which card should the contractor lead to the first trick?

    ``hand``: the contractor's 13 cards (10 and the kitty) with ``discards`` naming the 3
    put away (default: the policy's exchange), or the 10 kept after the exchange (the
    discards are then any 3 of the unseen cards).  Every distinct lead (one of each run
    of equivalent cards; the joker once per suit it may name) is played on the same
    deals, the other cards dealt at random, the rest of the play by ``play``: "dd"
    (double-dummy), "pimc" (single-dummy at every seat, ``worlds`` layouts a card) or
    "heuristic".  At a table of ``players`` (2 to 6; the sides as in ``rules``' module
    doc; dd and pimc while the solver seats the table).  Rows: P(make) with its
    interval, mean tricks, and each lead's paired difference from the best (95%
    interval).  In no-trumps and misère a contractor holding the joker nominates it
    first as the heuristic does (its longest suit).  ``examples``: also show this many
    deals where the best lead and the next part ways (``examples.lead_examples``)."""
    from ...errors import InputError
    from ...options import check_examples
    from ...tricks.engine import free_lead_names
    check_examples(examples)
    from ...tricks.pimc import candidates
    from ...tricks.tables import R_DECK, R_FREE, R_SUIT
    from ...tricks.dd import MAX_MOVES
    from ...sim import leads
    from .dd import new_dd_table, new_stats
    from .pimc import lead_chunk
    from .play import exchange, nominate_joker
    from .rules import MISERE, from_layout, to_layout

    tab = table_of(players)
    deck = tab.deck
    deals, seed = LEAD_PLAN.check(deals, seed, threads, play)
    n_worlds = check_worlds(worlds) if play == "pimc" else 1
    options = Options.parse(rules)
    c = parse_contract(contract)
    ids = deck.parse_cards(hand, "hand")
    if len(ids) not in (HAND_SIZE, HAND_SIZE + KITTY_SIZE):
        raise InputError(f"the hand has {len(ids)} cards; give the contractor's {HAND_SIZE + KITTY_SIZE} (hand and "
                         f"kitty) or the {HAND_SIZE} kept after the exchange")
    check_solver_seats(tab, play)
    strain = c.strain if not c.is_misere else MISERE
    tables = rule_tables(options, tab)
    rules_t = tables[strain]
    bt = byte_tables(tab)[strain]
    id_of = layouts(tab)[1]

    def layout(id_list):
        return to_layout(deck.mask(id_list), strain, tab)

    if discards is not None:
        if len(ids) != HAND_SIZE + KITTY_SIZE:
            raise InputError(f"--discards needs the hand with the kitty ({HAND_SIZE + KITTY_SIZE} cards)")
        disc = deck.parse_cards(discards, "discards", KITTY_SIZE)
        missing = [d for d in disc if d not in ids]
        if missing:
            raise InputError(f"--discards: {deck.format_cards(missing)} not in the hand")
        kept = [i for i in ids if i not in disc]
    elif len(ids) == HAND_SIZE + KITTY_SIZE:
        k_lay, d_lay = exchange(rules_t, np.uint64(layout(ids)), c.is_misere)
        kept = from_layout(k_lay, strain, tab)
        disc = [i for i in ids if i not in kept]
    else:
        kept, disc = ids, None
    hand_lay = np.uint64(layout(kept))
    work = np.empty(tables.shape[1], np.uint64)
    played_rules = rules_t
    nominated = None
    if rules_t[R_FREE] and (hand_lay & rules_t[R_FREE]):
        played_rules = nominate_joker(rules_t, hand_lay, work).copy()
        nominated = next(s for s in range(4) if int(played_rules[R_SUIT + s]) & int(rules_t[R_FREE]))
    known = deck.mask(disc) if disc is not None else 0
    unpl = np.uint64(int(played_rules[R_DECK]) & ~layout(disc or []))
    names = free_lead_names(played_rules, hand_lay, 0, 0)
    codes = np.zeros(MAX_MOVES, np.int64)
    members = np.zeros(MAX_MOVES, np.uint64)
    nl = int(candidates(played_rules, hand_lay, hand_lay, np.int64(names), unpl, codes, members))
    codes = codes[:nl].copy()
    pool, counts, fixed = deal_slots(tab, kept)
    if disc is not None:
        pool = np.array([x for x in pool if x not in set(disc)], np.int64)
        counts[0] = 0
    level = 0 if c.is_misere else c.level
    model = CODES[play]
    key0 = seed_key(seed)
    n_seats = np.int64(tab.n_seats)
    sides = np.int64(sides_rule(tab.players, options))

    def chunk(start, n):
        if not n:
            return leads.pack(nl)
        sums, cm, ct = filled = leads.books(nl)
        tt, dstats = solver_arrays(play != "heuristic", new_dd_table, new_stats)
        lead_chunk(key0, np.int64(start), np.int64(n), pool, counts, fixed, played_rules, bt,
                   np.bool_(c.is_misere), np.bool_(c.is_misere and c.open), np.int64(level), np.uint64(known),
                   codes, np.int64(model), np.int64(n_worlds) if play != "dd" else None, sums, cm, ct, tt, dstats,
                   n_seats, sides)
        return leads.pack(nl, filled)

    run = LEAD_PLAN.run(chunk, deals, play, threads, progress)
    notes = LEAD_PLAN.notes(run, deals, play)
    n = run.n_done
    sums, cm, ct = leads.unpack(run.stats, nl)
    p = sums[:, 0] / n
    mean_t = sums[:, 1] / n
    # the contractor's side wants tricks, except in misère (its own tricks: fewer is better)
    order_key = p * 1000 + (-mean_t if c.is_misere else mean_t)
    top = int(np.argmax(order_key))

    rows = []
    for i in range(nl):
        code = int(codes[i])
        bit = code & 63
        card = deck.format(int(id_of[strain, bit]))
        if (code >> 6) and nominated is None:
            card += f" (names {'SCDH'[(code >> 6) - 1]})"
        run_cards = [deck.format(int(id_of[strain, b])) for b in range(64) if (int(members[i]) >> b) & 1]
        lo, hi = wilson(sums[i, 0], n)
        dm, dm_se = leads.paired(cm, sums[:, 0], i, top, n)
        dt, dt_se = leads.paired(ct, sums[:, 1], i, top, n)
        _, t_se = moments_mean_se(n, sums[i, 1], sums[i, 2])
        rows.append({"lead": card, "equivalent": " ".join(run_cards), "p_make": p[i], "p_make_lo": float(lo),
                     "p_make_hi": float(hi), "mean_tricks": mean_t[i], "mean_tricks_se": t_se,
                     "vs_best": dm, "vs_best_lo": dm - Z95 * dm_se, "vs_best_hi": dm + Z95 * dm_se,
                     "tricks_vs_best": dt, "tricks_vs_best_se": dt_se})
    table = pd.DataFrame(rows)
    table = table.iloc[np.argsort(-order_key, kind="stable")].reset_index(drop=True)
    best = table.iloc[0]
    versus = lead_versus(table)
    recommendation = recommend(f"lead {best['lead']}: makes {percent_with(best['p_make'], best['p_make_lo'], best['p_make_hi'])}, "
                               f"{best['mean_tricks']:.2f} tricks", versus,
                               " percentage points of P(make)") if versus else \
        f"lead {best['lead']}: the only distinct lead"
    meta = {"hand": deck.format_cards(kept), "contract": c.name, "discards": deck.format_cards(disc) if disc else None,
            "nominated": None if nominated is None else "SCDH"[nominated], "players": tab.players, "deals": int(n),
            "seed": seed, "play": play, "worlds": n_worlds if play == "pimc" else None,
            "rules": options.shown(tab.players), **versus}
    if tab.players != 4:
        notes.append(table_note(tab, options))
        if sides_rule(tab.players, options) == SIDES_CALL and not c.is_misere and play == "pimc":
            notes.append("single-dummy with a called partner: the card called is public, its holder hidden until "
                         "he plays it (each seat's sampled layouts put it in a hand other than yours)")
    if disc is None:
        notes.append("the discards are unknown: dealt at random from the unseen cards")
    if nominated is not None:
        notes.append(f"the joker is nominated as the top {'SCDH'[nominated]} (the heuristic's choice: the longest "
                     "suit) before the lead")
    if play == "pimc":
        notes.append(PIMC_NOTE.format(w=n_worlds))
    if c.is_misere:
        notes.append("misère: P(make) is P(the contractor takes no trick); mean tricks are the contractor's")
    notes.append("vs_best: P(make) minus the best lead's on the same deals (paired)")
    shown = []
    if examples:
        from .examples import lead_examples
        shown, why_none = lead_examples(examples, chunk=chunk, order=np.argsort(-order_key, kind="stable"),
                                        labels=[r["lead"] for r in rows], misere=c.is_misere, tab=tab, seed=seed,
                                        key0=key0, pool=pool, counts=counts, fixed=fixed, deals=deals, play=play)
        if why_none:
            notes.append(why_none)
    return Answer("five-hundred", "lead", table, str(best["lead"]), recommendation, meta,
                  {"elapsed": run.elapsed}, notes, examples=shown)

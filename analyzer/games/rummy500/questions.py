"""Rummy 500 questions: the best melds of a hand, take the pile or draw, which card to
throw, and strategy tournaments.  Each validates its input once, up front (one-line
``InputError`` messages), then runs kernels on plain arrays."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ...answer import Answer
from ...errors import InputError
from ...fmt import percent, percent_range, percent_with
from ...options import check_examples
from ...sim import leads
from ...sim.layout import StatsLayout
from ...sim.question import Plan
from ...sim.rng import seed_key
from ...sim.runner import run_chunks
from ...stats import Z95, moments_mean_se, wilson
from ...verdict import lead, recommend
from . import play as P
from .deck import card_text, cards_to_counts, format_cards, sort_key
from .melds import arrange, format_table, parse_table
from .rules import MAX_HANDS, TARGET, Options, check_players
from .strategies import DRAW_DECLINE, DRAW_STOCK, parse_strategies, parse_strategy


def melds(hand: str, players: int = 4, table: str | None = None, rules=None) -> dict:
    """The best way to lay ``hand`` down (with lay-offs on ``table``'s melds)."""
    check_players(players)
    options = Options.parse(rules)
    deck = options.deck(players)
    bits = deck.parse(hand, "hand")
    if not bits:
        raise InputError("the hand is empty")
    tab, ntab, tcards = parse_table(table)
    deck.check_copies(Counter(bits) + Counter(tcards), "hand and the table")
    a = arrange(bits, tab, ntab, options.values_table())
    return {
        "game": "rummy500", "question": "melds",
        "hand": format_cards(bits), "players": players, "deck": deck.describe(),
        "table": format_table(tab, ntab),
        "melds": [m.cards for m in a.melds],
        "declared": [m.declared for m in a.melds],
        "meld_values": [m.value for m in a.melds],
        "layoffs": [{"onto": lay.onto, "cards": lay.cards, "declared": lay.declared, "value": lay.value}
                    for lay in a.layoffs],
        "melded_value": a.melded_value,
        "left": [card_text(b) for b in a.left],
        "left_value": a.left_value,
        "rules": options.as_dict(),
    }


# ============================================================================ simulation



DEFAULT_GAMES = 2_000
GAMES_CHUNK = 128
TOURNAMENT_PLAN = Plan("Rummy 500", {"heuristic": DEFAULT_GAMES}, chunk_size={"heuristic": GAMES_CHUNK},
                       desc={"heuristic": "games"})


def seatings(n_strategies: int, players: int) -> np.ndarray:
    """Who sits where, game after game: with at least as many seats as strategies, seat j
    of rotation g plays strategy (j + g) mod k; with fewer seats, every choice of
    ``players`` strategies in every rotation.  Each strategy sits in every seat equally
    often over a cycle."""
    k = n_strategies
    if players >= k:
        return np.array([[(j + g) % k for j in range(players)] for g in range(k)], np.int64)
    rows = []
    for combo in itertools.combinations(range(k), players):
        for g in range(players):
            rows.append([combo[(j + g) % players] for j in range(players)])
    return np.array(rows, np.int64)


def _check_rules_players(rules, players):
    check_players(players)
    options = Options.parse(rules)
    options.check_players(players)
    return options


def simulate_games(strategies: list[tuple[str, np.ndarray]], players: int, games: int, seed: int,
                   options: Options, threads=None, progress=False):
    """Run ``games`` whole games; returns (RunResult, StatsLayout, seatings)."""
    seats = seatings(len(strategies), players)
    sp_all = np.stack([v for _, v in strategies]).astype(np.float64)
    deck = options.deck(players).cards()
    layout = StatsLayout(strat=(len(strategies), P.GAME_STATS), glob=(P.N_GAME_GLOBAL,))
    key0 = seed_key(seed)
    vals = options.values_table()
    hand_size = np.int64(options.hand_size(players))

    def chunk(start, n):
        flat = layout.zeros()
        if n:
            v = layout.unpack(flat)
            board = P.Board()
            P.games_chunk(key0, np.int64(start), np.int64(n), deck, np.int64(players), hand_size,
                          np.int64(options.flags), sp_all, seats, vals, np.int64(TARGET), np.int64(MAX_HANDS),
                          v["strat"], v["glob"], *board.arrays())
        return flat

    run = TOURNAMENT_PLAN.run(chunk, games, "heuristic", threads, progress)
    return run, layout, seats


def strategy_rows(names, st, players, hpg, hpg_se) -> list[dict]:
    """One row per strategy of tournament sums ``st[k, play.S_*]``."""
    rows = []
    for k, name in enumerate(names):
        seat_games = int(st[k, P.S_SEATS])
        wins = int(st[k, P.S_WINS])
        lo, hi = wilson(wins, seat_games)
        n_hands = int(st[k, P.S_HANDS])
        mean_pts, pts_se = moments_mean_se(n_hands, float(st[k, P.S_POINTS]), float(st[k, P.S_POINTS2]))
        rows.append({"players": players, "strategy": name, "seat_games": seat_games, "wins": wins,
                     "p_win": wins / seat_games if seat_games else np.nan, "p_win_lo": float(lo), "p_win_hi": float(hi),
                     "fair_share": 1.0 / players, "mean_points_per_hand": mean_pts, "points_per_hand_se": pts_se,
                     "p_out_per_hand": st[k, P.S_OUT] / n_hands if n_hands else np.nan,
                     "mean_final_score": st[k, P.S_FINAL] / seat_games if seat_games else np.nan,
                     "hands_per_game": hpg, "hands_per_game_se": hpg_se,
                     "unfinished": int(st[k, P.S_UNFINISHED])})
    return rows


def tournament(strategies: str = "greedy,holder,piler,random", players: int = 4, games: int | None = None,
               seed: int | None = None, threads: int | None = None, rules=None, progress: bool = False) -> Answer:
    """Strategies seated in every rotation play whole games to 500."""
    games, seed = TOURNAMENT_PLAN.check(games, seed, threads, "heuristic")
    options = _check_rules_players(rules, players)
    strats = parse_strategies(strategies)
    run, layout, seats = simulate_games(strats, players, games, seed, options, threads, progress)
    notes = TOURNAMENT_PLAN.notes(run, games, "heuristic")
    v = layout.unpack(run.stats)
    st, glob = v["strat"], v["glob"]
    n_games = int(glob[P.GG_GAMES])
    hpg, hpg_se = moments_mean_se(n_games, float(glob[P.GG_HANDS]), float(glob[P.GG_HANDS2]))
    rows = strategy_rows([name for name, _ in strats], st, players, hpg, hpg_se)
    table = pd.DataFrame(rows)
    ranked = table.sort_values("p_win", ascending=False, kind="stable")
    best_row = ranked.iloc[0]
    verdict = _tournament_lead(ranked) if len(ranked) > 1 else {}
    if int(glob[P.GG_ERR]):
        notes.append(f"rule checker: {int(glob[P.GG_ERR])} violations (a bug: please report)")
    if int(glob[P.GG_UNFINISHED]):
        notes.append(f"{int(glob[P.GG_UNFINISHED])} games reached {MAX_HANDS} hands without a winner")
    meta = {"players": players, "games": n_games, "seed": seed, "deck": options.deck(players).describe(),
            "hand_size": options.hand_size(players), "target": TARGET, "seatings": len(seats),
            "hands_per_game": hpg, "hands_per_game_se": hpg_se, "rules": options.as_dict(), **verdict}
    rec = recommend(f"{best_row['strategy']} wins most: {percent(best_row['p_win'])} of its games "
                    f"({percent_range(best_row['p_win_lo'], best_row['p_win_hi'])}; a fair share is "
                    f"{percent(1 / players)})", verdict, " percentage points of P(win)")
    return Answer("rummy500", "tournament", table, str(best_row["strategy"]), rec, meta,
                  {"elapsed": run.elapsed}, notes)


def _tournament_lead(ranked: pd.DataFrame) -> dict:
    """The most winning strategy's lead over the next (``verdict.lead``'s fields, in
    percentage points of P(win)).  Both sit in the same games, where at most one of them
    wins, so their win rates are negatively correlated: the difference's variance is
    p_a(1-p_a)/n_a + p_b(1-p_b)/n_b plus at most 2 p_a p_b / min(n_a, n_b) (exact when both
    sit in every game once, ``(p_a + p_b - (p_a - p_b)^2) / n``; an upper bound when the
    seatings leave one of them out of some games, so a tie is called rather than missed)."""
    a, b = ranked.iloc[0], ranked.iloc[1]
    pa, pb, na, nb = float(a["p_win"]), float(b["p_win"]), int(a["seat_games"]), int(b["seat_games"])
    if min(na, nb) == 0:
        return {}
    var = pa * (1 - pa) / na + pb * (1 - pb) / nb + 2 * pa * pb / min(na, nb)
    return lead(str(a["strategy"]), str(b["strategy"]), 100 * (pa - pb), 100 * np.sqrt(var))


# ============================================================================ positions


DEFAULT_TAKE_DEALS = 10_000
DEFAULT_DISCARD_DEALS = 8_000
DEFAULT_GAME_DEALS = 5_000      # with --scores every deal is played on to the end of the game
POSITION_CHUNK = 512
POSITION_PLAN = Plan("Rummy 500", {"heuristic": DEFAULT_TAKE_DEALS}, chunk_size={"heuristic": POSITION_CHUNK})
DEFAULT_POSITION_STRATEGY = "holder"


@dataclass
class Position:
    players: int
    options: Options
    deck: object
    hand: list[int]
    pile: list[int]
    tab: np.ndarray
    ntab: int
    table_cards: list[int]
    held: list[int]
    stock: int
    pool: np.ndarray
    scores: list[int] | None
    strategy: str
    params: np.ndarray

    @property
    def hand_size(self) -> int:
        return self.options.hand_size(self.players)


def _ints(text, what):
    try:
        return [int(x) for x in str(text).replace(";", ",").split(",") if x.strip()]
    except ValueError:
        raise InputError(f"{what} must be whole numbers separated by commas, got {text!r}") from None


def parse_position(hand, pile, table, players, held, scores, strategy, rules, question) -> Position:
    """Validate a position once, up front (one-line InputError messages)."""
    check_players(players)
    options = Options.parse(rules)
    options.check_players(players)
    deck = options.deck(players)
    size = options.hand_size(players)
    hand_bits = deck.parse(hand or "", "hand")
    pile_bits = deck.parse(pile or "", "pile")
    tab, ntab, tcards = parse_table(table)
    counts_h, counts_p, counts_t = Counter(hand_bits), Counter(pile_bits), Counter(tcards)
    deck.check_copies(counts_t, "table")
    for bit in set(hand_bits) & set(pile_bits):
        if counts_h[bit] + counts_p[bit] > deck.copies(bit):
            raise InputError(f"{card_text(bit)} is in both the hand and the pile; {deck.describe()} hold"
                             f"{'s' if deck.decks == 1 else ''} {deck.copies(bit)}")
    deck.check_copies(counts_h + counts_p + counts_t, "hand, pile and table together")
    floating = options.floating == "yes"
    if not hand_bits and not (floating and question == "take"):
        raise InputError("the hand is empty")
    want = size + (1 if question == "discard" else 0)
    if ntab == 0 and len(hand_bits) != want:
        raise InputError(f"the hand has {len(hand_bits)} cards; with {players} players and no melds on the table "
                         f"it has {want} ({size} dealt{', plus the card drawn' if question == 'discard' else ''})")
    if held is None or str(held).strip() == "":
        held_counts = [size] * (players - 1)
    else:
        held_counts = _ints(held, "--held")
    if len(held_counts) != players - 1:
        raise InputError(f"--held has {len(held_counts)} counts; {players} players need {players - 1} "
                         f"(the opponents' cards, in turn order after you)")
    low = 0 if floating else 1
    for c in held_counts:
        if c < low:
            raise InputError(f"--held counts must be at least {low}, got {c}")
        if ntab == 0 and c != size:
            raise InputError(f"--held: with no melds on the table every opponent holds {size} cards, got {c}")
    stock = deck.size - len(hand_bits) - len(pile_bits) - len(tcards) - sum(held_counts)
    if stock < 0:
        raise InputError(f"--held counts leave no stock: {deck.describe()} hold {deck.size} cards but the hand, "
                         f"pile, table and opponents' {sum(held_counts)} account for {deck.size - stock}")
    unseen = deck.full_counts() - cards_to_counts(hand_bits) - cards_to_counts(pile_bits) - cards_to_counts(tcards)
    pool = np.array([b for b in range(64) for _ in range(int(unseen[b]))], np.int64)
    score_list = None
    if scores is not None and str(scores).strip() != "":
        score_list = _ints(scores, "--scores")
        if len(score_list) != players:
            raise InputError(f"--scores has {len(score_list)} numbers; {players} players need {players} "
                             f"(yours first, then the opponents in turn order)")
    name, params = parse_strategy(strategy or DEFAULT_POSITION_STRATEGY)
    return Position(players, options, deck, hand_bits, pile_bits, tab, ntab, tcards, held_counts, stock, pool,
                    score_list, name, params)


def _base_board(pos: Position) -> "P.Board":
    board = P.Board()
    hands = [pos.hand] + [[] for _ in pos.held]
    P.set_board(board, hands, pos.pile, pos.tab, pos.ntab, [], pos.players, pos.options.flags, pos.deck.size,
                len(pos.table_cards))
    board.nheld[1:pos.players] = pos.held        # the opponents' cards are dealt per deal
    return board


def _duty(pos: Position, depth: int) -> bool:
    n = len(pos.pile) - depth
    return n >= 2 or pos.options.single_duty == "yes" or pos.stock == 0 or not pos.hand


def take_options(pos: Position) -> list[dict]:
    """Every draw open now: the stock (or, when it is empty, ending the hand) and each pile
    depth whose deepest card can be used at once when that is a duty."""
    out = []
    if pos.stock > 0:
        out.append({"action": "draw from the stock", "kind": "stock", "depth": None, "cards": 0, "meld": "",
                    "value": DRAW_STOCK})
    else:
        out.append({"action": "end the hand (the stock is empty)", "kind": "end", "depth": None, "cards": 0,
                    "meld": "", "value": DRAW_DECLINE})
    vals = pos.options.values_table()
    npile = len(pos.pile)
    for d in range(npile - 1, -1, -1):
        deep = pos.pile[d]
        taken = pos.pile[d:]
        meld = ""
        if _duty(pos, d):
            a = arrange(pos.hand + taken, pos.tab, pos.ntab, vals, must=deep)
            if not a.ok:
                continue
            for m in a.melds + a.layoffs:
                if card_text(deep) in m.cards or (deep == 0 and "JK" in m.cards):
                    meld = m.text() + (f" on {format_table(pos.tab, pos.ntab)[m.onto]}" if m.onto is not None else "")
                    break
        label = (f"take {card_text(deep)} (the top card)" if d == npile - 1
                 else f"take the pile from {card_text(deep)} ({npile - d} cards)")
        out.append({"action": label, "kind": "pile", "depth": d, "cards": npile - d, "meld": meld, "value": d})
    return out


def discard_options(pos: Position, taken: str | None) -> list[dict]:
    barred = None
    if taken:
        barred = pos.deck.parse(taken, "--taken")
        if len(barred) != 1:
            raise InputError("--taken is one card: the card you took alone from the pile this turn")
        barred = barred[0]
        if barred not in pos.hand:
            raise InputError(f"--taken {card_text(barred)} is not in the hand")
    counts = Counter(pos.hand)
    out = []
    for b in sorted(counts, key=sort_key):
        if b == barred and counts[b] == 1:
            continue
        out.append({"action": f"throw {card_text(b)}", "kind": "discard", "card": card_text(b), "value": b})
    if not out:
        raise InputError("no card may be thrown: the only card is the one taken from the pile")
    return out


def position_kernel(pos: Position, option_list, kind: int, seed: int):
    """``chunk(start, n, board=None)``: the position's statistics (options, PS_*) over deals
    ``start..start+n-1``, every option played from the same deals (``play.position_chunk``);
    ``board`` (a ``play.Board``) receives the last deal as dealt (the examples)."""
    base = _base_board(pos)
    base.sv[P.SV_NSTOCK] = 0
    kinds = np.zeros(pos.players, np.int64)
    sp = np.tile(pos.params, (pos.players, 1))
    vals = pos.options.values_table()
    opt_kind = np.full(len(option_list), kind, np.int64)
    opt_value = np.array([o["value"] for o in option_list], np.int64)
    scores0 = np.zeros(P.MAX_PLAYERS + 1, np.int64)
    if pos.scores is not None:
        scores0[:pos.players] = pos.scores
        scores0[P.MAX_PLAYERS] = 1
    layout = StatsLayout(opt=(len(option_list), P.POS_STATS), cross=(len(option_list), len(option_list), 2))
    key0 = seed_key(seed)
    deck_cards = pos.deck.cards()
    hand_size = np.int64(pos.hand_size)

    def chunk(start, n, t=None):
        flat = layout.zeros()
        if n:
            v = layout.unpack(flat)
            t = t if t is not None else P.Board()
            board = P.Board()
            P.position_chunk(key0, np.int64(start), np.int64(n), base.hands, base.nheld, base.pile, base.pile_cnt,
                             base.tab, base.sv, pos.pool, opt_kind, opt_value, kinds, sp, vals, scores0, deck_cards,
                             hand_size, np.int64(TARGET), np.int64(MAX_HANDS), v["opt"], v["cross"],
                             t.hands, t.nheld, t.stock, t.pile, t.pile_cnt, t.tab, t.pts, t.sv, *board.arrays())
        return flat

    return chunk, layout


def simulate_position(pos: Position, option_list, kind: int, deals: int, seed: int, threads=None,
                      progress=False):
    """Play every option from the same deals; returns (RunResult, StatsLayout)."""
    chunk, layout = position_kernel(pos, option_list, kind, seed)
    return POSITION_PLAN.run(chunk, deals, "heuristic", threads, progress), layout


def _position_rows(option_list, st, with_game):
    rows = []
    for o, rec in enumerate(option_list):
        n = int(st[o, P.PS_N])
        score, score_se = moments_mean_se(n, float(st[o, P.PS_SCORE]), float(st[o, P.PS_SCORE2]))
        margin, margin_se = moments_mean_se(n, float(st[o, P.PS_MARGIN]), float(st[o, P.PS_MARGIN2]))
        out_lo, out_hi = wilson(st[o, P.PS_OUT], n)
        row = {k: v for k, v in rec.items() if k != "value"}
        row.update({"deals": n, "mean_score": score, "score_se": score_se,
                    "score_lo": score - Z95 * score_se, "score_hi": score + Z95 * score_se,
                    "mean_margin": margin, "margin_se": margin_se,
                    "p_out": st[o, P.PS_OUT] / n, "p_out_lo": float(out_lo), "p_out_hi": float(out_hi)})
        if with_game:
            lo, hi = wilson(st[o, P.PS_WIN], n)
            row.update({"p_win": st[o, P.PS_WIN] / n, "p_win_lo": float(lo), "p_win_hi": float(hi)})
        else:
            row.update({"p_win": np.nan, "p_win_lo": np.nan, "p_win_hi": np.nan})
        row["mean_turns"] = st[o, P.PS_TURNS] / n
        d, d_se = moments_mean_se(n, float(st[o, P.PS_DIFF]), float(st[o, P.PS_DIFF2]))
        row["diff"], row["diff_se"] = d, d_se
        d, d_se = moments_mean_se(n, float(st[o, P.PS_MDIFF]), float(st[o, P.PS_MDIFF2]))
        row["mdiff"], row["mdiff_se"] = d, d_se
        rows.append(row)
    return rows


RANKED_BY = {"mean_margin": "margin over the best opponent", "p_win": "P(win the game)"}


def _behind(rows, st, cross, rank_col, b, s):
    """How far option ``s`` is behind the best, ``b``, on ``rank_col``, measured deal by
    deal (every option is played on the same deals, ``sim.leads.paired``): (difference,
    its standard error), in margin points or in percentage points of P(win)."""
    n = rows[b]["deals"]
    if rank_col == "mean_margin":
        return leads.paired(cross[:, :, 0], st[:, P.PS_MDIFF], b, s, n)
    d, se = leads.paired(cross[:, :, 1], st[:, P.PS_WIN], b, s, n)
    return 100 * d, 100 * se


def _recommendation(rows, st, cross, rank_col) -> tuple[int, str, dict]:
    """The best option (highest ``rank_col``, the first of a tie), the sentence, and its
    lead over the next best (``verdict.lead``; empty with one option)."""
    order = sorted(range(len(rows)), key=lambda o: -rows[o][rank_col])
    b = order[0]
    best = rows[b]
    if rank_col == "p_win":
        value, unit = percent_with(best["p_win"], best["p_win_lo"], best["p_win_hi"]), " percentage points"
    else:
        value = (f"{best['mean_margin']:+.1f} (95% interval {best['mean_margin'] - Z95 * best['margin_se']:+.1f} to "
                 f"{best['mean_margin'] + Z95 * best['margin_se']:+.1f})")
        unit = " points"
    f: dict = {}
    if len(order) > 1:
        f = lead(str(best["action"]), str(rows[order[1]]["action"]), *_behind(rows, st, cross, rank_col, b, order[1]))
    rec = recommend(f"{best['action']}: {RANKED_BY[rank_col]} {value}", f, unit)
    rec += f"; goes out first {percent_with(best['p_out'], best['p_out_lo'], best['p_out_hi'])}"
    return b, rec, f


def _position_answer(question, pos, option_list, run, layout, deals, seed, notes, extra_meta, rank_col,
                     examples=0, kind=None):
    st = layout.unpack(run.stats)["opt"]
    with_game = pos.scores is not None
    rows = _position_rows(option_list, st, with_game)
    if question == "discard":
        for o, row in enumerate(rows):
            n = row["deals"]
            for col, idx in (("p_rummy", P.PS_RUMMY), ("p_called", P.PS_STEAL), ("p_taken", P.PS_TAKEN)):
                lo, hi = wilson(st[o, idx], n)
                row[col], row[f"{col}_lo"], row[f"{col}_hi"] = st[o, idx] / n, float(lo), float(hi)
    b, rec, verdict = _recommendation(rows, st, layout.unpack(run.stats)["cross"], rank_col)
    table = pd.DataFrame(rows)
    # take: the paired differences from option 0 (the stock draw, or ending the hand) on the
    # same deals, of the score and of the margin; a discard has no natural baseline
    if question == "take":
        table = table.rename(columns={"diff": "gain_vs_stock", "diff_se": "gain_vs_stock_se",
                                      "mdiff": "margin_vs_stock", "mdiff_se": "margin_vs_stock_se"})
    else:
        table = table.drop(columns=["diff", "diff_se", "mdiff", "mdiff_se"])
    if question == "discard":
        table = table.sort_values(rank_col, ascending=False, kind="stable").reset_index(drop=True)
    err = int(st[:, P.PS_ERR].sum())
    if err:
        notes.append(f"rule checker: {err} violations (a bug: please report)")
    meta = {"hand": format_cards(pos.hand), "pile": " ".join(card_text(b) for b in pos.pile),
            "table": format_table(pos.tab, pos.ntab), "players": pos.players, "held": pos.held, "stock": pos.stock,
            "scores": pos.scores, "strategy": pos.strategy, "deals": int(run.n_done), "seed": seed,
            "deck": pos.deck.describe(), "rules": pos.options.as_dict(), "ranked_by": rank_col, **verdict,
            **extra_meta}
    shown = []
    if examples:
        from .examples import position_examples
        shown, why_none = position_examples(examples, pos, option_list, rows, b, rank_col, kind, seed, deals)
        if why_none:
            notes.append(why_none)
    return Answer("rummy500", question, table, str(rows[b]["action"]), rec, meta, {"elapsed": run.elapsed}, notes,
                  examples=shown)


def _rank_column(pos: Position) -> str:
    """What take and discard rank by: players play to win the game, not to pile up their own
    points -- P(win the game) with ``scores``, else the margin over the best opponent."""
    return "p_win" if pos.scores is not None else "mean_margin"


def _position_deals(deals, pos, default):
    if deals is None:
        return DEFAULT_GAME_DEALS if pos.scores is not None else default
    return deals


def take(hand: str, pile: str = "", table: str | None = None, players: int = 4, held=None, scores=None,
         deals: int | None = None, seed: int | None = None, threads: int | None = None, strategy: str | None = None,
         rules=None, progress: bool = False, examples: int = 0) -> Answer:
    """Draw from the stock or take the pile (from each usable depth), each played out to
    the end of the hand on the same deals (and with ``scores`` on to the end of the game).
    ``examples``: also show this many deals where the recommended draw and the next best
    part ways (``examples.position_examples``)."""
    check_examples(examples)
    POSITION_PLAN.check(deals or 1, seed, threads, "heuristic")
    seed = 0 if seed is None else int(seed)
    pos = parse_position(hand, pile, table, players, held, scores, strategy, rules, "take")
    deals = _position_deals(deals, pos, DEFAULT_TAKE_DEALS)
    option_list = take_options(pos)
    run, layout = simulate_position(pos, option_list, P.OPT_DRAW, deals, seed, threads, progress)
    notes = POSITION_PLAN.notes(run, deals, "heuristic")
    rank = _rank_column(pos)
    return _position_answer("take", pos, option_list, run, layout, deals, seed, notes, {}, rank, examples,
                            P.OPT_DRAW)


def discard(hand: str, pile: str = "", table: str | None = None, players: int = 4, held=None, scores=None,
            taken: str | None = None, deals: int | None = None, seed: int | None = None, threads: int | None = None,
            strategy: str | None = None, rules=None, progress: bool = False, examples: int = 0) -> Answer:
    """Each card you could throw (you have drawn and melded), played out on the same deals.
    ``examples``: as in ``take``."""
    check_examples(examples)
    POSITION_PLAN.check(deals or 1, seed, threads, "heuristic")
    seed = 0 if seed is None else int(seed)
    pos = parse_position(hand, pile, table, players, held, scores, strategy, rules, "discard")
    deals = _position_deals(deals, pos, DEFAULT_DISCARD_DEALS)
    option_list = discard_options(pos, taken)
    run, layout = simulate_position(pos, option_list, P.OPT_DISCARD, deals, seed, threads, progress)
    notes = POSITION_PLAN.notes(run, deals, "heuristic")
    rank = _rank_column(pos)
    return _position_answer("discard", pos, option_list, run, layout, deals, seed, notes,
                            {"taken": taken or None}, rank, examples, P.OPT_DISCARD)


# ============================================================================ whole hands
HANDS_CHUNK = 2048


def simulate_hands(deals: int, seed: int = 0, players: int = 4, strategies: str = "holder",
                   options: Options = Options(), threads=None, progress=False):
    """Whole random hands, every seat by its strategy (the comma-separated list repeated
    round the table): deal to the end of the hand.  The benchmark's unit of work.
    Returns (RunResult, StatsLayout)."""
    strats = parse_strategies(strategies)
    sp = np.stack([strats[p % len(strats)][1] for p in range(players)])
    kinds = np.zeros(players, np.int64)
    deck = options.deck(players).cards()
    layout = StatsLayout(seat=(P.MAX_PLAYERS, P.HAND_STATS), turns=(P.TURN_BINS,), glob=(P.N_GLOBAL,))
    key0 = seed_key(seed)
    vals = options.values_table()

    def chunk(start, n):
        flat = layout.zeros()
        if n:
            v = layout.unpack(flat)
            board = P.Board()
            P.hands_chunk(key0, np.int64(start), np.int64(n), deck, np.int64(players),
                          np.int64(options.hand_size(players)), np.int64(options.flags), kinds, sp, vals, v["seat"],
                          v["turns"], v["glob"], *board.arrays())
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, chunk_size=HANDS_CHUNK, desc="hands"), layout

"""``analyzer pinochle``: a hand's meld, and the exact meld odds of a random hand."""

from __future__ import annotations

import inspect

import click

from ..fmt import interval, pct, rate
from .common import (check_plot_path, condition_option, emit, emit_record, examples_option, output_options,
                     simulation_options, unconditioned, wants_progress)

RULES_HELP = ("Rule options: --rule NAME=VALUE takes every option of the Pinochle rules; only "
              "run_marriage_reuse=no|yes changes meld (yes: an extra K or Q of trump marries the run's "
              "partner card, so run + K is 190).")


@click.group()
def pinochle():
    """Partnership Pinochle: four players, partners opposite, 48 cards (two each of
    A 10 K Q J 9 in four suits), 12 cards each.

    Cards: rank A T(10) K Q J 9 then suit S H D C (or ♠ ♥ ♦ ♣); write a card twice to hold
    both copies.
    """


def _rule_option(f):
    return click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
                        help="A rule option (repeatable).")(f)


def _worlds_option(f):
    return click.option("--worlds", type=int, default=None, metavar="W",
                        help="With --play pimc: sampled layouts per card played [default: 16].")(f)


def _json_option(f):
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON object and nothing else.")(f)


@pinochle.command()
@click.argument("hand")
@click.option("--trump", default=None, metavar="S|H|D|C", help="Only this trump suit (default: each of the four).")
@_rule_option
@_json_option
def meld(hand, trump, rules, as_json):
    """The meld of HAND (your 12 cards) for each trump suit, itemised by class
    (arounds, sequence, pinochle, dix) with points."""
    from ..games.pinochle.meld import meld_record as ask

    emit_record(ask(hand, trump=trump, rules=list(rules)), as_json, render_meld)


meld.help = inspect.cleandoc(meld.help) + "\n\n" + RULES_HELP


def render_meld(out) -> str:
    from ..cards import SUIT_SYMBOLS, SUITS

    lines = [f"Pinochle meld of {out['hand']} (run_marriage_reuse={out['rules']['run_marriage_reuse']})", ""]
    for suit, meld in out["by_trump"].items():
        lines.append(f"trump {SUIT_SYMBOLS[SUITS.index(suit)]}: {meld['total']}")
        for item in meld["items"]:
            lines.append(f"  {item['class']:<9} {item['meld']:<22} {item['points']:>5}")
        if not meld["items"]:
            lines.append("  no meld")
    if len(out["by_trump"]) > 1:
        best = max(out["by_trump"].values(), key=lambda m: m["total"])["total"]
        suits = " ".join(SUIT_SYMBOLS[SUITS.index(s)] for s, m in out["by_trump"].items() if m["total"] == best)
        lines += ["", f"Most meld: {best} with {suits} trump."]
    return "\n".join(lines)


@pinochle.command()
@click.option("--trump", default="H", show_default=True, metavar="S|H|D|C",
              help="The trump suit of the meld distribution (♠ and ♦ hold the pinochle cards, so they "
                   "differ a little from ♣ and ♥).")
@click.option("--cards", type=click.Choice(["12", "15", "18"]), default="12", show_default=True,
              help="Cards in the hand: 12 (four- and two-handed), 15 (three-handed), 18 (the three-handed "
                   "bidder's hand with the widow).")
@_rule_option
@_json_option
def odds(trump, cards, rules, as_json):
    """Exact odds of each meld in a random hand (by counting, not sampling), and of the
    hand's whole meld reaching 20, 40, ... points with a named trump: 12 cards, or 15 and
    18 for the three-handed game (with the odds of a widow without a counter)."""
    from ..games.pinochle.odds import odds_record as ask

    emit_record(ask(trump=trump, rules=list(rules), cards=int(cards)), as_json, render_odds)


odds.help = inspect.cleandoc(odds.help) + "\n\n" + RULES_HELP


def _pct(p: float) -> str:
    """Exact odds to 4 significant digits (``fmt.rate``)."""
    return rate(p, 4)


def _one_in(p: float) -> str:
    if not p:
        return "never"
    n = 1 / p
    return f"{n:.1f}" if n < 100 else f"{n:,.0f}"


def render_odds(out) -> str:
    from ..cards import SUIT_SYMBOLS, SUITS

    from ..games.pinochle.odds import HAND_SIZES

    width = max(len(r["meld"]) for r in out["odds"])
    lines = [f"Pinochle — exact meld odds of {HAND_SIZES[out['cards']]} (all {out['hands']:,} hands counted)", "",
             f"{'meld':<{width}}  {'P':>11}  {'1 in':>14}"]
    lines.append("-" * len(lines[-1]))
    for r in out["odds"]:
        lines.append(f"{r['meld']:<{width}}  {_pct(r['p']):>11}  {_one_in(r['p']):>14}")
    m = out["meld_in_trump"]
    lines += ["", f"The hand's whole meld with {SUIT_SYMBOLS[SUITS.index(m['trump'])]} trump "
                  f"(run_marriage_reuse={m['rules']['run_marriage_reuse']}):", ""]
    for r in m["at_least"]:
        lines.append(f"  meld ≥ {r['points']:>4}  {_pct(r['p']):>11}  {_one_in(r['p']):>14}")
    if "widow_no_counter" in out:
        p = out["widow_no_counter"]
        lines += ["", f"The widow (3 cards) holds no counter (A, 10, K): {_pct(p)} (1 in {_one_in(p)})."]
    return "\n".join(lines)


# ----------------------------------------------------------------------------- bid and pass
QUESTION_RULES_HELP = ("Rule options (--rule NAME=VALUE): head=best|led_card|none, overtrump=always|trump_led, "
                       "counting=tens|fives|classic, run_marriage_reuse=no|yes, meld_save=counter|trick|always, "
                       "min_bid=250 (a multiple of 10), raise=10_20|any, throw_in=short250|any, game=1500.")


@pinochle.command()
@click.argument("hand")
@click.option("--seat", type=int, default=None,
              help="Your seat: 1 is left of the dealer and speaks first, 4 is the dealer [default: 1, or "
                   "whose turn it is after --auction].")
@click.option("--over", type=int, default=None, metavar="BID",
              help="The bid to beat (without --auction: your right-hand opponent's; the other hands are then "
                   "not conditioned on the bidding).")
@click.option("--auction", default=None, metavar="CALLS",
              help='The calls so far from seat 1, in order, e.g. "250 pass 260": the other hands are dealt '
                   "so that the policy makes them.")
@click.option("--trump", default=None, metavar="S|H|D|C",
              help="Only this trump's rows (faster, above all with --play dd) [default: every trump].")
@_worlds_option
@condition_option
@simulation_options(default_deals=100_000, play_models=("heuristic", "dd", "pimc"),
                    deals_help="100,000; 20,000 when other seats' calls condition the deal; 50 with --play dd; "
                               "10 with --play pimc")
@examples_option
@click.option("--players", type=click.Choice(["4", "3"]), default="4", show_default=True,
              help="4: the partnership game (12 cards); 3: the three-handed auction game (15 cards, a widow of "
                   "3; its rule options: min_bid=300|250|200, skip_40_90=no|yes, count=tens|classic|fives, "
                   "units=3-5-10|1-2-4-6-8-10, double=spades|none|spades_hearts, run_marriage_reuse=no|yes, "
                   "all_pass=eldest_forced|redeal|dealer_stuck, forced_concede=free|single; --auction: the calls from "
                   "the eldest, seat 1, on).")
@output_options
def bid(hand, seat, over, auction, trump, worlds, condition, deals, seed, play, threads, rules, examples, players,
        as_json, as_csv, plot_path):
    """How much can you bid on HAND (your 12 cards)?  For each bid from the next allowed
    up to where P(make) is negligible and each trump: P(make) — your side's saved meld
    plus trick points reach the bid — with its 95% interval, the mean meld after the
    passes, the mean trick points and EV (your side's score minus the other side's) if
    you declare at that bid.  Then the calls, compared like with like: pass, or each bid
    now, the auction going on by the policy and the contract it reaches played -- your
    side's EV for the whole hand on the same deals.  Recommendation: the best call, its
    lead over the next best (a tie called a tie), the trump to name, the highest bid not
    measurably worse.  --play pimc: single-dummy play at every seat, each trump's hand
    played once, aiming at the level the bidding policy would reach with that trump (no
    calls: the declare rows against passing).
    """
    from ..games.pinochle.questions import bid as ask

    check_plot_path(plot_path)
    if players == "3" and plot_path:
        from ..errors import InputError
        raise InputError("--plot: not offered with --players 3 yet")
    answer = ask(hand, seat=seat, over=over, auction=auction, trump=trump, deals=deals, seed=seed, play=play, threads=threads,
                 rules=list(rules), progress=wants_progress(as_json), condition=condition, examples=examples,
                 worlds=worlds, players=int(players))
    if answer.meta.get("players") == 3:
        emit(answer, as_json, as_csv, render_bid3)
        return
    if plot_path:
        from ..report.pinochle import plot_bid
        plot_bid(answer, plot_path)
    emit(answer, as_json, as_csv, render_bid)


bid.help = inspect.cleandoc(bid.help) + "\n\n" + QUESTION_RULES_HELP


def render_bid3(answer) -> str:
    """The three-handed bid: the calls (pass or each bid now, the auction going on by the
    policy; net units for the hand), then P(make) and EV by bid as the bidder, the trump
    named after the widow first, then each suit."""
    from ..cards import SUIT_SYMBOLS, SUITS
    from ..fmt import pct

    t = answer.table
    m = answer.meta
    melds = ", ".join(f"{SUIT_SYMBOLS[SUITS.index(s)]} {v}" for s, v in m["meld"].items())
    heard = " ".join(str(c) for c in m["auction"]) or "none"
    lines = [f"Three-handed Pinochle — bid: hand {m['hand']} (meld before the widow: {melds})",
             f"seat {m['seat']} (1 is the eldest, 3 the dealer); calls heard: {heard}",
             f"{m['deals']:,} deals, seed {m['seed']}; rules: "
             + ", ".join(f"{k}={v}" for k, v in m["rules"].items()), "",
             "Your call now, the auction going on by the policy, the hand played out:",
             f"  {'call':<9}  {'EV':>8}  {'±se':>5}  {'vs best':>8}  {'95% interval':>16}  {'you bid':>7}  "
             f"{'you make':>8}  {'they make':>9}  {'conceded':>8}  {'final bid':>9}"]
    calls = t[t["action"].isin(["pass", "call"])]
    for r in calls.itertuples():
        name = "pass" if r.action == "pass" else f"bid {r.bid}"
        lines.append(f"  {name:<9}  {r.ev:>+8.2f}  {r.ev_se:>5.2f}  {r.vs_best:>+8.2f}  "
                     f"{r.vs_best_lo:>+7.2f} to {r.vs_best_hi:>+6.2f}  {pct(r.p_i_bid):>7}  {pct(r.p_make):>8}  "
                     f"{pct(r.p_they_make):>9}  {pct(r.p_concede):>8}  {r.mean_final_bid:>9.0f}")
    lines += ["", "If you end up the bidder at a bid:"]
    bids = t[t["action"] == "bid"]
    for trump, rows in bids.groupby("trump", sort=False):
        name = trump if trump not in SUITS else f"{SUIT_SYMBOLS[SUITS.index(trump)]} trump"
        r0 = rows.iloc[0]
        lines.append(f"{name}: meld {r0['mean_meld']:.0f}, buried {r0['mean_buried']:.0f}, total "
                     f"{r0['mean_total']:.0f} on average")
        lines.append(f"  {'bid':>5}  {'P(make)':>7}  {'95% interval':>12}  {'conceded':>8}  {'EV':>8}  {'±se':>5}")
        for r in rows.itertuples():
            lines.append(f"  {r.bid:>5}  {pct(r.p_make):>7}  {interval(r.p_make_lo, r.p_make_hi):>12}"
                         f"  {pct(r.p_concede):>8}  {r.ev:>+8.2f}  {r.ev_se:>5.2f}")
        lines.append("")
    lines.append("EV: your net units for the hand from both other players (± a standard error); vs best: the call's "
                 "EV minus the best call's on the same deals, with its 95% interval; 95% intervals of P(make) are "
                 "Wilson's")
    return "\n".join(lines + [f"Recommendation: {answer.recommendation}"])


@pinochle.command()
@click.argument("hand")
@click.option("--trump", required=True, metavar="S|H|D|C", help="The trump you named.")
@click.option("--bid", "bid_", type=int, default=None, metavar="BID", help="Your bid [default: the minimum, 300].")
@click.option("--top", type=click.IntRange(min=1), default=15, show_default=True,
              help="Rows to print (JSON and CSV have them all).")
@click.option("--players", type=click.Choice(["3"]), default="3", show_default=True,
              help="The three-handed game (the only one with a burial).")
@simulation_options(default_deals=4_000, play_models=("heuristic",))
@output_options
def bury(hand, trump, bid_, top, players, deals, seed, play, threads, rules, as_json, as_csv, plot_path):
    """Which three cards to bury as the three-handed bidder?  HAND: your 18 cards (your 15
    and the widow).  Every legal burial (three cards none of which you meld -- or, when
    there are more than 40, the best 40 by the policy's card scores -- and always the
    policy's own) is made and the fifteen tricks played on the same deals, the other two
    hands dealt at random: P(make) at your bid with its 95% interval, EV in settlement
    units from each other player, and each burial against the best on the same deals.
    """
    from ..errors import InputError
    from ..games.pinochle.questions import bury as ask

    if plot_path:
        raise InputError("--plot: not offered by bury")
    answer = ask(hand, trump=trump, bid=bid_, deals=deals, seed=seed, threads=threads, rules=list(rules),
                 progress=wants_progress(as_json), players=int(players), play=play)
    emit(answer, as_json, as_csv, lambda a: render_bury(a, top))


def render_bury(answer, top: int = 15) -> str:
    from ..cards import SUIT_SYMBOLS, SUITS
    from ..fmt import pct

    m = answer.meta
    t = answer.table
    lines = [f"Three-handed Pinochle — bury: hand {m['hand']}, {SUIT_SYMBOLS[SUITS.index(m['trump'])]} trump "
             f"(meld {m['meld']}), bid {m['bid']}", f"{m['deals']:,} deals, seed {m['seed']}", "",
             f"  {'burial':<12} {'points':>6}  {'P(make)':>7}  {'95% interval':>12}  {'EV':>7}  {'vs best':>8}  "
             f"{'95% interval':>16}  {'total':>6}"]
    for r in t.head(top).itertuples():
        mark = "→" if r.Index == 0 else ("*" if r.policy else " ")
        lines.append(f"{mark} {r.burial:<12} {r.points:>6}  {pct(r.p_make):>7}  {interval(r.p_make_lo, r.p_make_hi):>12}"
                     f"  {r.ev:>+7.2f}  {100 * r.vs_best:>+7.1f}%  {100 * r.vs_best_lo:>+6.1f} to "
                     f"{100 * r.vs_best_hi:>+5.1f}%  {r.mean_total:>6.0f}")
    if len(t) > top:
        lines.append(f"  … ({len(t) - top} more burials: --json or --csv for all)")
    lines += ["", "→ the best; * the simulated bidder's own burial. EV: units each other player pays you; vs best: "
              "P(make) minus the best's on the same deals (95% interval)",
              f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


@pinochle.command()
@click.argument("hand")
@click.option("--players", type=click.Choice(["2"]), default="2", show_default=True,
              help="The two-handed game with a stock (the only one dealt this way).")
@click.option("--trump", default=None, metavar="S|H|D|C",
              help="The trump suit (the turned card then any unseen card of it); or give --upcard.")
@click.option("--upcard", default=None, metavar="CARD", help="The turned card (it names the trump).")
@click.option("--dealer", type=click.Choice(["them", "you"]), default="them", show_default=True,
              help="Who dealt: them (you lead first) or you (a turned nine scores you 10).")
@click.option("--score", default=None, metavar="YOU:THEM", help="The scores before this hand [default: 0:0].")
@simulation_options(default_deals=20_000, play_models=("heuristic",))
@output_options
def deal(hand, players, trump, upcard, dealer, score, deals, seed, play, threads, rules, as_json, as_csv, plot_path):
    """What is a two-handed hand worth?  HAND: your 12 cards.  The opponent's hand and the
    stock are dealt at random and the hand played out by the policy (phase 1 with melding
    after each trick won and the draw, phase 2 with the duties): each player's expected
    meld, counters and total; then the game played on to its end: P(you win the game from
    --score).  Two-handed rule options: order=meld_then_draw|draw_then_meld,
    last_cards=fixed|winner_chooses, double_meld=at_once|any, head=always|trump_led,
    count=tens|classic|fives, game=1000."""
    from ..errors import InputError
    from ..games.pinochle.questions import deal2

    if plot_path:
        raise InputError("--plot: not offered by deal")
    answer = deal2(hand, trump=trump, upcard=upcard, dealer=dealer, score=score, deals=deals, seed=seed,
                   threads=threads, rules=list(rules), progress=wants_progress(as_json), play=play)
    emit(answer, as_json, as_csv, render_deal)


def render_deal(answer) -> str:
    from ..cards import SUIT_SYMBOLS, SUITS

    m = answer.meta
    turned = f"{m['upcard']} turned" if m["upcard"] else f"{SUIT_SYMBOLS[SUITS.index(m['trump'])]} trump"
    lines = [f"Two-handed Pinochle — hand {m['hand']}, {turned}, {'you' if m['dealer'] == 'you' else 'they'} dealt, "
             f"score {m['score']} (game {m['target']})", f"{m['deals']:,} deals, seed {m['seed']}, heuristic play", "",
             f"  {'player':<9} {'meld':>7} {'±se':>5} {'counters':>9} {'±se':>5} {'total':>7}"]
    for r in answer.table.itertuples():
        lines.append(f"  {r.player:<9} {r.mean_meld:>7.1f} {r.mean_meld_se:>5.1f} {r.mean_counters:>9.1f} "
                     f"{r.mean_counters_se:>5.1f} {r.mean_total:>7.1f}")
    lines += ["", f"P(you win the game): {pct(m['p_win'])} ({interval(m['p_win_lo'], m['p_win_hi'])}); "
                  f"called out by you {pct(m['p_called_out_you'])}, by them {pct(m['p_called_out_them'])}; "
                  f"{m['hands_per_game']:.2f} hands a game",
              f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


@pinochle.command()
@click.argument("hand")
@click.option("--players", type=click.Choice(["2"]), default="2", show_default=True,
              help="The two-handed game with a stock (phase 1: the stock not yet gone).")
@click.option("--trump", default=None, metavar="S|H|D|C",
              help="The trump suit (the card under the stock then unknown); or give --upcard.")
@click.option("--upcard", default=None, metavar="CARD", help="The card under the stock (it names the trump).")
@click.option("--seen", default=None, metavar="CARDS", help="The cards played to the tricks so far (both players').")
@click.option("--lead", default=None, metavar="CARD", help="The card your opponent led to this trick (none: you lead).")
@click.option("--melded", default=None, metavar="GROUPS",
              help='Your melds laid this hand, in order, comma-separated ("KS QS, AS AH AD AC"; a nine of trump '
                   'alone: the dix shown).')
@click.option("--their-melded", default=None, metavar="GROUPS", help="Your opponent's melds laid this hand, likewise.")
@simulation_options(default_deals=2_000, play_models=("heuristic",))
@output_options
def play(hand, players, trump, upcard, seen, lead, melded, their_melded, deals, seed, play, threads, rules, as_json,
         as_csv, plot_path):
    """Which card now, in phase 1 of two-handed Pinochle -- and should you win this trick to
    meld?  HAND: your 12 cards (those on your table too).  Your opponent's concealed cards
    and the stock's order are dealt at random from the unseen cards, each of your cards
    played in every world and the hand played on by the policy: your net gain for the rest
    of the hand, each card against the best on the same worlds, and how often it wins the
    trick."""
    from ..errors import InputError
    from ..games.pinochle.questions import play2

    if plot_path:
        raise InputError("--plot: not offered by play")
    answer = play2(hand, trump=trump, upcard=upcard, seen=seen, lead=lead, melded=melded, their_melded=their_melded,
                   deals=deals, seed=seed, threads=threads, rules=list(rules), progress=wants_progress(as_json),
                   play=play)
    emit(answer, as_json, as_csv, render_play)


def render_play(answer) -> str:
    m = answer.meta
    t = answer.table
    from ..cards import SUIT_SYMBOLS, SUITS

    if m.get("phase") == 2:
        who = f"your opponent led {m['lead']}" if m["lead"] else "you lead"
        lines = [f"Two-handed Pinochle — trick {m['trick']} (phase 2, solved exactly), "
                 f"{SUIT_SYMBOLS[SUITS.index(m['trump'])]} trump, {who}",
                 f"hand {m['hand']}; your opponent's {m['their_hand']}", "", f"  {'card':<5} {'points':>6}  {'vs best':>7}"]
        for r in t.itertuples():
            lines.append(f"{'→' if r.Index == 0 else ' '} {r.card:<5} {r.points:>6}  {r.vs_best:>+7}")
        lines += ["", "points: the counters you take from here on (this trick and the last trick's 10 included) with "
                      "perfect play by both", f"Recommendation: {answer.recommendation}"]
        return "\n".join(lines)
    under = (f"{m['upcard']} under the stock" if m["upcard"] else f"{SUIT_SYMBOLS[SUITS.index(m['trump'])]} trump")
    who = f"your opponent led {m['lead']}" if m["lead"] else "you lead"
    lines = [f"Two-handed Pinochle — trick {m['trick']} (phase 1), {under}, {who}; hand {m['hand']}; meld so far "
             f"{m['meld_so_far']} to {m['their_meld_so_far']}", f"{m['deals']:,} worlds, seed {m['seed']}, heuristic play",
             "", f"  {'card':<5} {'net':>7} {'±se':>5}  {'vs best':>7}  {'95% interval':>16}  {'wins trick':>10}"]
    for r in t.itertuples():
        mark = "→" if r.Index == 0 else " "
        lines.append(f"{mark} {r.card + ('*' if r.from_table else ''):<5} {r.net:>+7.1f} {r.net_se:>5.1f}  "
                     f"{r.vs_best:>+7.1f}  {r.vs_best_lo:>+7.1f} to {r.vs_best_hi:>+5.1f}  {pct(r.p_win_trick):>10}")
    lines += ["", "net: your meld and counters from now to the end of the hand minus your opponent's; * a card from "
                  "your table; vs best: the card's net minus the best's on the same worlds",
              f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


@pinochle.command("pass")
@click.argument("hand")
@click.option("--trump", required=True, metavar="S|H|D|C", help="The trump the declarer named.")
@click.option("--bid", "bid_", type=int, default=None, metavar="BID", help="The winning bid [default: the minimum].")
@click.option("--received", default=None, metavar="CARDS",
              help="You are the declarer: the 4 cards your partner passed you (HAND is then your 16 cards).")
@click.option("--top", type=click.IntRange(min=1), default=15, show_default=True,
              help="Rows to print (JSON and CSV have them all).")
@simulation_options(default_deals=20_000, play_models=("heuristic",))
@examples_option
@output_options
def pass_(hand, trump, bid_, received, top, deals, seed, play, threads, rules, examples, as_json, as_csv, plot_path):
    """Which four cards to pass?  As the declarer's partner (HAND: your 12 cards), or with
    --received as the declarer passing back (HAND: your 16 cards).  Every distinct set of
    four — or, when there are more than 40, the best 40 by the policy's card scores — and
    always the policy's own choice, played on the same deals and ranked by EV with 95%
    intervals.
    """
    from ..games.pinochle.questions import pass_cards as ask

    check_plot_path(plot_path)
    answer = ask(hand, trump, bid=bid_, received=received, deals=deals, seed=seed, play=play, threads=threads,
                 rules=list(rules), progress=wants_progress(as_json), examples=examples)
    if plot_path:
        from ..report.pinochle import plot_pass
        plot_pass(answer, plot_path, top)
    emit(answer, as_json, as_csv, lambda a: render_pass(a, top))


pass_.help = inspect.cleandoc(pass_.help) + "\n\n" + QUESTION_RULES_HELP


@pinochle.command()
@click.argument("hand")
@click.option("--trump", required=True, metavar="S|H|D|C", help="The trump you named.")
@click.option("--bid", "bid_", type=int, default=None, metavar="BID", help="The bid you won [default: the minimum].")
@click.option("--passed", default=None, metavar="CARDS",
              help="The 4 cards you passed back to your partner (dealt into his hand).")
@_worlds_option
@simulation_options(default_deals=100, play_models=("dd", "pimc", "heuristic"),
                    deals_help="40 with --play dd, 10 with --play pimc, 20,000 with --play heuristic")
@examples_option
@click.option("--players", type=click.Choice(["4", "3"]), default="4", show_default=True,
              help="3: the three-handed bidder's lead (HAND: his 15 cards after the burial; heuristic play, the "
                   "default there).")
@click.option("--buried", default=None, metavar="CARDS",
              help="Three-handed: the 3 cards you buried (their points count for you) [default: three unseen "
                   "cards at random].")
@output_options
def lead(hand, trump, bid_, passed, worlds, deals, seed, play, threads, rules, examples, players, buried, as_json,
         as_csv, plot_path):
    """Which card should you, the declarer, lead to the first trick?  HAND: your 12 cards
    after the passes.  Every distinct lead is played on the same deals (the other hands
    dealt at random from the cards you do not see), the rest double-dummy (dd),
    single-dummy at every seat (pimc) or by the heuristic players; ranked by P(make) --
    your side's saved meld plus trick points reach the bid -- and mean trick points, with
    paired 95% intervals against the best lead.
    """
    from ..games.pinochle.questions import lead as ask

    check_plot_path(plot_path)
    answer = ask(hand, trump, bid=bid_, passed=passed, deals=deals, seed=seed, play=play, worlds=worlds,
                 threads=threads, rules=list(rules), progress=wants_progress(as_json), examples=examples,
                 players=int(players), buried=buried)
    if plot_path:
        from ..report.pinochle import plot_lead
        plot_lead(answer, plot_path)
    emit(answer, as_json, as_csv, render_lead)


lead.help = inspect.cleandoc(lead.help) + "\n\n" + QUESTION_RULES_HELP
for _p in lead.params:        # each form's own default play: four-handed dd, three-handed heuristic
    if _p.name == "play":
        _p.default, _p.show_default = None, False
        _p.help = "Card-play model [default: dd; three-handed: heuristic]."


def render_lead(answer) -> str:
    m = answer.meta
    lines = [f"{'Three-handed ' if m.get('players') == 3 else ''}Pinochle — lead, as the "
             f"{'bidder' if m.get('players') == 3 else 'declarer'}; {_sym(m['trump'])} trump at {m['bid']}"
             + (f", {m['passed']} passed back" if m["passed"] else "")
             + (f", {m['buried']} buried" if m.get("buried") else ""),
             f"hand {m['hand']}; your meld {m['meld_yours']}",
             f"{m['deals']:,} deals; seed {m['seed']}, {m['play']} play"
             + (f" ({m['worlds']} worlds a card)" if m["worlds"] else "")
             + f" ({answer.extra.get('elapsed', 0):.1f} s)", ""]
    header = (f"  {'lead':<5} {'P(make)':>8} {'95% interval':>13} {'points':>7} {'vs best':>8} "
              f"{'paired 95%':>15} {'points vs best':>15}")
    lines += [header, "-" * len(header)]
    for i, r in enumerate(answer.table.itertuples()):
        mark = "→ " if i == 0 else "  "
        vs = "" if i == 0 else f"{100 * r.vs_best:+7.1f}% {interval(r.vs_best_lo, r.vs_best_hi):>15}"
        pv = "" if i == 0 else f"{r.points_vs_best:+7.1f} ({r.points_vs_best_lo:+.1f}, {r.points_vs_best_hi:+.1f})"
        lines.append(f"{mark}{r.lead:<5} {pct(r.p_make):>8} {interval(r.p_make_lo, r.p_make_hi):>13} "
                     f"{r.mean_points:7.1f} {vs:>24} {pv:>15}")
    lines += ["", ("points: your trick points" if m.get("players") == 3 else "points: your side's trick points")
              + " (the last trick's 10 included)", "",
              f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def _sym(suit: str | None) -> str:
    from ..cards import SUIT_SYMBOLS, SUITS
    return SUIT_SYMBOLS[SUITS.index(suit)] if suit else ""


def _run_line(answer) -> str:
    m = answer.meta
    cond = ""
    if m.get("effective_deals") and m["effective_deals"] < 0.99 * m["deals"]:
        cond = f" ({m['effective_deals']:,.0f} effective: weighted)"
    return (f"{m['deals']:,} deals; seed {m['seed']}, {m['play']} play ({answer.extra.get('elapsed', 0):.1f} s)"
            f"{cond}{unconditioned(m)}")


BID_WINDOW = 8      # bid rows printed either side of the recommended one


def render_bid(answer) -> str:
    m = answer.meta
    t = answer.table
    if m["auction"]:
        heard = " ".join(str(c) for c in m["auction"])
        where = f"after {heard!r}" + (f", the bid to beat {m['over']}" if m["over"] else "")
    elif m["over"]:
        where = f"over {m['over']}"
    else:
        where = "you open" + (" (the seats before you passed)" if m["seat"] > 1 else "")
    lines = [f"Pinochle — bid, seat {m['seat']} ({m['position']}), {where}",
             f"hand {m['hand']}; meld " + "  ".join(f"{_sym(s)} {v}" for s, v in m["meld"].items()),
             _run_line(answer), ""]
    from ..games.pinochle.questions import best_trump_rows
    best = best_trump_rows(t)
    bids = t[t["action"] == "bid"]
    header = (f"{'bid':>5} {'trump':<5} {'P(make)':>8} {'95% interval':>13} {'meld':>6} {'tricks':>6} {'EV':>8} "
              f"{'±se':>5}   P(make) by trump ♠ ♣ ♦ ♥")
    lines += [header, "-" * len(header)]
    rec = answer.best
    rows = list(best.itertuples())
    centre = next((i for i, r in enumerate(rows) if rec == f"bid {r.bid} {r.trump}"),
                  next((i for i, r in enumerate(rows) if r.p_make < 0.5), len(rows) - 1))
    lo, hi = max(0, centre - BID_WINDOW), min(len(rows), centre + BID_WINDOW + 1)
    for i, row in enumerate(rows):
        if i < lo or i >= hi:
            if i == lo - 1 or i == hi:
                lines.append(f"{'…':>5} ({lo if i < lo else len(rows) - hi} more bids: --json or --csv for all)")
            continue
        per = bids[bids["bid"] == row.bid].set_index("trump")["p_make"].reindex(list("SCDH"))
        mark = "→" if rec == f"bid {row.bid} {row.trump}" else " "
        lines.append(f"{mark}{row.bid:>4} {_sym(row.trump):<5} {pct(row.p_make):>8} "
                     f"{interval(row.p_make_lo, row.p_make_hi):>13} {row.mean_meld:6.0f} {row.mean_tricks:6.0f} "
                     f"{row.ev:+8.1f} {row.ev_se:5.1f}   "
                     + " ".join("  -" if per[s] != per[s] else f"{100 * per[s]:3.0f}" for s in "SCDH"))
    p = t[t["action"] == "pass"].iloc[0]
    pm = m["pass"]
    calls = t[t["action"] == "call"]
    mark = "→" if rec == "pass" and calls.empty else " "
    lines += [f"{mark}pass {'':<34}{p.ev:+8.1f} {p.ev_se:5.1f}   then: your side declares "
              f"{100 * pm['p_we_declare']:.0f}% (partner {100 * pm['p_partner_declares']:.0f}%), makes "
              f"{100 * pm['p_we_make']:.0f}%; they make {100 * pm['p_they_make']:.0f}%"]
    legend = "meld: your side's after the passes; tricks: its trick points"
    if not calls.empty:
        lines += _render_calls(calls, p, rec)
        legend = ("the rows above: if you declare at that bid naming that trump; " + legend + "; the calls: your "
                  "side's result for the whole hand after your call, the auction going on by the policy; vs best: "
                  "the call's EV minus the best call's on the same deals (95% interval)")
    lines += ["", legend + "; " + m["ev_meaning"], "", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def _render_calls(calls, p, rec) -> list[str]:
    """The "here" rows: pass and each bid, then the auction by the policy."""
    best_call = "pass" if rec == "pass" else " ".join(rec.split()[:2])
    rows = [("pass", p)] + [(f"bid {int(r.bid)}", r) for _, r in calls.iterrows()]
    centre = next((i for i, (name, _) in enumerate(rows) if name == best_call), 0)
    lo, hi = max(1, centre - BID_WINDOW), min(len(rows), centre + BID_WINDOW + 1)
    header = (f"  {'call':<9} {'EV':>8} {'±se':>5} {'vs best':>8} {'95% interval':>16}  {'we declare':>10} "
              f"{'we make':>8} {'they make':>9}")
    out = ["", "after your call, the auction going on by the policy:", header, "-" * len(header)]
    for i, (name, r) in enumerate(rows):
        if i and (i < lo or i >= hi):
            if i == lo - 1 or i == hi:
                out.append(f"  … ({lo - 1 if i < lo else len(rows) - hi} more bids: --json or --csv for all)")
            continue
        mark = "→" if name == best_call else " "
        out.append(f"{mark} {name:<9} {r.ev:+8.1f} {r.ev_se:5.1f} {r.vs_best:+8.1f} "
                   f"{r.vs_best_lo:+7.1f} to {r.vs_best_hi:+5.1f}  {pct(r.p_we_declare):>10} "
                   f"{pct(r.p_make):>8} {pct(r.p_they_make):>9}")
    return out


def render_pass(answer, top) -> str:
    m = answer.meta
    who = ("the declarer's partner, passing to the declarer" if m["role"] == "partner"
           else f"the declarer, passing back (received {m['received']})")
    lines = [f"Pinochle — pass, as {who}; {_sym(m['trump'])} trump at {m['bid']}",
             f"hand {m['hand']}; {m['candidates']} candidate passes", _run_line(answer), ""]
    w = max(12, max(len(c) for c in answer.table["cards"]))
    header = (f"  {'pass':<{w}} {'P(make)':>8} {'95% interval':>13} {'meld':>6} {'tricks':>6} {'EV':>8} {'±se':>5}")
    lines += [header, "-" * len(header)]
    for i, row in enumerate(answer.table.itertuples()):
        if i >= top:
            lines.append(f"  … {len(answer.table) - top} more (--top, --json or --csv for all)")
            break
        mark = "→ " if i == 0 else ("* " if row.policy else "  ")
        lines.append(f"{mark}{row.cards:<{w}} {pct(row.p_make):>8} {interval(row.p_make_lo, row.p_make_hi):>13} "
                     f"{row.mean_meld:6.0f} {row.mean_tricks:6.0f} {row.ev:+8.1f} {row.ev_se:5.1f}")
    if not answer.table.iloc[0]["policy"]:
        lines.append("* the policy's own choice")
    lines += ["", "meld: the declaring side's after both passes; tricks: its trick points; " + m["ev_meaning"],
              "", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)

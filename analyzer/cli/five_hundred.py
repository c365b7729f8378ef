"""``analyzer five-hundred`` (alias ``500``): bid, score, solve and equity."""

from __future__ import annotations

import click

from ..fmt import interval, pct
from .common import (check_plot_path, check_writable, condition_option, emit, emit_record, examples_option,
                     output_options, simulation_options, unconditioned, wants_progress)

BID_EXAMPLE = 'analyzer five-hundred bid "JK JH JD AH KH TH AS KS 7C 5D"'


@click.group()
def five_hundred():
    """Five Hundred (Australian rules, Avondale scoring).

    Cards: rank A K Q J T(10) 9..4 then suit S H D C (or ♠ ♥ ♦ ♣); the joker is JK.
    """


PLAYERS_OPTION = click.option("--players", type=int, default=4, show_default=True, metavar="N",
                              help="Players at the table, 2 to 6 (decks of 33, 33, 43, 53, 63 cards).")
WORLDS_OPTION = click.option("--worlds", type=int, default=None, metavar="W",
                             help="With --play pimc: sampled layouts per card played [default: 32].")

HERE_OPTIONS = [
    click.option("--seat", metavar="SEAT", default=None, help="Your seat: N, E, S or W [default: S, or whose turn "
                 "it is after --auction with --dealer]."),
    click.option("--dealer", metavar="SEAT", default=None,
                 help="Who dealt: N E S W [default: the seat on your right (you speak first), or what --auction "
                      "implies]."),
    click.option("--auction", metavar="CALLS", default=None,
                 help='The calls so far, from the dealer\'s left up to you, e.g. "7S pass pass" (bids, pass, MIS, '
                      'OPENMIS).'),
]


def _here_options(f):
    for opt in reversed(HERE_OPTIONS):
        f = opt(f)
    return f


@five_hundred.command()
@click.argument("hand")
@_here_options
@click.option("--score", metavar="US:THEM", default=None,
              help="The game score before this deal: adds P(winning the game) to every call, and the "
                   "recommendation maximises it.  At other table sizes one score per player or team, yours "
                   "first, then on round to your left (three players: 380:440:200).")
@click.option("--contract-only", is_flag=True,
              help="The old question: you contract each contract yourself (no auction after your call).")
@click.option("--over", metavar="BID", default=None,
              help="The bid to beat, held by your right-hand opponent (without --auction; nobody conditioned).")
@click.option("--contracts", metavar="LIST", default=None,
              help="Only these contracts' rows, e.g. 8H,8NT,MIS (pass stays).")
@condition_option
@simulation_options(default_deals=50_000, play_models=("heuristic", "dd", "pimc"),
                    deals_help="50,000; 200 with --play dd; 100 with pimc (200 a row with --contract-only)")
@WORLDS_OPTION
@PLAYERS_OPTION
@examples_option
@output_options
def bid(hand, seat, dealer, auction, score, contract_only, over, contracts, condition, deals, seed, play, threads,
        rules, worlds, players, examples, as_json, as_csv, plot_path):
    """What to call now with HAND (your 10 cards): every allowed bid and pass.

    The other hands are dealt to fit the calls heard (each seat that spoke makes its calls
    under the bidding policy; --condition none deals them uniformly); after your call the
    auction goes on by the policy (an opponent may outbid you, your partner may raise), the
    contract is played and scored.
    EV is your side's score minus theirs for the deal; with --score, P(win the game) from
    the score after it (`analyzer 500 equity`).  Rules options: misere=seven|any|none,
    misere_rank=ladder|value, joker_lead=any|last, joker_name=unled|not_void,
    auction=standard|american, own_raise=no|after_passes, defend_cap=none|490|480.

    --play pimc: single-dummy play at every seat (each card chosen in --worlds sampled
    layouts of the cards that player cannot see, solved double-dummy).
    """
    from ..games.five_hundred.questions import bid as ask

    check_plot_path(plot_path)
    answer = ask(hand, seat=seat, dealer=dealer, auction=auction, score=score, contract_only=contract_only,
                 over=over, contracts=contracts, deals=deals, seed=seed, play=play, threads=threads,
                 rules=list(rules), progress=wants_progress(as_json), worlds=worlds, players=players,
                 condition=condition, examples=examples)
    if "contract" in answer.table.columns:          # the old question (contract_only without an auction)
        if plot_path:
            from ..report.five_hundred import plot_trick_distribution
            plot_trick_distribution(answer, plot_path)
        emit(answer, as_json, as_csv, render_bid)
        return
    if plot_path:
        from ..report.five_hundred import plot_here
        plot_here(answer, plot_path)
    emit(answer, as_json, as_csv, render_here)


def render_bid(answer) -> str:
    t = answer.table
    m = answer.meta
    sd = m.get("play") == "pimc"
    model = f"single-dummy play ({m['worlds']} worlds a card)" if sd else f"{m['play']} play"
    lines = [f"Five Hundred — hand {m['hand']} (you contract each contract)",
             f"{m['deals']:,} deals, seed {m['seed']}, {model}"
             + (f", over {m['over']}" if m.get("over") else "")
             + f" ({answer.extra.get('elapsed', 0):.1f} s)", ""]
    header = f"{'contract':<12} {'P(make)':>7}  {'95% interval':>12}  {'tricks':>6}  {'EV':>6} {'±se':>5}"
    if sd:
        header += f"  {'heuristic':>9}  {'gain':>6}  {'95% interval':>14}"
    lines += [header, "-" * len(header)]
    for row in t.itertuples():
        flag = "" if row.allowed else "  (not allowed)"
        mark = "→ " if row.action == answer.best else "  "
        line = (f"{mark}{row.contract:<10} {pct(row.p_make):>7}  {interval(row.p_make_lo, row.p_make_hi):>12}"
                f"  {row.mean_tricks:6.2f}  {row.ev:+6.0f} {row.ev_se:5.1f}")
        if sd:
            giv = f"{100 * row.p_make_gain_lo:+.1f} to {100 * row.p_make_gain_hi:+.1f}"
            line += f"  {pct(row.p_make_heuristic):>9}  {100 * row.p_make_gain:>+6.1f}  {giv:>14}"
        lines.append(line + flag)
    if sd:
        lines += ["", "heuristic: P(make) by the heuristic players on the same deals; gain: single-dummy minus "
                  "heuristic, in points of P(make)"]
    lines += ["", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


@five_hundred.command()
@click.argument("hand")
@click.option("--contract", required=True, metavar="BID", help="The contract you play, e.g. 8H, 7NT, MIS.")
@click.option("--discards", metavar="CARDS", default=None,
              help="The 3 cards you put away (HAND then has your 13 cards: 10 and the kitty) [default: the "
                   "policy's exchange; with a 10-card HAND the discards are unknown].")
@simulation_options(default_deals=1_000, play_models=("dd", "pimc", "heuristic"),
                    deals_help="1,000 with --play dd; 40 with pimc; 20,000 with heuristic")
@WORLDS_OPTION
@PLAYERS_OPTION
@examples_option
@output_options
def lead(hand, contract, discards, deals, seed, play, threads, rules, worlds, players, examples, as_json, as_csv,
         plot_path):
    """Which card to lead to the first trick as contractor: every distinct lead with P(make)
    and mean tricks on the same deals, the rest played by --play (default: double-dummy).

    --players 2 to 6: the table's deck and sides (five players: five_partner=call|choose;
    six: six_teams=threes|pairs); --play dd and pimc where the double-dummy solver seats the table."""
    from ..games.five_hundred.questions import lead as ask

    check_plot_path(plot_path)
    answer = ask(hand, contract, discards=discards, deals=deals, seed=seed, play=play, worlds=worlds,
                 threads=threads, rules=list(rules), progress=wants_progress(as_json), players=players,
                 examples=examples)
    if plot_path:
        from ..report.five_hundred import plot_leads
        plot_leads(answer, plot_path)
    emit(answer, as_json, as_csv, render_lead)


def render_lead(answer) -> str:
    t = answer.table
    m = answer.meta
    model = {"dd": "double-dummy", "pimc": f"single-dummy ({m['worlds']} worlds a card)",
             "heuristic": "heuristic"}[m["play"]]
    table = "" if m.get("players", 4) == 4 else f", {m['players']} players"
    lines = [f"Five Hundred — lead to {m['contract']} with {m['hand']}"
             + (f" (discards {m['discards']})" if m.get("discards") else "") + table,
             f"{m['deals']:,} deals, seed {m['seed']}, the rest played {model} ({answer.extra.get('elapsed', 0):.1f} s)",
             ""]
    header = f"{'lead':<16} {'P(make)':>7}  {'95% interval':>12}  {'tricks':>6}  {'vs best':>7}  {'95% interval':>14}"
    lines += [header, "-" * len(header)]
    for row in t.itertuples():
        mark = "→ " if row.Index == 0 else "  "
        lead_ = row.lead if row.equivalent == row.lead else f"{row.lead} (={row.equivalent})"
        vs = "" if row.Index == 0 else f"{100 * row.vs_best:+.1f}"
        viv = "" if row.Index == 0 else f"{100 * row.vs_best_lo:+.1f} to {100 * row.vs_best_hi:+.1f}"
        lines.append(f"{mark}{lead_:<14} {pct(row.p_make):>7}  {interval(row.p_make_lo, row.p_make_hi):>12}"
                     f"  {row.mean_tricks:6.2f}  {vs:>7}  {viv:>14}")
    lines += ["", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def render_here(answer) -> str:
    t = answer.table
    m = answer.meta
    heard = " ".join(m["auction"]) or "(none)"
    lines = [f"Five Hundred — hand {m['hand']}, you are {m['seat']}, {m['dealer']} dealt, calls so far: {heard}",
             f"{m['deals']:,} deals ({m['effective_deals']:,.0f} effective), seed {m['seed']}, {m['play']} play"
             + (f", score {_score_text(m['score'])}" if m.get("score") else "")
             + (", you contract every row" if m.get("contract_only") else "")
             + unconditioned(m)
             + f" ({answer.extra.get('elapsed', 0):.1f} s)", ""]
    win = "p_win" in t
    header = (f"{'call':<12} {'P(make)':>7}  {'95% interval':>12}  {'we play':>7} {'they make':>9}  {'EV':>6} {'±se':>5}"
              + (f"  {'P(win)':>6}  {'95% interval':>12}" if win else ""))
    lines += [header, "-" * len(header)]
    for row in t.itertuples():
        mark = "→ " if row.action == answer.best else "  "
        made = "" if row.action == "pass" else pct(row.p_make)
        iv = "" if row.action == "pass" else interval(row.p_make_lo, row.p_make_hi)
        line = (f"{mark}{row.call:<10} {made:>7}  {iv:>12}  {pct(row.p_we_contract):>7} {pct(row.p_they_make):>9}"
                f"  {row.ev:+6.0f} {row.ev_se:5.1f}")
        if win:
            line += f"  {pct(row.p_win):>6}  {interval(row.p_win_lo, row.p_win_hi):>12}"
        lines.append(line)
    lines += ["", "P(make): when you play the contract you called; we play: your side ends up contracting; "
              "they make: the other side contracts and makes", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


@five_hundred.command("auction")
@click.argument("hand")
@_here_options
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help="A rule option (repeatable).")
@PLAYERS_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def auction_cmd(hand, seat, dealer, auction, rules, players, as_json):
    """The bidding policy's call for HAND now, and the evaluation behind it."""
    from ..games.five_hundred.questions import policy_call

    emit(policy_call(hand, seat=seat, dealer=dealer, auction=auction, rules=list(rules), players=players), as_json,
         False, render_policy)


def render_policy(answer) -> str:
    m = answer.meta
    heard = " ".join(m["auction"]) or "(none)"
    lines = [f"Five Hundred — hand {m['hand']}, you are {m['seat']}, {m['dealer']} dealt, calls so far: {heard}", ""]
    header = f"{'strain':<12} {'predicted':>9}  {'up to':>6}"
    lines += [header, "-" * len(header)]
    for row in answer.table.itertuples():
        lines.append(f"  {row.strain:<10} {row.predicted:>9}  {row.up_to:>6}")
    lines += ["", f"Policy's call: {answer.recommendation}"]
    return "\n".join(lines)


def _score_text(score: dict) -> str:
    if "us" in score:
        return f"{score['us']}:{score['them']}"
    return ", ".join(f"{u} {v}" for u, v in zip(score["units"], score["scores"]))


@five_hundred.command()
@click.argument("contract")
@click.argument("tricks", type=click.IntRange(0, 10))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def score(contract, tricks, as_json):
    """Both sides' points when CONTRACT takes TRICKS (e.g. 7S 10 → +250, slam)."""

    from ..games.five_hundred.bidding import parse_contract
    from ..games.five_hundred.scoring import score_record as ask

    record = ask(contract, tricks)
    c = parse_contract(contract)
    made = tricks == 0 if c.is_misere else tricks >= c.level

    def render(r):
        return (f"{c.label} with {tricks} trick{'s' if tricks != 1 else ''} "
                f"({'made' if made else 'failed'}): contractor {r['contractor']:+d}, opponents {r['opponents']:+d}")
    emit_record(record, as_json, render)


def read_deal_lines(path: str) -> list[str]:
    """Deals of a --file, one per line (blank lines and # comments skipped)."""
    from ..errors import InputError

    try:
        with open(path, encoding="utf-8") as fh:
            lines = [ln.strip() for ln in fh]
    except OSError as err:
        raise InputError(f"cannot read --file {path}: {err.strerror}") from None
    deals = [ln for ln in lines if ln and not ln.startswith("#")]
    if not deals:
        raise InputError(f"--file {path} has no deals")
    return deals


@five_hundred.command()
@click.option("--deal", "deal", metavar="DEAL", default=None,
              help='The deal: "N: ...; E: ...; S: ...; W: ...; K: ..." (K: the kitty).')
@click.option("--file", "file", metavar="DEALS", type=click.Path(dir_okay=False), default=None,
              help="Solve every deal of this file (one a line).")
@click.option("--contract", required=True, metavar="BID", help="e.g. 8H, 7NT, MIS.")
@click.option("--contractor", required=True, metavar="SEAT", help="N, E, S or W (leads first); at other table "
              "sizes the seats of --players (3: S W E; 5: S W NW NE E; 6: S SW NW N NE SE; 2: S N).")
@click.option("--no-kitty", is_flag=True, help="Solve the 10-card hands as given (no exchange).")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help="A rule option (repeatable).")
@PLAYERS_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print JSON (a list with --file).")
def solve(deal, file, contract, contractor, no_kitty, rules, players, as_json):
    """Double-dummy result of a deal: the contractor side's tricks with perfect play by
    everyone, and the value of each opening lead.  The contractor first exchanges with
    the kitty by the same policy as `bid` (unless --no-kitty)."""
    import json

    from ..errors import InputError
    from ..games.five_hundred.dd import solve_deal
    from ..tricks.dd import Solver

    if (deal is None) == (file is None):
        raise InputError("give exactly one of --deal or --file")
    deals = [deal] if file is None else read_deal_lines(file)
    solver = Solver(2.0)
    results = [solve_deal(d, contract, contractor, not no_kitty, list(rules), solver, players) for d in deals]
    if as_json:
        out = [{"players": r["players"], "contractor_tricks": r["contractor_tricks"], "made": r["made"],
                "nominated": r["nominated"], "discards": r["discards"], "leads": r["leads"]}
               | ({"partners": r["partners"]} if r["players"] != 4 else {})
               for r in results]
        click.echo(json.dumps(out if file is not None else out[0], ensure_ascii=False))
        return
    for i, r in enumerate(results):
        if file is not None:
            click.echo(f"deal {i + 1}: {deals[i]}")
        lines = [f"{r['contract']} by {r['contractor']}: {r['contractor_tricks']} trick"
                 f"{'s' if r['contractor_tricks'] != 1 else ''} with perfect play "
                 f"({'made' if r['made'] else 'failed'})"]
        if r["players"] != 4:
            lines.append(f"{r['players']} players; partners: {' '.join(r['partners']) or 'none'}")
        if r["discards"]:
            lines.append(f"discards: {r['discards']}")
        if r["nominated"]:
            lines.append(f"joker nominated as a {r['nominated']}")
        lines.append("leads: " + ", ".join(f"{x['card']} {x['tricks']}" for x in r["leads"]))
        click.echo("\n".join(lines))


@five_hundred.command()
@click.option("--score", "score", required=True, metavar="US:THEM",
              help="Both sides' scores, ours first, e.g. 380:440 (multiples of 10).")
@click.option("--dealer", default=None, metavar="us|them",
              help="The side that deals next (default: show both).")
@click.option("--deals", type=click.IntRange(min=1), default=None,
              help="Self-play deals behind the table [default: 1,000,000].")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True,
              help="Random seed of the self-play deals.")
@click.option("--threads", type=click.IntRange(min=1), default=None,
              help="Worker threads (default: all cores).")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
              help="A rule option (repeatable), e.g. defend_cap=490.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object and nothing else.")
@click.option("--table-out", "table_out", metavar="DIR", default=None,
              help="Also write equity.csv, equity.png and equity.md (the whole table) into DIR (refused if DIR "
                   "already holds them, unless --force).")
@click.option("--force", is_flag=True, help="Replace the equity files --table-out DIR already holds.")
def equity(score, dealer, deals, seed, threads, rules, as_json, table_out, force):
    """P(winning the game) at a score: ours and theirs (--score 380:440), with either side
    dealing next.

    The table behind it is an exact Markov chain over the game whose deal outcomes come
    from self-play deals (the policy's auction and play; it ignores the score).  It is
    built once for the rules, deals and seed and cached on disk (ANALYZER_CACHE, else
    ~/.cache/analyzer).  Rule options: those of bid (they shape the self-play deals)
    and defend_cap=none|490|480 (a side at or above that total scores nothing for
    defensive tricks).
    """
    import shlex

    from ..games.five_hundred.equity import equity as ask

    if table_out is not None:
        _check_table_out(table_out, force, click.get_current_context().params.get("resume", False))
    answer = ask(score, dealer=dealer, deals=deals, seed=seed, threads=threads, rules=list(rules),
                 progress=wants_progress(as_json))
    if table_out is not None:
        from ..report.five_hundred import write_equity_files

        args = ["analyzer", "five-hundred", "equity", "--score", answer.meta["score"]]
        args += ["--dealer", dealer] if dealer else []
        args += ["--deals", str(answer.meta["deals"]), "--seed", str(seed)]
        args += [a for r in rules for a in ("--rule", r)]
        args += ["--threads", str(threads)] if threads else []
        args += ["--table-out", table_out]
        write_equity_files(answer.extra["table"], table_out, shlex.join(args))
    emit(answer, as_json, False, render_equity)


def _check_table_out(folder: str, force: bool = False, resume: bool = False):
    import os

    from ..errors import InputError

    if os.path.exists(folder) and not os.path.isdir(folder):
        raise InputError(f"--table-out: {folder!r} is a file, not a folder")
    held = [f for f in ("equity.csv", "equity.md", "equity.png") if os.path.exists(os.path.join(folder, f))]
    if held and not (force or resume):
        raise InputError(f"--table-out: {folder} already holds {', '.join(held)} (another run's table); "
                         f"--force replaces them")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as err:
        raise InputError(f"--table-out: cannot create folder {folder!r}: {err.strerror}") from None
    check_writable(os.path.join(folder, "equity.csv"), "--table-out")


def render_equity(answer) -> str:
    m = answer.meta
    source = (f"table from the cache (built in {m['build_seconds']:.1f} s)" if m["cached"]
              else f"table built in {m['build_seconds']:.1f} s")
    lines = [f"Five Hundred — P(win the game) at {m['us']}:{m['them']} (us:them)",
             f"{m['deals']:,} self-play deals, seed {m['seed']}; {source}", ""]
    for row in answer.table.itertuples():
        lines.append(f"  {'we deal next' if row.we_deal else 'they deal next':<16}{pct(row.p_win)}")
    other = 1 - m["p_thrown"] - m["p_dealer_contracts"]
    lines += ["", f"One deal: thrown in {pct(m['p_thrown']).strip()}, the dealing side contracts "
                  f"{pct(m['p_dealer_contracts']).strip()}, the other side {pct(other).strip()}; "
                  f"mean points {m['mean_points_dealer_side']:+.0f} (dealing side), "
                  f"{m['mean_points_other_side']:+.0f} (other side)"]
    corner = "us \\ them"
    for who, grid in answer.extra["neighbourhood"].items():
        lines += ["", f"P(win), {'we' if who == 'us' else 'they'} deal next "
                      f"(rows: our score, columns: theirs; [ ] this score)"]
        lines.append(f"{corner:>10}" + "".join(f"{c:>8}" for c in grid.columns))
        for us, vals in grid.iterrows():
            cells = "".join((f"[{pct(v)}]" if (us, c) == (m["us"], m["them"]) else f" {pct(v)} ")
                            for c, v in vals.items())
            lines.append(f"{us:>10}{cells}".rstrip())
    return "\n".join(lines)

#!/usr/bin/env python
"""Benchmarks (never timed tests).  Each section measures ours next to a baseline taken
in the same run, since the shared machines are noisy: ratios mean more than times.

    python scripts/bench.py              # every section
    python scripts/bench.py deal play500 # chosen sections
    python scripts/bench.py --quick      # small sizes (smoke test)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

HAND = "JK JH JD AH KH TH AS KS 7C 5D"
OPTIONS = argparse.Namespace(deals=0, values=None)   # main's --deals and --values (pinochle_dd)


def best_of(fn, repeats=3, clock=time.perf_counter):
    """Least time of ``repeats`` calls.  ``clock=time.thread_time`` gives a per-thread CPU
    time that other people's jobs on the shared machine cannot dilute (they still cost
    cache and turbo)."""
    times = []
    for _ in range(repeats):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return min(times)


def section_deal(quick):
    """Dealing 43-card Five Hundred deals (4 hands + kitty) into bitmasks, one thread."""
    from analyzer.sim.deal import _deal_batch
    from analyzer.sim.rng import seed_key

    n = 200_000 if quick else 2_000_000
    pool = np.arange(43, dtype=np.int64)
    counts = np.array([3, 10, 10, 10, 10], np.int64)
    fixed = np.zeros(5, np.uint64)
    out = np.empty((n, 5), np.uint64)
    key = seed_key(1)
    _deal_batch(key, 0, 1000, pool, counts, fixed, out)  # warm-up (compile)
    ours = best_of(lambda: _deal_batch(key, 0, n, pool, counts, fixed, out))

    rng = np.random.default_rng(1)
    m = n // 4
    base = np.broadcast_to(np.arange(43, dtype=np.int8), (m, 43))
    weights = np.uint64(1) << np.arange(43, dtype=np.uint64)

    def numpy_deal():
        perm = rng.permuted(base, axis=1)
        bits = weights[perm]
        # hands as masks, like ours: kitty + 4 hands
        np.bitwise_or.reduce(bits[:, :3], axis=1)
        for k in range(4):
            np.bitwise_or.reduce(bits[:, 3 + 10 * k: 13 + 10 * k], axis=1)

    def numpy_permuted_only():
        rng.permuted(base, axis=1)

    base_t = best_of(numpy_deal) * n / m
    perm_t = best_of(numpy_permuted_only) * n / m
    print(f"deal: ours {n / ours / 1e6:.2f} M deals/s per thread; numpy Generator.permuted "
          f"{n / perm_t / 1e6:.2f} M/s (shuffle only), {n / base_t / 1e6:.2f} M/s (shuffle + masks); "
          f"ratio ours/permuted {perm_t / ours:.1f}x")


def _play_rate(kinds, n, threads, players=4):
    from analyzer.games.five_hundred.deck import table
    from analyzer.games.five_hundred.questions import simulate_tricks
    from analyzer.games.five_hundred.rules import Options

    tab = table(players)
    hand = tab.deck.parse_cards(HAND) if players == 4 else list(range(tab.deck.size - 11, tab.deck.size - 1))
    simulate_tricks(hand, kinds, 64, 0, Options(), threads=1, tab=tab)  # warm-up (every kind pair booked, as the question does)
    t = best_of(lambda: simulate_tricks(hand, kinds, n, 0, Options(), threads=threads, tab=tab), 2)
    return n * len(kinds) / t


def section_sizes500(quick):
    """Five Hundred at every table size: heuristic play-outs (bid mix, deal + kitty
    exchange + 10 tricks, 1 thread; the four-handed figure is the same run's baseline) and
    double-dummy solves of full deals (seat 0 contracts after the exchange, one thread)."""
    from analyzer.games.five_hundred import dd as d5
    from analyzer.games.five_hundred.deck import table
    from analyzer.games.five_hundred.play import relabel as to_layout
    from analyzer.games.five_hundred.questions import byte_tables
    from analyzer.games.five_hundred.rules import MISERE, Options, rule_tables, sides_rule
    from analyzer.sim.deal import deal_batch
    from analyzer.tricks.dd import MAX_SEATS

    n = 20_000 if quick else 200_000
    rates = {p: _play_rate(list(range(7)), n, 1, p) for p in (4, 2, 3, 5, 6)}
    print("sizes500: heuristic bid mix, 1 thread: " + ", ".join(
        f"{p} players {r / 1e6:.2f} M hands/s (x{r / rates[4]:.2f})" for p, r in rates.items()))
    n_dd = 12 if quick else 100
    for p in (2, 3, 4, 5, 6):
        if p > MAX_SEATS:
            print(f"sizes500: dd {p} players: the solver takes at most {MAX_SEATS} seats")
            continue
        tab = table(p)
        n_hands = tab.n_seats + tab.dead_hands
        deals = deal_batch(7, 0, n_dd + 1, np.arange(tab.deck.size, dtype=np.int64),
                           np.array([3] + [10] * n_hands, np.int64))
        tables = rule_tables(Options(), tab)
        bts = byte_tables(tab)
        tt, stats, work = d5.new_dd_table(), d5.new_stats(), np.zeros(8, np.int64)
        hands = np.empty(tab.n_seats, np.uint64)
        sides = np.int64(sides_rule(p))
        per, every = [], []
        from analyzer.games.five_hundred.rules import DD_MISERE_MAX_ACTIVE, misere_seats
        strains = ((3, "H"), (4, "NT"), (5, "MIS")) if misere_seats(p) <= DD_MISERE_MAX_ACTIVE else ((3, "H"), (4, "NT"))
        for strain, name in strains:
            times = []
            for k, d in enumerate(deals):
                for s in range(tab.n_seats):
                    hands[s] = to_layout(d[1 + s], bts[strain])
                kitty = np.uint64(to_layout(d[0], bts[strain]))
                t0 = time.perf_counter()
                d5.dd_deal_table(tables[strain], hands, kitty, np.int64(tab.n_seats), sides, np.int64(0),
                                 strain == MISERE, tt, stats, work)
                if k:  # the first call compiles
                    times.append(time.perf_counter() - t0)
            per.append(f"{name} {np.median(times) * 1e3:.2f}")
            every += times
        print(f"sizes500: dd {p} players, {n_dd} deals x H/NT/MIS: {_dist_ms(every)} per solve; median ms "
              + ", ".join(per))


def section_play500(quick):
    """Heuristic Five Hundred play-outs (deal + kitty exchange + 10 tricks by all seats)."""
    n = 20_000 if quick else 200_000
    per_kind = []
    for kind, name in enumerate(("S", "C", "D", "H", "NT", "MIS", "OPENMIS")):
        per_kind.append((name, _play_rate([kind], n // 2, 1)))
    kinds = list(range(7))
    one = _play_rate(kinds, n, 1)
    two = _play_rate(kinds, n, 2)
    print("play500: " + ", ".join(f"{k} {r / 1e6:.2f}M/s" for k, r in per_kind))
    print(f"play500: bid mix (7 play-outs a deal): 1 thread {one / 1e6:.2f} M hands/s, "
          f"2 threads {two / 1e6:.2f} M hands/s (x{two / one:.2f})")


def section_bid_cli(quick):
    """Wall time of the CLI bid question (--contract-only: you contract every contract),
    start-up included; and the cold compile time."""
    cmd = [sys.executable, "-m", "analyzer.cli.main", "five-hundred", "bid", HAND, "--contract-only"]
    if quick:
        cmd += ["--deals", "10000"]
    env = dict(os.environ)
    subprocess.run(cmd, capture_output=True, env=env, check=True)  # make sure the cache is warm
    warm = []
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run(cmd, capture_output=True, env=env, check=True)
        warm.append(time.perf_counter() - t0)
    with tempfile.TemporaryDirectory() as cache:
        env_cold = dict(env, NUMBA_CACHE_DIR=cache)
        t0 = time.perf_counter()
        subprocess.run(cmd + ["--deals", "1"], capture_output=True, env=env_cold, check=True)
        cold = time.perf_counter() - t0
    start = [sys.executable, "-c", "import analyzer.cli.main"]
    t0 = time.perf_counter()
    subprocess.run(start, capture_output=True, check=True)
    imp = time.perf_counter() - t0
    deals = "10,000" if quick else "100,000"
    print(f"bid_cli: `analyzer five-hundred bid --contract-only` with {deals} deals: median {statistics.median(warm):.2f} s wall "
          f"(kernels cached; CLI import alone {imp:.2f} s); cold compile run {cold:.1f} s")


def section_sheepshead(quick):
    """Heuristic Sheepshead hands: deal + picking round + bury + call + 6 tricks (or a
    leaster), every seat by the policy; next to dealing alone (same run, same layout)."""
    from analyzer.games.sheepshead.deck import DECK
    from analyzer.games.sheepshead.questions import simulate_hands, simulate_pick
    from analyzer.games.sheepshead.rules import RULES, Options
    from analyzer.sim.deal import _deal_batch
    from analyzer.sim.rng import seed_key

    n = 100_000 if quick else 1_000_000
    simulate_hands(1000, 0, threads=1)          # warm-up (compile)
    one = n / best_of(lambda: simulate_hands(n, 1, threads=1), clock=time.thread_time)
    one_wall = n / best_of(lambda: simulate_hands(n, 1, threads=1))
    two = 2 * n / best_of(lambda: simulate_hands(2 * n, 2, threads=2), 2)
    pool = np.array([b for b in range(64) if (int(RULES[8]) >> b) & 1], np.int64)
    counts = np.array([2, 6, 6, 6, 6, 6], np.int64)
    out = np.empty((n, 6), np.uint64)
    _deal_batch(seed_key(1), 0, 1000, pool, counts, np.zeros(6, np.uint64), out[:1000])
    deal = n / best_of(lambda: _deal_batch(seed_key(1), 0, n, pool, counts, np.zeros(6, np.uint64), out),
                       clock=time.thread_time)
    hand = DECK.parse_cards("QC QS JD AD 7H 8S")
    simulate_pick(hand, 1, 1000, 0, Options(), threads=1)
    m = n // 4
    # seat 2: seat 1 is dealt only hands it passes with (rejection), so every deal is played
    pick_t = best_of(lambda: simulate_pick(hand, 1, m, 0, Options(), threads=1), clock=time.thread_time)
    print(f"sheepshead: heuristic hands (pick round + bury + call + 6 tricks), 1 thread: "
          f"{one / 1e6:.2f} M hands/s CPU time ({one_wall / 1e6:.2f} M/s wall); 2 threads {two / 1e6:.2f} M/s wall; "
          f"dealing alone {deal / 1e6:.2f} M deals/s (hands cost {deal / one:.1f}x a deal)")
    print(f"sheepshead: pick question (seat 2; pick, alone and pass played on each deal): "
          f"{m / pick_t / 1e6:.2f} M deals/s, {3 * m / pick_t / 1e6:.2f} M play-outs/s, 1 thread CPU time")
    from analyzer.games.sheepshead import questions

    late = [("pick", questions.pick, "QC QS JD AD 7H 8S", questions.DEFAULT_PICK_DEALS),
            ("bury", questions.bury, "QC QS JD AD 7H 8S KH TC", questions.DEFAULT_BURY_DEALS)]
    for name, ask, cards, deals in late:
        deals = deals // 10 if quick else deals
        _late_seat_question(f"sheepshead: `{name}` from seat 5 (seats 1-4 passed)", ask, (cards,),
                            dict(seat=5, deals=deals))


def _late_seat_question(label, ask, args, kw):
    """Wall time of a question asked from a seat that speaks late (the earlier seats'
    passes condition the deal), 1 thread and 2, with its effective deals (kernels warm)."""
    ask(*args, **{**kw, "deals": 500}, threads=1)
    times = {}
    for threads in (1, 2):
        t0 = time.perf_counter()
        a = ask(*args, **kw, threads=threads)
        times[threads] = time.perf_counter() - t0
    m = a.meta
    eff = m.get("effective_deals")
    how = (f"{eff:,.0f} effective, acceptance {100 * m['acceptance']:.3g}%" if eff is not None
           else f"{m['deals']:,} counted")
    print(f"{label}, {kw['deals']:,} deals ({how}): {times[1]:.2f} s wall 1 thread, "
          f"{times[2]:.2f} s 2 threads; best {a.best}")


def _dist_ms(times):
    a = np.array(times) * 1e3
    return f"median {np.median(a):.2f} ms, p90 {np.percentile(a, 90):.2f}, max {a.max():.1f}"


def section_dd500(quick):
    """Double-dummy Five Hundred: full 10-card deals (random, seat 0 contracts after the
    kitty exchange), one solve per deal and contract strain, one thread."""
    from analyzer.games.five_hundred import dd as d5
    from analyzer.games.five_hundred.play import relabel as to_layout
    from analyzer.games.five_hundred.questions import BYTE_TABLES
    from analyzer.games.five_hundred.rules import MISERE, Options, rule_tables
    from analyzer.sim.deal import deal_batch

    n = 40 if quick else 300
    deals = deal_batch(7, 0, n, np.arange(43, dtype=np.int64), np.array([3, 10, 10, 10, 10], np.int64))
    tables = rule_tables(Options())
    tt, stats, work = d5.new_dd_table(), d5.new_stats(), np.zeros(8, np.int64)
    hands = np.empty(4, np.uint64)
    every = []
    per = []
    for strain, name in enumerate(("S", "C", "D", "H", "NT", "MIS")):
        times = []
        for k, d in enumerate(deals):
            for s in range(4):
                hands[s] = to_layout(d[1 + s], BYTE_TABLES[strain])
            kitty = np.uint64(to_layout(d[0], BYTE_TABLES[strain]))
            t0 = time.perf_counter()
            d5.dd_deal(tables[strain], hands, kitty, 0, strain == MISERE, tt, stats, work)
            if k:  # the first call compiles
                times.append(time.perf_counter() - t0)
        per.append(f"{name} {np.median(times) * 1e3:.2f}")
        every += times
    print(f"dd500: {len(deals) - 1} full deals x 6 strains, 1 thread, {tt.nbytes / 2**20:.1f} MB table: "
          f"{_dist_ms(every)} per solve")
    print("dd500: median ms by strain: " + ", ".join(per))


def _six_handed_rules(strain):
    """A rule vector of six-handed Five Hundred's 63-card deck in the layout the solver
    takes for it: each effective suit (spades, clubs, diamonds, hearts) a contiguous
    range of bits in power order from bit 0, the trump suit 17 (black) or 18 (red) cards
    with the bowers and the joker at its top, the jack's partner suit one card short; in
    no-trumps the joker free at bit 63.  ``strain``: 0..3 a trump suit, 4 no-trumps."""
    from analyzer.tricks.tables import R_DECK, R_FREE, R_SUIT, R_TRUMP, R_TRUMP_SUIT, new_rules

    widths = [15, 15, 16, 16]
    if strain < 4:
        widths[strain] += 2
        widths[strain ^ 1] -= 1   # spades/clubs and diamonds/hearts share a colour
    rules = new_rules()
    base = 0
    for s, w in enumerate(widths):
        rules[R_SUIT + s] = np.uint64(((1 << w) - 1) << base)
        rules[R_DECK] |= rules[R_SUIT + s]
        base += w
    if strain < 4:
        rules[R_TRUMP] = rules[R_SUIT + strain]
        rules[R_TRUMP_SUIT] = strain
    else:
        rules[R_FREE] = rules[R_TRUMP] = np.uint64(1 << 63)
        rules[R_DECK] |= rules[R_FREE]
    return rules


def section_dd6(quick):
    """Double-dummy at a table of six in the wide layout (six-handed Five Hundred's deck,
    17-18 trumps): random full 10-card deals (3 cards left out), seat 0 leads, two teams
    of three (seats 0, 2, 4 against 1, 3, 5), one solve a deal and strain, one thread."""
    import random

    from analyzer.tricks.dd import S_NODES, Solver
    from analyzer.tricks.tables import R_DECK

    n = 10 if quick else 100
    solver = Solver(16.0)
    rng = random.Random(6)
    every = []
    per = []
    for strain, name in enumerate(("S", "C", "D", "H", "NT")):
        rules = _six_handed_rules(strain)
        cards = [b for b in range(64) if (int(rules[R_DECK]) >> b) & 1]
        times = []
        nodes = []
        for k in range(n + 1):
            rng.shuffle(cards)
            hands = [sum(1 << b for b in cards[10 * h:10 * h + 10]) for h in range(6)]
            solver.stats[:] = 0
            t0 = time.perf_counter()
            solver.solve(rules, hands, 0, 0b010101)
            if k:  # the first call may compile
                times.append(time.perf_counter() - t0)
                nodes.append(int(solver.stats[S_NODES]))
        per.append(f"{name} {np.median(times) * 1e3:.1f} ({int(np.median(nodes)):,} nodes)")
        every += times
    print(f"dd6: {n} random six-hand 10-card deals x 5 strains, teams of three, 1 thread, 16 MB table: "
          f"{_dist_ms(every)} per solve")
    print("dd6: median ms by strain: " + ", ".join(per))


def section_ddbridge(quick):
    """Double-dummy bridge vs DDS (endplay) on the same random deals, one thread each,
    identical trick counts required."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import validate_dds

    from analyzer.games.bridge.play import BRIDGE_TABLE_MB
    from analyzer.tricks.dd import Solver

    reason = validate_dds.dds_available()
    if reason:
        print(f"ddbridge: skipped ({reason})")
        return
    n, cards = (30, 10) if quick else (200, 13)
    deals = validate_dds.random_deals(n, cards, seed=1)
    solver = Solver(BRIDGE_TABLE_MB)
    validate_dds.compare(deals[:1], solver)
    rows = validate_dds.compare(deals, solver)
    s = validate_dds.summary(rows)
    o, d = s["ours_ms"], s["dds_ms"]
    print(f"ddbridge: {n} random {cards}-card deals, seed 1: {s['agree']}/{n} identical trick counts")
    print(f"ddbridge: ours median {o['median']:.2f} ms, p90 {o['p90']:.1f}, max {o['max']:.0f}; "
          f"DDS median {d['median']:.2f} ms, p90 {d['p90']:.1f}, max {d['max']:.0f}; "
          f"ratio ours/DDS median {s['median_ratio']:.2f}x, total time {s['total_ratio']:.2f}x")


def _euchre_random_rate(n_players, n, threads=1):
    """Whole random Euchre hands (deal, bidding by policy, pickup, 5 tricks, score) per second
    of thread CPU time and of wall time."""
    from analyzer.games.euchre.bidding import DEFAULT_POLICY
    from analyzer.games.euchre.deck import DECKS, nat_bits
    from analyzer.games.euchre.play import random_chunk
    from analyzer.games.euchre.rules import rule_tables
    from analyzer.sim.rng import seed_key

    pool = np.array(nat_bits(DECKS[24]), np.int64)
    counts = np.array([1] + [5] * n_players + [24 - 1 - 5 * n_players], np.int64)
    tables = rule_tables(24)
    hist = np.zeros((2, 9), np.int64)
    key = seed_key(1)
    random_chunk(key, 0, 1000, pool, counts, n_players, tables, 0, DEFAULT_POLICY, hist)  # compile
    cpu, wall = [], []
    for _ in range(5):
        c0, w0 = time.thread_time(), time.perf_counter()
        random_chunk(key, 0, n, pool, counts, n_players, tables, 0, DEFAULT_POLICY, hist)
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - w0)
    return n / min(cpu), n / min(wall)


def section_euchre(quick):
    """Heuristic Euchre hands (deal + bidding by policy + dealer's pickup + 5 tricks), one
    thread, next to Five Hundred play-outs measured in the same run; and the order question."""
    n = 100_000 if quick else 1_000_000
    two_cpu, two_wall = _euchre_random_rate(2, n)
    four_cpu, four_wall = _euchre_random_rate(4, n)
    five = _play_rate([3], (n // 10), 1)   # Five Hundred hearts play-outs, wall time
    print(f"euchre: two-handed {two_cpu / 1e6:.2f} M hands/s per thread (CPU time; wall "
          f"{two_wall / 1e6:.2f}), target 3.0; four-handed {four_cpu / 1e6:.2f} M/s (wall "
          f"{four_wall / 1e6:.2f}), target 1.5")
    print(f"euchre: baseline in the same run, Five Hundred ♥ play-outs {five / 1e6:.2f} M/s wall: "
          f"ratio two-handed/500 {two_wall / five:.1f}x, four-handed/500 {four_wall / five:.1f}x")
    from analyzer.games.euchre.questions import order

    deals = 20_000 if quick else 200_000
    order("JH JD AH 9S KC", "9H", dealer="them", deals=1000, threads=1)
    t0 = time.perf_counter()
    a = order("JH JD AH 9S KC", "9H", dealer="them", deals=deals, threads=1)
    t = time.perf_counter() - t0
    t0 = time.perf_counter()
    b = order("JH JD AH 9S KC", "9H", players=4, seat=3, deals=deals, threads=1)
    t4 = time.perf_counter() - t0
    print(f"euchre: `order` question, {deals:,} deals, 1 thread: two-handed {t:.2f} s "
          f"({deals * len(a.table) / t / 1e6:.2f} M play-outs/s), four-handed seat 3 {t4:.2f} s "
          f"({deals * len(b.table) / t4 / 1e6:.2f} M play-outs/s, incl. dealing to the passes)")
    from analyzer.games.euchre.questions import DEFAULT_DEALS, call

    deals = DEFAULT_DEALS // 10 if quick else DEFAULT_DEALS
    for label, ask, args, kw in [
            ("`call`, four-handed dealer (seven passes before)", call, ("JH JD AH KH QH", "9S"),
             dict(players=4, seat=4)),
            ("`call`, two-handed dealer (three passes before)", call, ("QS KS AC 9D TD", "9H"),
             dict(players=2, seat=2)),
            ("`order`, four-handed dealer (three passes before)", order, ("JH JD AH 9S KC", "9H"),
             dict(players=4, seat=4))]:
        _late_seat_question(f"euchre: {label}", ask, args, dict(kw, deals=deals))


def section_report_euchre(quick):
    """The Euchre strategy-report survey (a deal number = one two-handed and one four-handed
    deal, every open action played out) on 1 and 2 threads, and the whole
    `analyzer report euchre` command (kernels cached) with its tables and charts."""
    from analyzer.games.euchre.survey import run_survey

    n = 100_000 if quick else 1_000_000
    run_survey(1000, threads=1)   # compile
    c0, w0 = time.thread_time(), time.perf_counter()
    run_survey(n, threads=1)
    cpu1, wall1 = time.thread_time() - c0, time.perf_counter() - w0
    w0 = time.perf_counter()
    run_survey(n, threads=2)
    wall2 = time.perf_counter() - w0
    total = _report_command_wall("euchre", n)
    print(f"report_euchre: survey of {n:,} deals: 1 thread {cpu1:.2f} s CPU ({wall1:.2f} s wall), "
          f"2 threads {wall2:.2f} s wall ({wall1 / wall2:.2f}x); whole `analyzer report euchre "
          f"--deals {n} --threads 2` (with its double-dummy section) {total:.1f} s wall")


def _report_command_wall(game, n, *extra):
    """Wall time of the whole `analyzer report GAME` command (kernels cached)."""
    with tempfile.TemporaryDirectory() as out:
        w0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "analyzer.cli.main", "report", game, "--deals",
                        str(n), "--threads", "2", "--out", out, *extra], check=True, cwd=ROOT,
                       stdout=subprocess.DEVNULL, env=dict(os.environ, PYTHONPATH=ROOT))
        return time.perf_counter() - w0


def section_report500(quick):
    """The whole Five Hundred report command on 2 threads, kernels cached: heuristic only
    (the issue's target: 1,000,000 deals in <= 30 s), next to its survey alone."""
    from analyzer.games.five_hundred.survey import run_survey

    n = 100_000 if quick else 1_000_000
    _report_command_wall("five-hundred", 1000, "--dd-deals", "0", "--pimc-deals", "0")   # compile
    w0 = time.perf_counter()
    run_survey(n, threads=2)
    survey = time.perf_counter() - w0
    total = _report_command_wall("five-hundred", n, "--dd-deals", "0", "--pimc-deals", "0")
    print(f"report500: `analyzer report five-hundred --deals {n} --threads 2 --dd-deals 0 --pimc-deals 0` "
          f"{total:.1f} s wall (target 30 s for 1,000,000); its survey alone {survey:.1f} s wall")


def section_sheepshead_dd(quick):
    """Double-dummy Sheepshead with the points objective: policy-picked hands from random
    deals (picking round, bury, call), solved by the shared solver with the called-suit
    duties; per deal, thread CPU time.  The score needs only the class of the picker
    side's points (the question's solve, zero-window searches at the thresholds); the exact
    points (MTD(f)) are timed on the same deals as the baseline."""
    import random

    from analyzer.games.sheepshead.bidding import random_picked_deals
    from analyzer.games.sheepshead.dd import (
        DD_RULES,
        new_dd_table,
        new_stats,
        solve_class,
        solve_points,
    )
    from analyzer.games.sheepshead.play import TRACE_COLS, play_called
    from analyzer.games.sheepshead.rules import PTS, RULES

    n = 40 if quick else 400
    tt, stats, work = new_dd_table(), new_stats(), np.zeros(8, np.int64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    t_class, t_exact = [], []
    for hands, picker, partner, called, bury in random_picked_deals(random.Random(1)):
        if len(t_class) >= n + 1:
            break
        bp = int(sum(PTS[b] for b in range(64) if (int(bury) >> b) & 1))
        guess = int(play_called(RULES, hands.copy(), 0, picker, partner, called, np.uint64(0), trace, False) >> 3)
        t0 = time.thread_time()
        solve_class(DD_RULES, hands, picker, partner, called, bp, guess, tt, stats, work)
        t1 = time.thread_time()
        solve_points(DD_RULES, hands, picker, partner, called, guess, tt, stats, work)
        t2 = time.thread_time()
        t_class.append(t1 - t0)
        t_exact.append(t2 - t1)
    t_class, t_exact = np.array(t_class[1:]) * 1e3, np.array(t_exact[1:]) * 1e3   # the first compiles
    print(f"sheepshead_dd: {n} policy-picked deals, points objective, 1 thread CPU time: scoring class "
          f"median {np.median(t_class):.2f} ms (mean {t_class.mean():.2f}, 90% {np.percentile(t_class, 90):.1f}, "
          f"max {t_class.max():.0f}); exact points median {np.median(t_exact):.2f} ms (mean {t_exact.mean():.2f}); "
          f"target median <= 5 ms")


def _euchre_bid_deals(n_players, count, seed):
    """Random 24-card deals that the policy auction made (redeals skipped), after the
    dealer's pickup and discard: per deal (trump, layout hands (5), leader, seat out or
    -1, maker, cards known out of play, dealer, the dealer's discard)."""
    from analyzer.games.euchre.bidding import DEFAULT_POLICY
    from analyzer.games.euchre.deck import DECKS, nat_bits
    from analyzer.games.euchre.play import NO_SEAT, auction, prepare_play
    from analyzer.games.euchre.rules import rule_tables

    rng = np.random.default_rng(seed)
    pool = np.array(nat_bits(DECKS[24]), np.int64)
    tables = rule_tables(24)
    out = []
    while len(out) < count:
        cards = rng.permutation(pool)
        hands = np.array([sum(1 << int(b) for b in cards[5 * p:5 * p + 5]) for p in range(n_players)],
                         np.uint64)
        up = np.uint64(1 << int(cards[5 * n_players]))
        dealer = len(out) % n_players
        maker, trump, alone, rnd = auction(hands, n_players, dealer, up, 0, 2 * n_players, -2, 0, 0,
                                           DEFAULT_POLICY)
        if maker == NO_SEAT:
            continue
        lay = np.zeros(5, np.uint64)
        leader, sits_out, known, dealer_known = prepare_play(tables, hands, lay, n_players, dealer, up,
                                                             maker, trump, alone, rnd, np.uint64(0), 0)
        out.append((int(trump), lay, leader, sits_out, maker, known, dealer, dealer_known))
    return tables, out


def section_euchre_dd(quick):
    """Double-dummy Euchre: random deals bid by the policies, after the pickup and discard,
    solved for the makers' tricks (``dd.solve_tricks``, exact, searches starting from the
    heuristic play-out's result, as the questions do); each deal solved ``reps`` times in
    one kernel call (the table's generation bumped each time, so nothing is reused) to
    take the call overhead out; one thread, thread CPU time.  Baseline on the same deals:
    the heuristic play-out of the five tricks (``play.play_tricks``)."""
    from numba import njit

    from analyzer.games.euchre.dd import new_dd_table, new_stats, solve_tricks
    from analyzer.games.euchre.play import TRACE_COLS, play_tricks

    @njit(cache=True)
    def repeat(rules, hands, n, leader, out, maker, known, dealer, dealer_known, reps, dd, guess,
               tt, stats, work, scratch, trace):
        total = 0
        for _ in range(reps):
            for p in range(hands.shape[0]):
                scratch[p] = hands[p]
            if dd:
                total += solve_tricks(rules, scratch, n, leader, out, maker, guess, tt, stats, work)
            else:
                total += play_tricks(rules, scratch, n, leader, out, maker, known, dealer,
                                     dealer_known, trace, False)
        return total

    count, reps = (200, 5) if quick else (2000, 20)
    tt, stats, work = new_dd_table(), new_stats(), np.zeros(1, np.int64)
    scratch, trace = np.zeros(5, np.uint64), np.empty((1, TRACE_COLS), np.int64)
    for n in (2, 4):
        tables, deals = _euchre_bid_deals(n, count + 1, seed=11)
        dd_us, heur_us = [], []
        for k, (trump, lay, leader, out, maker, known, dealer, dk) in enumerate(deals):
            args = (tables[trump], lay, n, leader, out, maker, known, dealer, dk)
            guess = repeat(*args, 1, False, -1, tt, stats, work, scratch, trace)
            t0 = time.thread_time()
            repeat(*args, reps, False, -1, tt, stats, work, scratch, trace)
            t1 = time.thread_time()
            repeat(*args, reps, True, guess, tt, stats, work, scratch, trace)
            t2 = time.thread_time()
            if k:  # the first call compiles
                heur_us.append((t1 - t0) / reps * 1e6)
                dd_us.append((t2 - t1) / reps * 1e6)
        d, h = np.array(dd_us), np.array(heur_us)
        target = 50 if n == 2 else 1000
        print(f"euchre_dd: {'two' if n == 2 else 'four'}-handed, {count} policy-bid deals, "
              f"{tt.nbytes / 2**20:.1f} MB table, 1 thread CPU time: solve median {np.median(d):.1f} us, "
              f"p90 {np.percentile(d, 90):.1f}, max {d.max():.0f} (target median <= {target} us); "
              f"heuristic play-out on the same deals median {np.median(h):.2f} us: "
              f"ratio of medians {np.median(d) / np.median(h):.0f}x")


def section_pinochle(quick):
    """Pinochle: dealing the 48 cards into four 12-card hands (next to numpy's permuted),
    whole heuristic hands (auction by policy, both passes, meld, throw-in, 12 tricks) on 1
    and 2 threads, and the bid question's wall time at its default deals."""
    from analyzer.games.pinochle.questions import simulate_hands
    from analyzer.sim.deal import _deal_batch
    from analyzer.sim.rng import seed_key

    n = 200_000 if quick else 2_000_000
    pool = np.arange(64, dtype=np.int64)[(np.arange(64) & 15) < 12]
    counts = np.full(4, 12, np.int64)
    out = np.empty((n, 4), np.uint64)
    fixed = np.zeros(4, np.uint64)
    _deal_batch(seed_key(1), 0, 1000, pool, counts, fixed, out[:1000])
    deal = n / best_of(lambda: _deal_batch(seed_key(1), 0, n, pool, counts, fixed, out), clock=time.thread_time)
    rng = np.random.default_rng(1)
    m = n // 4
    base = np.broadcast_to(np.arange(48, dtype=np.int8), (m, 48))
    perm = m / best_of(lambda: rng.permuted(base, axis=1), clock=time.thread_time)
    print(f"pinochle: dealing 48 cards into 4 masks {deal / 1e6:.2f} M deals/s per thread (target 5); numpy "
          f"Generator.permuted {perm / 1e6:.2f} M/s (shuffle only): {deal / perm:.1f}x")
    h = n // 10
    simulate_hands(1000, 0, threads=1)          # compile
    one = h / best_of(lambda: simulate_hands(h, 1, threads=1), clock=time.thread_time)
    two = 2 * h / best_of(lambda: simulate_hands(2 * h, 2, threads=2), 2)
    print(f"pinochle: heuristic hands (auction, passes, meld, throw-in, 12 tricks) {one / 1e3:.0f} k hands/s "
          f"per thread CPU time (target 300); 2 threads {two / 1e3:.0f} k/s wall ({two / one:.2f}x); "
          f"a hand costs {deal / one:.1f} deals")
    hand = "AS TS KS QS JS QS JD KD QD 9H AC AC"
    cmd = [sys.executable, "-m", "analyzer.cli.main", "pinochle", "bid", hand]
    env = dict(os.environ, PYTHONPATH=ROOT)
    subprocess.run(cmd + ["--deals", "100"], check=True, cwd=ROOT, stdout=subprocess.DEVNULL, env=env)   # compile
    walls = []
    for extra in ([], ["--seat", "2"]):
        w0 = time.perf_counter()
        subprocess.run(cmd + extra, check=True, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env=env)
        walls.append(time.perf_counter() - w0)
    print(f"pinochle: `analyzer pinochle bid HAND` wall, start-up included, kernels cached: seat 1 (100,000 "
          f"deals) {walls[0]:.2f} s (target 3); seat 2 after a pass (20,000 deals, dealt to the pass) "
          f"{walls[1]:.2f} s")

def section_pinochle_forms(quick):
    """Pinochle's three forms side by side, one thread, CPU time: whole heuristic hands of
    the four-handed game (auction, passes, meld, 12 tricks), the three-handed survey's
    deals (the classified bidder's hand and a self-play hand: two fifteen-trick play-outs
    a deal) and two-handed hands (24 tricks with the stock, the melds and the draws; the
    ``deal`` question's games, counted by the hands played)."""
    from analyzer.games.pinochle import two
    from analyzer.games.pinochle.questions import simulate_hands
    from analyzer.games.pinochle.rules import Options2
    from analyzer.games.pinochle.survey3 import run_survey3
    from analyzer.sim.rng import seed_key

    h = 20_000 if quick else 200_000
    simulate_hands(1000, 0, threads=1)
    four = h / best_of(lambda: simulate_hands(h, 1, threads=1), clock=time.thread_time)
    run_survey3(1000, 0, threads=1)
    d3 = h // 4
    three = d3 / best_of(lambda: run_survey3(d3, 1, threads=1), clock=time.thread_time)
    o = Options2()
    pts = two.points_table(o)
    stats = np.zeros(two.N_S, np.int64)
    two.deal_chunk(seed_key(1), 0, 100, np.uint64(0), -1, -1, 1, pts, np.int64(o.flags), two.POLICY, 0, 0, 1000,
                   stats)
    g = h // 8

    def games():
        stats[:] = 0
        two.deal_chunk(seed_key(2), 0, g, np.uint64(0), -1, -1, 1, pts, np.int64(o.flags), two.POLICY, 0, 0, 1000,
                       stats)
    t2 = best_of(games, clock=time.thread_time)
    hands2 = stats[two.S_HANDS] / t2
    print(f"pinochle forms: four-handed {four / 1e3:.0f} k hands/s; three-handed survey {three / 1e3:.0f} k deals/s "
          f"(two play-outs each: {2 * three / 1e3:.0f} k hands/s); two-handed {hands2 / 1e3:.0f} k hands/s "
          f"({g / t2 / 1e3:.1f} k games/s, {stats[two.S_HANDS] / g:.2f} hands a game); per thread CPU time")


def section_pinochle_dd(quick):
    """Double-dummy Pinochle: policy-bid deals (the auction, the partner's pass and the
    pass back by the policies, hands thrown in skipped: ``dd.policy_deals``) solved by the
    shared solver for the declaring side's trick points from the declarer's lead, per deal
    thread CPU time and search nodes: the scoring class (one zero-window search,
    ``reaches``) at the bid (target: the bid less the side's meld, at least 1) and at the
    heuristic players' result on the same deal (target: the points they take, the harder
    question), and the exact points (``solve_points``, MTD(f) from the heuristic's
    result); the heuristic play-out of the same deals as the baseline.  ``--deals N``
    (default 200, 30 with --quick): how many deals; ``--values FILE``: each deal's answers
    and node counts written to FILE as JSON (or, if FILE exists, compared with it: values
    must agree; node ratios printed)."""
    import json
    import random
    from itertools import islice

    from analyzer.games.pinochle.dd import new_dd_table, new_stats, policy_deals, reaches, solve_points
    from analyzer.games.pinochle.play import TRACE_COLS, card_tables, play_hand
    from analyzer.games.pinochle.rules import rule_tables
    from analyzer.tricks.dd import S_NODES

    n = OPTIONS.deals or (30 if quick else 200)
    deals = list(islice(policy_deals(random.Random(1)), n + 1))
    rules4 = rule_tables(objective_points=True)
    plain4, vals4 = rule_tables(), card_tables()
    tt, stats, work = new_dd_table(), new_stats(), np.zeros(8, np.int64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    t_bid, t_heur, t_exact, t_play = [], [], [], []
    n_bid, n_heur, n_exact, rows = [], [], [], []
    for trump, hands, declarer, bid, meld, heur in deals:
        rules = rules4[trump]
        stats[S_NODES] = 0
        t0 = time.thread_time()
        r_bid = reaches(rules, hands, declarer, max(1, bid - meld), tt, stats, work)
        t1 = time.thread_time()
        n_bid.append(int(stats[S_NODES]))
        stats[S_NODES] = 0
        r_heur = reaches(rules, hands, declarer, heur, tt, stats, work)
        t2 = time.thread_time()
        n_heur.append(int(stats[S_NODES]))
        stats[S_NODES] = 0
        value = solve_points(rules, hands, declarer, heur, tt, stats, work)
        t3 = time.thread_time()
        n_exact.append(int(stats[S_NODES]))
        reps = 100
        for _ in range(reps):
            play_hand(plain4[trump], vals4[trump], hands.copy(), np.int64(declarer), trace, False, np.int64(0),
                      np.uint64(0))
        t4 = time.thread_time()
        t_bid.append(t1 - t0)
        t_heur.append(t2 - t1)
        t_exact.append(t3 - t2)
        t_play.append((t4 - t3) / reps)
        rows.append([bool(r_bid), bool(r_heur), int(value), n_bid[-1], n_heur[-1], n_exact[-1]])
    t_bid, t_heur, t_exact = t_bid[1:], t_heur[1:], t_exact[1:]   # the first deal compiles
    play_us = np.median(t_play[1:]) * 1e6

    def _nodes(a):
        return f"nodes median {int(np.median(a[1:])):,}, p90 {int(np.percentile(a[1:], 90)):,}, max {max(a[1:]):,}"

    print(f"pinochle_dd: {n} policy-bid deals, {tt.nbytes / 2**20:.1f} MB table, 1 thread CPU time: "
          f"class at the bid {_dist_ms(t_bid)} ({_nodes(n_bid)})")
    print(f"pinochle_dd: class at the heuristic's points {_dist_ms(t_heur)} (target median <= 5 ms, p90 <= 25, "
          f"max <= 1 s; {_nodes(n_heur)})")
    print(f"pinochle_dd: exact points {_dist_ms(t_exact)} (target median <= 50 ms; {_nodes(n_exact)})")
    print(f"pinochle_dd: heuristic play-out of the same deals median {play_us:.2f} us "
          f"(class at the heuristic's points {np.median(t_heur) * 1e6 / play_us:,.0f}x that)")
    _pinochle_tail(deals[1:], [r[2] for r in rows[1:]], {"class at the heuristic's points": n_heur[1:],
                                                          "exact points": n_exact[1:]})
    if OPTIONS.values:
        if os.path.exists(OPTIONS.values):
            with open(OPTIONS.values) as f:
                old = json.load(f)
            m = min(len(old), len(rows))
            bad = [i for i in range(m) if old[i][:3] != rows[i][:3]]
            print(f"pinochle_dd: against {OPTIONS.values}: {m} deals, {len(bad)} with other answers {bad[:10]}")
            for k, name in ((3, "class at the bid"), (4, "class at the heuristic's points"), (5, "exact")):
                r = [rows[i][k] / max(1, old[i][k]) for i in range(1, m)]
                tot = sum(rows[i][k] for i in range(1, m)) / max(1, sum(old[i][k] for i in range(1, m)))
                print(f"pinochle_dd: nodes now/then, {name}: median ratio {np.median(r):.3f}, total {tot:.3f}")
        else:
            with open(OPTIONS.values, "w") as f:
                json.dump(rows, f)


def _pinochle_tail(deals, values, nodes):
    """What the tenth of the deals with the most nodes of each search has in common, against
    the rest: the declaring side's and the opponents' trumps, the longest suit in any hand,
    the voids, the exact value (means); and each one's rank correlation with the nodes."""
    lane = 0xFFF

    def count(x):
        return bin(int(x)).count("1")

    shape = []
    for (trump, hands, declarer, *_), value in zip(deals, values):
        tr = [count((int(h) >> (16 * trump)) & lane) for h in hands[:4]]
        suits = [count((int(h) >> (16 * s)) & lane) for h in hands[:4] for s in range(4)]
        shape.append((tr[declarer] + tr[declarer ^ 2], tr[declarer ^ 1] + tr[declarer ^ 3], max(suits),
                      suits.count(0), value))
    shape = np.array(shape, np.float64)
    names = ("declaring side's trumps", "opponents' trumps", "longest suit", "voids", "value")

    def ranks(a):
        return np.argsort(np.argsort(a, kind="stable"), kind="stable").astype(np.float64)

    for what, n_nodes in nodes.items():
        a = np.array(n_nodes, np.float64)
        tail = a >= np.percentile(a, 90)
        cells = ", ".join(f"{name} {shape[tail, j].mean():.2f} / {shape[~tail, j].mean():.2f} "
                          f"(rank corr. {np.corrcoef(ranks(shape[:, j]), ranks(a))[0, 1]:+.2f})"
                          for j, name in enumerate(names))
        print(f"pinochle_dd: {what}, the tenth with the most nodes ({int(tail.sum())} deals, mean "
              f"{a[tail].mean():,.0f} nodes) / the rest ({a[~tail].mean():,.0f}): {cells}")


def section_pinochle_meld(quick):
    """Pinochle meld of random 12-card hands in all four trumps (``meld_batch``), one
    thread CPU time; baselines in the same run on the same masks: numpy counting each
    hand's cards per suit (``np.bitwise_count``, one vectorized pass per suit) and the
    plain-Python reference meld per hand."""
    from analyzer.games.pinochle.deck import BIT_OF, LANE, counts_of
    from analyzer.games.pinochle.meld import meld_batch
    from tests.reference import pinochle as ref

    n = 200_000 if quick else 2_000_000
    rng = np.random.default_rng(1)
    perm = rng.permuted(np.broadcast_to(np.arange(48, dtype=np.int8), (n, 48)), axis=1)[:, :12]
    masks = np.bitwise_or.reduce(np.uint64(1) << BIT_OF[perm].astype(np.uint64), axis=1)
    out = np.empty((n, 4), np.int64)
    rates = {}
    for reuse in (False, True):
        meld_batch(masks[:1000], reuse, out[:1000])        # warm-up (compile)
        rates[reuse] = n / best_of(lambda: meld_batch(masks, reuse, out), clock=time.thread_time)

    def numpy_suit_counts():
        for lane in LANE:
            np.bitwise_count(masks & lane)

    numpy_rate = n / best_of(numpy_suit_counts, clock=time.thread_time)
    m = 200 if quick else 2000
    counts = [counts_of(int(x)).tolist() for x in masks[:m]]
    ref_rate = m / best_of(lambda: [ref.meld(c, t) for c in counts for t in range(4)], 1, clock=time.thread_time)
    print(f"pinochle_meld: meld of {n:,} random 12-card hands in all four trumps, 1 thread CPU time: "
          f"{rates[False] / 1e6:.1f} M hands/s ({rates[True] / 1e6:.1f} M/s with run_marriage_reuse; target >= 10 M); "
          f"numpy np.bitwise_count of the four suits of the same masks {numpy_rate / 1e6:.1f} M hands/s "
          f"(ours {rates[False] / numpy_rate:.1f}x); plain-Python reference {ref_rate:,.0f} hands/s "
          f"(ours {rates[False] / ref_rate:,.0f}x)")
def _gin_rummy_hands(n, seed=1):
    """OpenSpiel's gin rummy, two simple bots, ``n`` hands; seconds per hand (thread CPU)."""
    import random

    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    params = game.get_parameters()
    bots = [pyspiel.make_simple_gin_rummy_bot(params, p) for p in range(2)]
    rng = random.Random(seed)

    def hand():
        s = game.new_initial_state()
        for b in bots:
            b.restart()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
            else:
                s.apply_action(bots[s.current_player()].step(s))

    hand()
    t0 = time.thread_time()
    for _ in range(n):
        hand()
    return (time.thread_time() - t0) / n


def section_rummy(quick):
    """Rummy 500 heuristic hands (deal + every turn to the end of the hand, every seat by
    strategy), 4 players, 1 and 2 threads; OpenSpiel's gin rummy simple bot playing hands in
    the same run; the take and discard commands at their default deals, wall time with
    start-up (kernels cached)."""
    from analyzer.games.rummy500.questions import simulate_hands

    n = 10_000 if quick else 100_000
    simulate_hands(500, 0, threads=1)                                   # warm-up (compile)
    rates = {}
    for strat in ("holder", "greedy", "greedy,holder,piler,random"):
        simulate_hands(200, 0, strategies=strat, threads=1)
        cpu = best_of(lambda: simulate_hands(n, 1, strategies=strat, threads=1), clock=time.thread_time)
        wall1 = best_of(lambda: simulate_hands(n, 1, strategies=strat, threads=1), 2)
        wall2 = best_of(lambda: simulate_hands(2 * n, 2, strategies=strat, threads=2), 2)
        rates[strat] = (n / cpu, n / wall1, 2 * n / wall2)
    run, layout = simulate_hands(n, 1, threads=1)
    glob = layout.unpack(run.stats)["glob"]
    gin = _gin_rummy_hands(20 if quick else 200)
    for strat, (one, one_wall, two) in rates.items():
        print(f"rummy: {strat} hands, 4 players: {one:,.0f} hands/s per thread (CPU time), 1 thread "
              f"{one_wall:,.0f}/s wall, 2 threads {two:,.0f}/s wall (x{two / one_wall:.2f} the 1-thread wall)")
    print(f"rummy: holder self-play: {glob[2] / max(glob[0], 1):.4f} truncated searches a hand, "
          f"{glob[1]} rule violations; OpenSpiel gin rummy simple bot: {gin * 1e3:.2f} ms a hand "
          f"({1 / gin:,.0f} hands/s, 1 thread CPU): ours (holder) x{rates['holder'][0] * gin:.0f}")
    env = dict(os.environ)
    cmds = {"take": ["take", "--hand", "5H 6H 9C 2S KD QC 4D", "--pile", "7H 8S 3C"],
            "discard": ["discard", "--hand", "5H 6H 9C 2S KD QC 4D 7H", "--pile", "8S 3C"]}
    for name, args in cmds.items():
        cmd = [sys.executable, "-m", "analyzer.cli.main", "rummy500", *args]
        if quick:
            cmd += ["--deals", "1000"]
        subprocess.run(cmd, capture_output=True, env=env, check=True)   # warm the cache
        warm = []
        for _ in range(3):
            t0 = time.perf_counter()
            subprocess.run(cmd, capture_output=True, env=env, check=True)
            warm.append(time.perf_counter() - t0)
        print(f"rummy: `analyzer rummy500 {name}` (default deals), wall incl. start-up: median "
              f"{statistics.median(warm):.2f} s (target <= 5 s)")


def _wall(cmd, env, repeats=3):
    """Median wall time of ``cmd`` after one warm-up run."""
    subprocess.run(cmd, capture_output=True, env=env, check=True)
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        subprocess.run(cmd, capture_output=True, env=env, check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def section_here500(quick):
    """Five Hundred "here": `bid --auction "7S pass pass"` at its default deals (three seats
    dealt to fit their calls, every call played on), the same with --score (the equity
    table cached), `equity` from the cached table, and building the equity table (self-play
    deals + the exact solve) in a fresh cache; next to the contract-only question at its
    100,000 deals in the same run (the baseline)."""
    import json
    hand = "AH KH QH 9H 8H AS 7S AD 5C 6C"
    base = [sys.executable, "-m", "analyzer.cli.main", "500"]
    env = dict(os.environ)
    extra = ["--deals", "10000"] if quick else []
    baseline = _wall(base + ["bid", hand, "--contract-only"] + extra, env)
    here = base + ["bid", hand, "--seat", "S", "--dealer", "S", "--auction", "7S pass pass"] + extra
    t_here = _wall(here, env)
    out = json.loads(subprocess.run(here + ["--json"], capture_output=True, env=env, check=True, text=True).stdout)
    rates = ", ".join(f"{k} {100 * v:.1f}%" for k, v in out["acceptance"].items())
    eq_deals = 200_000 if quick else 10_000_000
    with tempfile.TemporaryDirectory() as cache:
        env_c = dict(env, ANALYZER_CACHE=cache)
        t0 = time.perf_counter()
        subprocess.run(base + ["equity", "--score", "0:0", "--deals", str(eq_deals)], capture_output=True, env=env_c,
                       check=True)
        build = time.perf_counter() - t0
        size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(cache) for f in fs)
        t_equity = _wall(base + ["equity", "--score", "380:440", "--deals", str(eq_deals)], env_c)
    t_score = _wall(here + ["--score", "380:440"], env)    # its warm-up run builds the table if it is missing
    print(f"here500: bid --auction '7S pass pass' ({out['deals']:,} deals, {out['effective_deals']:,.0f} effective, "
          f"{out['hands_drawn_per_deal']:.0f} hands drawn a deal; acceptance {rates}): {t_here:.2f} s wall; "
          f"with --score {t_score:.2f} s; baseline contract-only bid {baseline:.2f} s (ratio {t_here / baseline:.2f}); "
          f"equity from the cached table {t_equity:.2f} s; equity table build ({eq_deals:,} self-play deals + "
          f"solve, start-up included) {build:.1f} s, {size / 1e6:.1f} MB on disk")


def _pimc500_deals(strain, level, n, worlds, mode, seed=7):
    """Per-deal times (s, one thread) and results of single-dummy play at every seat on
    random Five Hundred deals, seat 0 contracting ``level`` in ``strain``."""
    from analyzer.games.five_hundred import pimc
    from analyzer.games.five_hundred.questions import BYTE_TABLES
    from analyzer.games.five_hundred.rules import MISERE, rule_tables
    from analyzer.sim.deal import deal_batch
    from analyzer.tricks.dd import S_SIZE, new_table
    tables = rule_tables()
    deals = deal_batch(seed, 0, n, np.arange(43), np.array([3, 10, 10, 10, 10]))
    tt = new_table(16)
    stats = np.zeros(S_SIZE, np.int64)
    genbox = np.ones(1, np.int64)
    trace = np.zeros((40, 4), np.int64)
    work = np.zeros(tables.shape[1], np.uint64)
    bt = BYTE_TABLES[strain]
    times, results = [], []
    for i in range(n):
        hands = np.array([pimc.relabel(deals[i, 1 + s], bt) for s in range(4)], np.uint64)
        kitty = np.uint64(pimc.relabel(deals[i, 0], bt))
        t0 = time.thread_time()
        r = pimc.pimc_deal(tables[strain], hands, kitty, np.int64(0), np.bool_(strain == MISERE), np.bool_(False),
                           np.int64(level), np.int64(15), np.int64(worlds), np.int64(mode), np.uint64(i), tt, stats,
                           genbox, trace, np.bool_(False), work)
        times.append(time.thread_time() - t0)
        results.append(r)
    return times, results


def section_pimc500(quick):
    """Five Hundred single-dummy play at every seat, W = 32 worlds a card, one thread: the
    time a deal (median, p90) in 8H and 7NT on random deals, next to the plain method
    (every world, every legal card, exact values: ``choose_plain``) on the first deals of
    the same set; both decide the same cards."""
    from analyzer.games.five_hundred.pimc import MODE_PLAIN, MODE_SAMPLE
    n = 20 if quick else 200
    n_plain = 4 if quick else 20
    _pimc500_deals(3, 8, 2, 32, MODE_SAMPLE)           # warm-up (compile)
    _pimc500_deals(3, 8, 1, 32, MODE_PLAIN)
    for strain, level, name in ((3, 8, "8H"), (4, 7, "7NT")):
        t, r = _pimc500_deals(strain, level, n, 32, MODE_SAMPLE)
        tp, rp = _pimc500_deals(strain, level, n_plain, 32, MODE_PLAIN)
        assert r[:n_plain] == rp, "the plain method decided differently"
        ours = statistics.median(t[:n_plain])
        plain = statistics.median(tp)
        print(f"pimc500 {name}: {1000 * statistics.median(t):.1f} ms a deal median, p90 "
              f"{1000 * float(np.percentile(t, 90)):.1f} ms, max {1000 * max(t):.0f} ms ({n} deals, W=32, one thread); "
              f"on the first {n_plain}: {1000 * ours:.1f} ms against the plain method's {1000 * plain:.1f} ms "
              f"(x{plain / ours:.1f}, the same results)")


def _pimc500_table_times(players, strain, level, n, worlds, seed=7, options=None):
    """Per-deal times (s, thread CPU) and results of single-dummy play at every seat at a
    table of ``players`` (``pimc.pimc_deal_table``), seat 0 contracting ``level`` in
    ``strain`` after the kitty exchange, on random deals of that table's deck."""
    from analyzer.games.five_hundred import pimc
    from analyzer.games.five_hundred.deck import table
    from analyzer.games.five_hundred.questions import byte_tables
    from analyzer.games.five_hundred.rules import MISERE, Options, rule_tables, sides_rule
    from analyzer.sim.deal import deal_batch
    from analyzer.tricks.dd import S_SIZE, new_table
    tab = table(players)
    options = options or Options()
    tables = rule_tables(options, tab)
    deals = deal_batch(seed, 0, n, np.arange(tab.deck.size), np.array([3] + [10] * (tab.n_seats + tab.dead_hands)))
    tt = new_table(16)
    stats = np.zeros(S_SIZE, np.int64)
    genbox = np.ones(1, np.int64)
    trace = np.zeros((10 * tab.n_seats, 4), np.int64)
    work = np.zeros(tables.shape[1], np.uint64)
    bt = byte_tables(tab)[strain]
    n_seats, sides = np.int64(tab.n_seats), np.int64(sides_rule(players, options))
    times, results = [], []
    for i in range(n):
        hands = np.array([pimc.relabel(deals[i, 1 + s], bt) for s in range(tab.n_seats)], np.uint64)
        kitty = np.uint64(pimc.relabel(deals[i, 0], bt))
        t0 = time.thread_time()
        r = pimc.pimc_deal_table(tables[strain], hands, kitty, n_seats, sides, np.int64(0),
                                 np.bool_(strain == MISERE), np.bool_(False), np.int64(level),
                                 np.int64((1 << tab.n_seats) - 1), np.int64(worlds), np.int64(pimc.MODE_SAMPLE),
                                 np.uint64(i), tt, stats, genbox, trace, np.bool_(False), work)
        times.append(time.thread_time() - t0)
        results.append(int(r))
    return times, results


def section_pimc500_sizes(quick):
    """Five Hundred single-dummy play at every seat at 2, 3 and 5 players beside the
    four-handed table, W = 32 worlds a card, one thread CPU time: the time a deal (median,
    p90) in 8H and 7NT on random deals of each table's deck (five-handed: the called
    partner, the sides world by world; and the named partner), seat S contracting."""
    from analyzer.games.five_hundred.rules import Options
    n = 8 if quick else 60
    _pimc500_table_times(5, 3, 8, 1, 32)                 # warm-up (compile)
    for strain, level, name in ((3, 8, "8H"), (4, 7, "7NT")):
        parts = []
        for players, options, label in ((4, None, "4"), (2, None, "2"), (3, None, "3"), (5, None, "5 call"),
                                         (5, Options(five_partner="choose"), "5 choose")):
            t, r = _pimc500_table_times(players, strain, level, n, 32, options=options)
            parts.append(f"{label}: {1000 * statistics.median(t):.1f} ms (p90 {1000 * float(np.percentile(t, 90)):.0f}, "
                         f"made {sum(x >= level for x in r)}/{n})")
        print(f"pimc500_sizes {name} ({n} deals a size, W=32, one thread, median a deal): " + "; ".join(parts))


def _pimc_euchre_deals(n_players, count, seed):
    """``_euchre_bid_deals`` with the upcard the dealer picked up (layout; 0 when turned
    down): the arguments of ``pimc.play_out_pimc`` a deal."""
    from analyzer.games.euchre.bidding import DEFAULT_POLICY
    from analyzer.games.euchre.deck import DECKS, nat_bits
    from analyzer.games.euchre.pimc import held_upcard
    from analyzer.games.euchre.play import NO_SEAT, auction, prepare_play
    from analyzer.games.euchre.rules import rule_tables

    rng = np.random.default_rng(seed)
    pool = np.array(nat_bits(DECKS[24]), np.int64)
    tables = rule_tables(24)
    out = []
    while len(out) < count:
        cards = rng.permutation(pool)
        hands = np.array([sum(1 << int(b) for b in cards[5 * p:5 * p + 5]) for p in range(n_players)], np.uint64)
        up = np.uint64(1 << int(cards[5 * n_players]))
        dealer = len(out) % n_players
        maker, trump, alone, rnd = auction(hands, n_players, dealer, up, 0, 2 * n_players, -2, 0, 0, DEFAULT_POLICY)
        if maker == NO_SEAT:
            continue
        lay = np.zeros(n_players, np.uint64)
        leader, sits_out, known, dk = prepare_play(tables, hands, lay, n_players, dealer, up, maker, trump, alone,
                                                   rnd, np.uint64(0), 0)
        out.append((tables[trump], lay, np.int64(n_players), np.int64(leader), np.int64(sits_out), np.int64(maker),
                    np.uint64(known), np.int64(dealer), np.uint64(dk),
                    np.uint64(held_upcard(up, trump, rnd, dealer, sits_out)), np.bool_(True)))
    return out


def _pimc_euchre_times(deals, worlds, mode):
    """Per-deal times (s, thread CPU) and makers' tricks of Euchre single-dummy play at every
    seat on ``deals`` (``_pimc_euchre_deals``), ``worlds`` worlds a card."""
    from analyzer.games.euchre import pimc
    from analyzer.games.euchre.dd import new_dd_table, new_stats
    tt, stats = new_dd_table(), new_stats()
    genbox = np.ones(1, np.int64)
    trace = np.zeros((1, 4), np.int64)
    times, results = [], []
    for i, args in enumerate(deals):
        n = int(args[2])
        args = (args[0], args[1].copy()) + args[2:]
        t0 = time.thread_time()
        r = pimc.play_out_pimc(*args, np.int64((1 << n) - 1), np.int64(worlds), np.int64(mode), np.int64(-1),
                               np.uint64(i), tt, stats, genbox, trace, np.bool_(False))
        times.append(time.thread_time() - t0)
        results.append(int(r))
    return times, results


def section_pimc_euchre(quick):
    """Euchre single-dummy play at every seat, W = 32 worlds a card, one thread: the time a
    deal (median, p90; thread CPU time) on random 24-card deals the policy auction made
    (after the pickup and discard), two- and four-handed, next to the plain method (every
    world, every legal card, exact values: ``choose_plain``) on the same deals; both decide
    the same cards."""
    from analyzer.games.euchre.pimc import MODE_PLAIN, MODE_SAMPLE
    n_deals = 40 if quick else 400
    for n in (2, 4):
        deals = _pimc_euchre_deals(n, n_deals + 1, seed=13)
        _pimc_euchre_times(deals[:1], 32, MODE_SAMPLE)      # warm-up (compile)
        _pimc_euchre_times(deals[:1], 32, MODE_PLAIN)
        t, r = _pimc_euchre_times(deals[1:], 32, MODE_SAMPLE)
        tp, rp = _pimc_euchre_times(deals[1:], 32, MODE_PLAIN)
        assert r == rp, "the plain method decided differently"
        med, plain = statistics.median(t), statistics.median(tp)
        print(f"pimc_euchre {n}-handed: {1000 * med:.2f} ms a deal median, p90 {1000 * float(np.percentile(t, 90)):.2f} ms, "
              f"max {1000 * max(t):.1f} ms ({n_deals} deals, W=32, one thread); plain method {1000 * plain:.2f} ms "
              f"median, p90 {1000 * float(np.percentile(tp, 90)):.2f} ms (x{plain / med:.1f} at the median, "
              f"x{sum(tp) / sum(t):.1f} in total; the same results)")


def _pimc_sheepshead_deals(n, worlds, mode, seed=7):
    """Per-deal times (s, one thread) and results of Sheepshead single-dummy play at every
    seat on random deals: seat i % 5 picks, buries and calls by the policy (alone when
    overwhelming), then the six tricks."""
    from analyzer.games.sheepshead import pimc
    from analyzer.games.sheepshead.dd import new_dd_table, new_stats
    from analyzer.games.sheepshead.play import MODE_POLICY, take_blind
    from analyzer.games.sheepshead.rules import DECK_MASK, RULES
    bits = [b for b in range(64) if (int(DECK_MASK) >> b) & 1]
    rng = np.random.default_rng(seed)
    tt = new_dd_table()
    stats = new_stats()
    genbox = np.ones(1, np.int64)
    trace = np.zeros((30, 4), np.int64)
    info = np.zeros(3, np.int64)
    times, results = [], []
    for i in range(n):
        p = rng.permutation(bits)
        hands = np.array([sum(1 << int(b) for b in p[6 * s:6 * s + 6]) for s in range(5)], np.uint64)
        blind = np.uint64(sum(1 << int(b) for b in p[30:]))
        picker = i % 5
        bury = np.uint64(take_blind(hands, blind, np.int64(picker), np.int64(MODE_POLICY), info))
        t0 = time.thread_time()
        r = pimc.play_picked_pimc(RULES, hands, np.int64(picker), info, bury, np.int64(31), np.int64(worlds),
                                  np.int64(mode), np.int64(pimc.PIMC_LINES), np.uint64(i), tt, stats, genbox, trace,
                                  np.bool_(False))
        times.append(time.thread_time() - t0)
        results.append(int(r))
    return times, results


def section_pimc_sheepshead(quick):
    """Sheepshead single-dummy play at every seat, W = 32 worlds a card, one thread: the
    time a picked hand's play-out (median, p90) on random deals, next to the plain method
    (every world, every legal card, exact values) on the first deals of the same set;
    both decide the same cards."""
    from analyzer.games.sheepshead.pimc import MODE_PLAIN, MODE_SAMPLE
    n = 20 if quick else 200
    n_plain = 4 if quick else 20
    _pimc_sheepshead_deals(2, 32, MODE_SAMPLE)          # warm-up (compile)
    _pimc_sheepshead_deals(1, 32, MODE_PLAIN)
    t, r = _pimc_sheepshead_deals(n, 32, MODE_SAMPLE)
    tp, rp = _pimc_sheepshead_deals(n_plain, 32, MODE_PLAIN)
    assert r[:n_plain] == rp, "the plain method decided differently"
    ours = statistics.median(t[:n_plain])
    plain = statistics.median(tp)
    print(f"pimc_sheepshead: {1000 * statistics.median(t):.1f} ms a deal median, p90 "
          f"{1000 * float(np.percentile(t, 90)):.1f} ms, max {1000 * max(t):.0f} ms ({n} deals, W=32, one thread); "
          f"on the first {n_plain}: {1000 * ours:.1f} ms against the plain method's {1000 * plain:.1f} ms "
          f"(x{plain / ours:.1f}, the same results)")


def _pimc_pinochle_deals(n, worlds, mode, seed=1, budget=0):
    """Per-deal thread CPU times (s) and results of Pinochle single-dummy play at every seat
    on policy-bid deals (``dd.policy_deals``: the auction and the passes by the policies),
    aiming at the bid; what the seats know of the passes is not given here (the meld
    shown is).  ``budget``: the decisions' node budget (0: none, as the plain method)."""
    import random
    from itertools import islice

    from analyzer.games.pinochle.dd import new_dd_table, new_stats, policy_deals
    from analyzer.games.pinochle.meld import meld_cards
    from analyzer.games.pinochle.play import TRACE_COLS, card_tables, pimc_need, play_out
    from analyzer.games.pinochle.rules import Options, rule_tables
    from analyzer.games.pinochle.worlds import fresh_search, known_cards

    rules_dd4, plain4, vals4 = rule_tables(objective_points=True), rule_tables(), card_tables()
    reuse = Options().reuse
    tt, stats, genbox = new_dd_table(), new_stats(), np.ones(1, np.int64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    known = np.empty((4, 4), np.uint64)
    times, results = [], []
    for i, (trump, hands, declarer, bid, meld, heur) in enumerate(islice(policy_deals(random.Random(seed)), n)):
        shown = np.array([meld_cards(h, np.int64(trump), reuse) for h in hands], np.uint64)
        known_cards(hands, np.int64(declarer), shown, np.uint64(0), np.uint64(0), known)
        fresh_search(tt, stats, genbox, budget)
        t0 = time.thread_time()
        r = play_out(plain4[trump], vals4[trump], hands.copy(), np.int64(declarer), trace, False, np.int64(0),
                     np.uint64(0), np.int64(-1), np.int64(15), np.int64(worlds), np.int64(mode),
                     pimc_need(np.int64(bid), np.int64(meld), np.int64(0)), known, np.uint64(i), rules_dd4[trump], tt,
                     stats, genbox)
        times.append(time.thread_time() - t0)
        results.append(int(r))
    return times, results


def section_pimc_pinochle(quick):
    """Pinochle single-dummy play at every seat, one thread: the time a hand's twelve
    tricks (median, p90, max) on policy-bid deals at W = 16 with the questions' node budget
    a decision (the default), without it, and at W = 32 without it,
    next to the plain method (every world, every legal card, exact values) on the first
    deals at W = 4; both decide the same cards.  ``--deals N`` (default 30, 6 with
    --quick)."""
    from analyzer.games.pinochle.worlds import MODE_PLAIN, MODE_SAMPLE, NODE_BUDGET
    n = OPTIONS.deals or (6 if quick else 30)
    n_plain = 2 if quick else 4
    _pimc_pinochle_deals(1, 4, MODE_SAMPLE)          # warm-up (compile)
    _pimc_pinochle_deals(1, 2, MODE_PLAIN)
    for w, budget in ((16, NODE_BUDGET), (16, 0), (32, 0)):
        t, r = _pimc_pinochle_deals(n, w, MODE_SAMPLE, budget=budget)
        print(f"pimc_pinochle: W={w}, node budget {budget:,} a decision (0: none): {_dist_ms(t)} a hand "
              f"({n} policy deals, one thread)")
    t, r = _pimc_pinochle_deals(n_plain, 4, MODE_SAMPLE)
    tp, rp = _pimc_pinochle_deals(n_plain, 4, MODE_PLAIN)
    assert r == rp, "the plain method decided differently"
    print(f"pimc_pinochle: W=4, the first {n_plain} deals: {statistics.median(t):.2f} s a hand against the plain "
          f"method's {statistics.median(tp):.2f} s (the same results)")


def section_lead500(quick):
    """`500 lead` at its default (1,000 deals, double-dummy) and `500 bid --contract-only
    --play pimc --contracts 8H,9H` at its default (200 deals a row), wall time with
    start-up on every core; the contract-only heuristic bid (100,000 deals) as the baseline."""
    base = [sys.executable, "-m", "analyzer.cli.main", "500"]
    env = dict(os.environ)
    extra = ["--deals", "100"] if quick else []
    baseline = _wall(base + ["bid", "AH KH QH 9H 8H AS 7S AD 5C 6C", "--contract-only"], env)
    t_lead = _wall(base + ["lead", "AH KH QH 9H 8H AS 7S AD 5C 6C JH 5S 4D", "--contract", "8H"] + extra, env)
    pim = base + ["bid", "AH KH QH 9H 8H AS 7S AD 5C 6C", "--contract-only", "--play", "pimc",
                  "--contracts", "8H,9H"] + (["--deals", "10"] if quick else [])
    t_pimc = _wall(pim, env, repeats=1)
    print(f"lead500: 500 lead (default 1,000 deals, dd) {t_lead:.2f} s wall; 500 bid --contract-only --play pimc "
          f"--contracts 8H,9H (default 200 deals) {t_pimc:.1f} s; baseline contract-only heuristic bid "
          f"{baseline:.2f} s (ratios {t_lead / baseline:.2f}, {t_pimc / baseline:.1f})")


def section_cluster(quick):
    """A 20,000,000-deal Five Hundred survey (the report's) on a LocalCluster of two
    single-threaded worker processes against two local threads in the same run, at the
    runner's chunk size, with Dask tasks of one chunk and of the executor's default
    (``TASK_DEALS``) and larger; the scheduling overhead per task, and the client's peak
    memory (tracemalloc) while the cluster runs."""
    import tracemalloc

    from analyzer.games.five_hundred.survey import run_survey
    from analyzer.sim import executor as executors
    from analyzer.sim import runner

    n = 2_000_000 if quick else 20_000_000
    ex = executors.DaskExecutor.local(2)
    try:
        with executors.using(ex, close=False):
            run_survey(20_000, threads=2)          # every worker loads its kernels once
        run_survey(20_000, threads=2)
        size = runner.CHUNK_SIZE
        for task_deals in (size, 65_536, executors.TASK_DEALS):
            w0 = time.perf_counter()
            local = run_survey(n, threads=2)
            t_threads = time.perf_counter() - w0
            tracemalloc.start()
            ex.task_deals = task_deals
            w0 = time.perf_counter()
            with executors.using(ex, close=False):
                remote = run_survey(n, threads=2)
            t_dask = time.perf_counter() - w0
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            assert np.array_equal(local.stats, remote.stats)
            tasks = -(-n // (task_deals // size * size))
            over = (t_dask - t_threads) / tasks * 1e3
            print(f"cluster: survey of {n:,} deals, chunk {size:,}, tasks of {task_deals // size} chunk(s): "
                  f"2 threads {t_threads:.1f} s, LocalCluster 2x1 {t_dask:.1f} s ({t_threads / t_dask:.2f}x the "
                  f"threads' throughput; {over:+.2f} ms a task over {tasks:,} tasks), client peak "
                  f"{peak / 2**20:.1f} MiB traced; identical totals")
    finally:
        ex.close()


def _cold(argv, keep_cache=None, tree=None):
    """Run ``analyzer ARGV`` in a fresh process with an empty numba cache (or the cache
    folder ``keep_cache``) under the compile recorder (``compiling.profile_in_subprocess``),
    from the checkout ``tree`` when given (its ``analyzer`` first on the path); returns
    (wall seconds of the process, the recorder's JSON)."""
    from analyzer.compiling import profile_in_subprocess
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, NUMBA_CACHE_DIR=keep_cache or os.path.join(tmp, "numba"))
        if tree:
            env["PYTHONPATH"] = os.pathsep.join([tree] + [p for p in [env.get("PYTHONPATH")] if p])
        rec = profile_in_subprocess(argv, env=env, cwd=tree or None)
    if rec["status"]:
        raise RuntimeError(f"analyzer {' '.join(argv)} failed: {rec.get('stderr', '')[-2000:]}")
    return rec["process_wall"], rec


def _show_cold(name, argv, wall, rec, label=""):
    print(f"compile: {name}{label}: cold {wall:.1f} s wall, {rec['compiling']:.1f} s building "
          f"{len(rec['built'])} kernels ({' '.join(argv)})")
    for row in rec["built"][:8]:
        links = ", ".join(row["links"][:4]) + (" …" if len(row["links"]) > 4 else "")
        print(f"    {row['seconds']:6.1f} s  (front end {row['front_end']:5.1f}, llvm {row['llvm']:5.1f})  "
              f"x{row['versions']}  {row['kernel']}" + (f"  -> {links}" if links else ""))
    solver = [r["kernel"] for r in rec["built"] if "tricks.dd." in r["kernel"] or "tricks.pimc." in r["kernel"]]
    print(f"    solver or single-dummy kernels built: {len(solver)}")


def section_compile(quick):
    """Cold start: each game's first question (``analyzer.compiling.QUESTIONS``) and its
    --play dd and --play pimc questions, each in a fresh process with an empty numba
    cache: the wall time (start-up, compiling, answering), the seconds numba spent
    building, and the kernels that cost most (own seconds, numba's front end vs LLVM,
    what they link).  Then the warm wall time of the first question, and ``analyzer warm
    --play all --jobs 2`` from an empty cache.  ``--quick``: the Quick start question
    only.  BENCH_COMPILE=name,name picks the questions (keys of QUESTIONS, dd500,
    pimc500, dd_euchre, pimc_euchre, dd_sheepshead, pimc_sheepshead, dd_pinochle, warm).
    BENCH_COMPILE_BASE=DIR: each question also from the checkout DIR (the baseline; it
    needs ``analyzer/compiling.py``), one after the other."""
    from analyzer.compiling import QUESTIONS
    questions = dict(QUESTIONS)
    for game, key in (("five-hundred", "500"), ("euchre", "_euchre"), ("sheepshead", "_sheepshead"),
                      ("pinochle", "_pinochle")):
        questions[f"dd{key}"] = QUESTIONS[game] + ["--play", "dd", "--deals", "4" if game == "pinochle" else "64"]
        if game != "pinochle":
            questions[f"pimc{key}"] = QUESTIONS[game] + ["--play", "pimc", "--deals", "20"]
    chosen = os.environ.get("BENCH_COMPILE")
    names = chosen.split(",") if chosen else (["five-hundred"] if quick else list(questions) + ["warm"])
    base = os.environ.get("BENCH_COMPILE_BASE")
    for name in names:
        if name == "warm":
            with tempfile.TemporaryDirectory() as cache:
                t0 = time.perf_counter()
                proc = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "warm", "--play", "all",
                                       "--jobs", "2"], capture_output=True, text=True,
                                      env=dict(os.environ, NUMBA_CACHE_DIR=cache))
                wall = time.perf_counter() - t0
            print(f"compile: analyzer warm --play all --jobs 2 from an empty cache: {wall:.1f} s wall "
                  f"(status {proc.returncode})")
            for line in proc.stdout.splitlines():
                print("    " + line)
            continue
        wall, rec = _cold(questions[name])
        _show_cold(name, questions[name], wall, rec)
        if base:
            bwall, brec = _cold(questions[name], tree=base)
            _show_cold(name, questions[name], bwall, brec, " (baseline checkout)")
            print(f"compile: {name}: cold wall {wall:.1f} s against the baseline's {bwall:.1f} s "
                  f"(x{bwall / wall:.1f} faster)")
    with tempfile.TemporaryDirectory() as cache:
        _cold(QUESTIONS["five-hundred"], keep_cache=cache)
        warm, _ = _cold(QUESTIONS["five-hundred"], keep_cache=cache)
    print(f"compile: the Quick start question warm: {warm:.1f} s wall (the baseline)")


SECTIONS = {"compile": section_compile, "deal": section_deal, "sizes500": section_sizes500, "here500": section_here500, "play500": section_play500, "bid_cli": section_bid_cli, "euchre": section_euchre,
            "report_euchre": section_report_euchre, "report500": section_report500, "dd500": section_dd500, "dd6": section_dd6, "ddbridge": section_ddbridge,
            "sheepshead": section_sheepshead, "sheepshead_dd": section_sheepshead_dd,
            "euchre_dd": section_euchre_dd, "pinochle_meld": section_pinochle_meld, "pinochle": section_pinochle, "pinochle_forms": section_pinochle_forms,
            "pinochle_dd": section_pinochle_dd, "rummy": section_rummy, "pimc500": section_pimc500,
            "pimc500_sizes": section_pimc500_sizes,
            "lead500": section_lead500, "pimc_euchre": section_pimc_euchre,
            "pimc_sheepshead": section_pimc_sheepshead, "pimc_pinochle": section_pimc_pinochle, "cluster": section_cluster}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sections", nargs="*", metavar="SECTION", help=f"any of: {', '.join(SECTIONS)}")
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    parser.add_argument("--deals", type=int, default=0, help="deals for pinochle_dd (default 200)")
    parser.add_argument("--values", metavar="FILE", help="pinochle_dd: write each deal's answers and nodes "
                        "to FILE, or compare with it if it exists")
    args = parser.parse_args()
    OPTIONS.deals, OPTIONS.values = args.deals, args.values
    unknown = [s for s in args.sections if s not in SECTIONS]
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    print(f"# bench on {os.cpu_count()} cores, python {sys.version.split()[0]}, numpy {np.__version__}")
    for name in args.sections or list(SECTIONS):
        SECTIONS[name](args.quick)
        sys.stdout.flush()


if __name__ == "__main__":
    main()

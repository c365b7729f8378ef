"""Random Rummy 500 tables for the tests: the kernels' table array and the reference's
melds for the same random melds."""

from analyzer.games.rummy500 import melds as M


def random_table(rng, counts=(0, 0, 1, 2, 3), set_sizes=(3, 3, 4), run_lengths=(3, 6)):
    tab, nt = M.new_table()
    melds = []
    for _ in range(rng.choice(counts)):
        if rng.random() < 0.5:
            r = rng.randint(1, 13)
            suits = rng.sample(range(4), rng.choice(set_sizes))
            tab[nt] = [M.KIND_SET, -1, 0, 0, r, sum(1 << t for t in suits), 0, -1]
            melds.append({"kind": "set", "rank": r, "suits": frozenset(suits)})
        else:
            s, n = rng.randrange(4), rng.randint(*run_lengths)
            lo = rng.randint(1, 15 - n)
            tab[nt] = [M.KIND_RUN, s, lo, lo + n - 1, 0, 0, 0, -1]
            melds.append({"kind": "run", "suit": s, "lo": lo, "hi": lo + n - 1})
        nt += 1
    return tab, nt, melds

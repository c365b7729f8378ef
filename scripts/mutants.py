"""Show that the suite bites: break one thing at a time and see which test catches it.

Each mutant is one exact text replacement in one source file (a scoring constant, an
aggregation, a rule); the script applies it, runs the test files named for it (or, with
``--all``, the whole suite), records whether a test failed and which, and puts the file
back (also on Ctrl-C or an error).  Only the kernels that read the changed module are
rebuilt (``analyzer/cache.py``), so a mutant costs its tests plus a few kernel builds.

    python scripts/mutants.py                   # every mutant, its own test files
    python scripts/mutants.py --only euchre     # the mutants whose name contains a word
    python scripts/mutants.py --all             # each mutant against the whole suite

Exit status 1 when a mutant survives (no test failed), 2 when a mutant no longer applies
(its text is not in the file: the list needs updating).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Mutant:
    name: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...]


MUTANTS = (
    Mutant("Euchre: a march worth 3 points, not 2", "analyzer/games/euchre/scoring.py",
           "OUTCOME_POINTS = (1, 2, 4, -2, -1, -2, -4, 2, 0)", "OUTCOME_POINTS = (1, 3, 4, -2, -1, -2, -4, 2, 0)",
           ("tests/test_reference_euchre.py", "tests/test_reference_report_euchre.py")),
    Mutant("Euchre report: the outside aces counted with the trump ace", "analyzer/games/euchre/survey.py",
           "popcount(h & ACES & ~trump)", "popcount(h & ACES)", ("tests/test_reference_report_euchre.py",)),
    Mutant("Euchre: P(make) of an order row over one deal too many (an aggregation)",
           "analyzer/games/euchre/questions.py", '"p_make": made / n,', '"p_make": made / (n + 1),',
           ("tests/test_reference_euchre.py",)),
    Mutant("Five Hundred: defenders score 12 a trick in the kernels, not 10", "analyzer/games/five_hundred/selfplay.py",
           "PER_TRICK = 10", "PER_TRICK = 12", ("tests/test_reference_five_hundred.py",)),
    Mutant("Five Hundred: P(we make) of a bid row biased by 10% (an aggregation weight)",
           "analyzer/games/five_hundred/questions.py", "p_we_make=s[RS_WE_MADE] / sw,",
           "p_we_make=1.1 * s[RS_WE_MADE] / sw,", ("tests/test_reference_five_hundred.py",)),
    Mutant("Five Hundred: the slam bonus on a bid worth less than 250 dropped", "analyzer/games/five_hundred/selfplay.py",
           "        if tricks == N_TRICKS and value < SLAM:\n            return SLAM, defenders, True\n",
           "", ("tests/test_reference_five_hundred.py", "tests/test_five_hundred_scoring.py")),
    Mutant("Five Hundred: a game won at 490, not 500 (the end of the game in P(win))",
           "analyzer/games/five_hundred/equity.py", "WIN_LINE = 500", "WIN_LINE = 490",
           ("tests/test_reference_five_hundred.py",)),
    Mutant("Five Hundred: the contractor keeps the hand dealt (the kitty exchange skipped)",
           "analyzer/games/five_hundred/play.py", "    hands[contractor] = kept\n",
           "    hands[contractor] = hands[contractor]\n",
           ("tests/test_five_hundred_play.py", "tests/test_reference_five_hundred.py")),
    Mutant("Five Hundred: every hand fits the calls heard (the dealing to fit them skipped)",
           "analyzer/games/five_hundred/heard.py", "            fit[c] = fits(v, s, hist, lad, acfg, pols)",
           "            fit[c] = True", ("tests/test_five_hundred_here.py",)),
    Mutant("Five Hundred report: a class's histogram replaced by its last cell, not summed (a grouping)",
           "analyzer/games/five_hundred/survey.py", "            groups[key][r[0]] += h",
           "            groups[key][r[0]] = h", ("tests/test_reference_report_five_hundred.py", "tests/test_report.py")),
    Mutant("Five Hundred report: the right and left bowers swapped in the hand classes",
           "analyzer/games/five_hundred/survey.py", "    for bit in (4, 2, 1):\n", "    for bit in (4, 1, 2):\n",
           ("tests/test_reference_report_five_hundred.py",)),
    Mutant("Five Hundred report: misère's short suits counted at two cards or fewer",
           "analyzer/games/five_hundred/survey.py", "        if popcount(own & m) <= 1:\n",
           "        if popcount(own & m) <= 2:\n", ("tests/test_reference_report_five_hundred.py",)),
    Mutant("Five Hundred report: a self-play contract made only with an overtrick (the auction section)",
           "analyzer/report/five_hundred.py", "else counts[side, j, c_.level:].sum())",
           "else counts[side, j, c_.level + 1:].sum())", ("tests/test_reference_report_auction_500.py",)),
    Mutant("Sheepshead report: the jacks of a hand class counted as its queens", "analyzer/games/sheepshead/survey.py",
           "popcount(hand & JACKS)", "popcount(hand & QUEENS)", ("tests/test_reference_report_sheepshead.py",)),
    Mutant("Sheepshead: a leaster won for 5, not 4", "analyzer/games/sheepshead/scoring.py",
           "LEASTER_WIN = 4", "LEASTER_WIN = 5", ("tests/test_reference_sheepshead.py", "tests/test_sheepshead_rules.py")),
    Mutant("Sheepshead: a picker with a partner scores 3 units, not 2", "analyzer/games/sheepshead/scoring.py",
           '    return {"picker": 2 * unit, "partner": unit, "defender": defender}',
           '    return {"picker": 3 * unit, "partner": unit, "defender": defender}',
           ("tests/test_reference_sheepshead.py", "tests/test_reference_report_sheepshead.py")),
    Mutant("Sheepshead: the partner of a picker who made it scores 2 units, not 1", "analyzer/games/sheepshead/scoring.py",
           '    return {"picker": 2 * unit, "partner": unit, "defender": defender}',
           '    return {"picker": 2 * unit, "partner": 2 * unit, "defender": defender}',
           ("tests/test_reference_sheepshead.py",)),
    Mutant("Rummy 500: the joker worth 10, not 15", "analyzer/games/rummy500/rules.py",
           "    v[JOKER_BIT] = 15\n", "    v[JOKER_BIT] = 10\n",
           ("tests/test_rummy500_play.py", "tests/test_rummy500_questions.py")),
    Mutant("Rummy 500: P(go out) of an option over one deal too many (an aggregation)",
           "analyzer/games/rummy500/questions.py", '"p_out": st[o, P.PS_OUT] / n,', '"p_out": st[o, P.PS_OUT] / (n + 1),',
           ("tests/test_reference_rummy500.py",)),
    Mutant("Lead tables: the paired difference's variance without the n / (n - 1) correction (an aggregation)",
           "analyzer/sim/leads.py", "    var = max(e2 - d * d, 0.0) * n / max(n - 1, 1)\n",
           "    var = max(e2 - d * d, 0.0)\n", ("tests/test_reference_leads.py",)),
    Mutant("Rummy 500 report: P(the policy takes) read from the wrong sum", "analyzer/games/rummy500/survey.py",
           '"p_policy_takes": c[T_POLICY] / n,', '"p_policy_takes": c[T_POS] / n,',
           ("tests/test_reference_report_rummy500.py",)),
    Mutant("Pinochle report: a meld on a band's lower edge put in the band below", "analyzer/games/pinochle/survey.py",
           "        if meld >= MELD_EDGES[k]:", "        if meld > MELD_EDGES[k]:",
           ("tests/test_reference_report_pinochle.py",)),
    Mutant("Pinochle: the last trick worth 20, not 10", "analyzer/games/pinochle/rules.py",
           "LAST_TRICK = 10", "LAST_TRICK = 20", ("tests/test_reference_pinochle.py", "tests/test_pinochle_play.py")),
    Mutant("Pinochle: aces around worth 110, not 100", "analyzer/games/pinochle/meld.py",
           "AROUND_POINTS = {RA: 100,", "AROUND_POINTS = {RA: 110,",
           ("tests/test_reference_pinochle.py", "tests/test_reference_report_pinochle.py")),
    Mutant("Five Hundred self-play kinds: a misère booked as open misère", "analyzer/games/five_hundred/selfplay.py",
           "out[0 if kind < 4 else kind - 3, 1 if made else 0] += 1",
           "out[0 if kind < 4 else (3 if kind == 5 else kind - 3), 1 if made else 0] += 1", ("tests/test_report.py",)),
    Mutant("Five Hundred play models: a misère made when one trick is taken", "analyzer/games/five_hundred/survey_pimc.py",
           "return (1 if t == 0 else 0) if level == 0", "return (1 if t <= 1 else 0) if level == 0",
           ("tests/test_reference_report_models.py",)),
    Mutant("Sheepshead report, double-dummy section: the differences' spread over one deal fewer",
           "analyzer/games/sheepshead/survey_dd.py", "        mean, se = mean_se(n, s1, s2)\n        col = f\"dd_minus",
           "        mean, se = mean_se(n - 1, s1, s2)\n        col = f\"dd_minus", ("tests/test_reference_report_sheepshead.py",)),
)


def run_tests(tests: tuple[str, ...]) -> tuple[bool, str]:
    """(some test failed, the first failing test's id or the last line)."""
    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *tests]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    lines = done.stdout.splitlines()
    failed = [ln.split(" ", 2)[1] for ln in lines if ln.startswith(("FAILED ", "ERROR "))]
    if done.returncode == 0:
        return False, (lines[-1] if lines else "")
    return True, failed[0] if failed else (lines[-1] if lines else done.stderr.strip()[-200:])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="", help="only the mutants whose name contains this (case-insensitive)")
    ap.add_argument("--all", action="store_true", help="run the whole suite against each mutant")
    args = ap.parse_args(argv)
    chosen = [m for m in MUTANTS if args.only.lower() in m.name.lower()]
    survived, stale = [], []
    for m in chosen:
        path = ROOT / m.path
        text = path.read_text()
        if text.count(m.old) != 1:
            stale.append(m.name)
            print(f"STALE     {m.name}: the text to break is not in {m.path} (once)")
            continue
        t0 = time.perf_counter()
        try:
            path.write_text(text.replace(m.old, m.new))
            caught, where = run_tests(("tests",) if args.all else m.tests)
        finally:
            path.write_text(text)
        print(f"{'CAUGHT' if caught else 'SURVIVED':<9} {m.name}  ({time.perf_counter() - t0:.0f} s): {where}",
              flush=True)
        if not caught:
            survived.append(m.name)
    print(f"{len(chosen) - len(survived) - len(stale)} of {len(chosen)} mutants caught")
    return 2 if stale else 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())

"""The one recommendation rule (``analyzer.verdict``): a lead whose 95% interval holds 0
is called a tie, first, naming both options; a measurable lead follows the best's
figures; the fields are ``match``'s."""

import pandas as pd

from analyzer.stats import Z95
from analyzer.verdict import lead, lead_in, lead_versus, modest, recommend


def test_a_lead_is_a_tie_exactly_when_its_interval_holds_zero():
    assert lead("A", "B", 2.0, 0.5)["tie"] is False                      # 2 ± 0.98
    assert lead("A", "B", 2.0, 2.0)["tie"] is True                       # 2 ± 3.92
    assert lead("A", "B", 0.0, 0.0)["tie"] is True                       # the same on every deal
    assert lead("A", "B", 1.0, float("nan"))["tie"] is True
    f = lead("A", "B", 2.0, 0.5)
    assert set(f) == {"a", "b", "a_minus_b", "se", "lo", "hi", "tie"}
    assert abs(f["lo"] - (2.0 - Z95 * 0.5)) < 1e-12 and abs(f["hi"] - (2.0 + Z95 * 0.5)) < 1e-12
    g = lead_in("A", "B", 2.0, f["lo"], f["hi"])
    assert abs(g["se"] - 0.5) < 1e-12 and g["tie"] is False


def test_the_sentence_puts_a_tie_first_and_a_lead_after_the_figures():
    head = "lead AS: makes 60.0%"
    tie = recommend(head, lead("AS", "KS", 1.0, 1.0), " points")
    assert tie.startswith("no measurable difference between AS and KS: AS - KS = +1.0 points (95% interval -1.0 to "
                          "+3.0, same deals); lead AS")
    clear = recommend(head, lead("AS", "KS", 5.0, 1.0), " points")
    assert clear == f"{head}, ahead of KS by 5.0 points (95% interval 3.0 to 7.0, same deals)"
    assert recommend(head, {}) == head


def test_a_lead_tables_first_row_against_its_second():
    t = pd.DataFrame([{"lead": "AS", "vs_best": 0.0, "vs_best_lo": 0.0, "vs_best_hi": 0.0},
                      {"lead": "KS", "vs_best": -0.05, "vs_best_lo": -0.08, "vs_best_hi": -0.02}])
    f = lead_versus(t)
    assert (f["a"], f["b"]) == ("AS", "KS") and abs(f["a_minus_b"] - 5.0) < 1e-12
    assert abs(f["lo"] - 2.0) < 1e-12 and abs(f["hi"] - 8.0) < 1e-12 and not f["tie"]
    assert lead_versus(t.iloc[:1]) == {}


def test_modest_takes_the_first_option_not_measurably_worse_than_the_best():
    # options in the question's order of preference among equals (pass, then bids up)
    worse = {"pass": False, "bid 250": True, "bid 260": False, "bid 270": False}
    assert modest(list(worse), worse.get) == "pass"
    worse["pass"] = True
    assert modest(list(worse), worse.get) == "bid 260"
    # nothing qualifies (cannot happen with the best among them): the first
    assert modest(["x", "y"], lambda k: True) == "x"

"""The page's table headers (``web.columns``): readable labels, an interval as one column,
a standard error said to be one, probabilities marked as such (issue 40: the page showed
``p_make_lo`` and ``p_as_called`` as they are)."""

from analyzer.web.columns import display, label, layout


def test_labels_read_as_a_player_reads_them():
    assert label("p_make") == "P(make)"
    assert label("p_as_called") == "P(as called)"
    assert label("p_make_pimc_minus_heuristic") == "P(make) single-dummy − heuristic"
    assert label("ev") == "EV" and label("gain_vs_policy") == "gain vs policy"
    assert label("deals") == "deals"


def test_an_interval_is_one_column_and_a_standard_error_says_so():
    rows = [{"call": "8H", "p_make": 0.6, "p_make_lo": 0.55, "p_make_hi": 0.65, "ev": 12.0, "ev_se": 3.1,
             "gain_lo": -1.0, "gain_hi": 2.0, "score_se": 1.0}]
    cols = layout(rows)
    assert [c["label"] for c in cols] == ["call", "P(make)", "P(make) 95%", "EV", "± se", "gain 95%", "score ± se"]
    assert [c["kind"] for c in cols] == ["value", "percent", "interval-percent", "value", "value", "interval", "value"]
    assert cols[2]["keys"] == ["p_make_lo", "p_make_hi"]
    # every key of the rows is shown exactly once
    shown = [k for c in cols for k in c["keys"]]
    assert sorted(shown) == sorted(rows[0])


def test_a_job_result_carries_its_display():
    result = {"recommendation": "bid 8H", "deals": 2000, "options": [{"call": "8H", "p_make": 0.6}]}
    d = display(result)
    assert d["labels"]["deals"] == "deals" and [c["label"] for c in d["columns"]] == ["call", "P(make)"]
    assert display(None) == {} and "columns" not in display({"tricks": 9})

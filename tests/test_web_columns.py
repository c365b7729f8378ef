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


def test_the_facts_beside_a_table_are_chosen_and_written_once():
    """Issue 40: the page dumped every field of the answer's meta ("a", "b", "se", "tie",
    probabilities as 0.1234); now the server lists the facts a player reads, probabilities
    by ``fmt.percent``, the lead over the next best left to the sentence, and says what
    "±" means under the table."""
    result = {"game": "five-hundred", "question": "lead", "recommendation": "lead AH", "best": "AH",
              "deals": 2000, "p_calls": 0.00121, "play": "dd", "seed": 0, "tie": False, "a": "AH", "b": "KH",
              "a_minus_b": 1.5, "se": 0.4, "lo": 0.7, "hi": 2.3, "rules": {"joker": "free"}, "hand_sizes": [10, 10],
              "options": [{"lead": "AH", "p_make": 0.6, "vs_best": 0.0, "vs_best_lo": 0.0, "vs_best_hi": 0.0},
                          {"lead": "KH", "p_make": 0.58, "vs_best": -0.02, "vs_best_lo": -0.03, "vs_best_hi": -0.01}]}
    d = display(result)
    facts = {f["label"]: f["text"] for f in d["facts"]}
    assert facts == {"deals": "2,000", "P(calls)": "0.12%", "play": "dd", "seed": "0", "hand sizes": "10, 10"}
    assert "±" in d["legend"] and "standard error" in d["legend"]
    # a lead's vs_best is a difference of probabilities: percentage points
    kinds = {c["label"]: c["kind"] for c in d["columns"]}
    assert kinds["vs best"] == "points" and kinds["vs best 95%"] == "interval-points"
    # elsewhere (Pinochle's bid: EV differences) it stays a value
    bid = dict(result, game="pinochle", question="bid")
    assert {c["label"]: c["kind"] for c in display(bid)["columns"]}["vs best"] == "value"
    # every key at any depth has a label (records without a table: meld, odds)
    assert display({"odds": [{"meld": "aces around", "p": 0.065}]})["labels"]["p"] == "P"

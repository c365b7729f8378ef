"""Probabilities in prose (``fmt.percent``, which the commands use): never exponent notation, never a rounded 0% or
100% for a value that is neither."""

from analyzer.fmt import percent, percent_range, percent_with


def test_percent_reads_right_at_every_scale():
    assert percent(0.999) == "99.9%"          # was "1e+02%" in Euchre's conditioned header ({:.2g})
    assert percent(0.00121) == "0.12%"        # was "0%" in Sheepshead's ({:.0f})
    assert percent(1.0) == "100%" and percent(0.0) == "0%"
    assert percent(0.9995) == "> 99.9%" and percent(0.0004) == "< 0.1%"
    assert percent(0.5) == "50.0%" and percent(0.0123) == "1.2%"
    assert percent(float("nan")) == "n/a"
    for p in (1e-9, 1e-5, 0.001, 0.01, 0.1, 0.9, 0.99, 0.999999):
        text = percent(p)
        assert "e" not in text and text not in ("0%", "100%"), (p, text)


def test_table_percentages_never_read_as_certainty():
    """Tables (``pct``, ``interval``): one decimal as before, but an interval short of 100%
    (issue 40: a Wilson interval of 10,000 made deals printed "100.0–100.0%") keeps the
    decimals that show it, and only exact 0 and 1 print as 0.0 and 100.0."""
    from analyzer.fmt import interval, pct
    from analyzer.stats import wilson
    assert pct(0.5) == " 50.0%" and pct(0.1234) == " 12.3%" and pct(1.0) == "100.0%" and pct(0.0) == "  0.0%"
    assert interval(0.25, 0.5) == "25.0–50.0%" and interval(0.0, 1.0) == " 0.0–100.0%"
    lo, hi = wilson(10_000, 10_000)          # 10,000 deals, every one made
    assert 0.9995 < lo < 1.0
    assert interval(lo, hi) == "99.96–100.0%"
    assert interval(0.9996, 0.99999) == "99.96–>99.99%"
    assert pct(0.999) == " 99.9%" and pct(0.9996) == "99.96%" and pct(0.99999) == ">99.99%"
    assert pct(0.0004) == " 0.04%" and pct(0.00001) == "<0.01%"


def test_sentences_write_intervals_the_same_way():
    """A probability with its interval in a question's sentence (``percent_with``): the
    point as ``percent``, the ends as the tables write them."""
    assert percent_with(0.301, 0.29, 0.312) == "30.1% (29.0–31.2%)"
    assert percent_with(0.999, 0.9985, 0.9994) == "99.9% (99.9–99.9%)"
    assert percent_with(1.0, 0.9996, 1.0) == "100% (99.96–100.0%)"
    assert percent_range(0.0, 0.0004) == "0.0–0.04%" and percent_with(0.00121, 0.0004, 0.003) == "0.12% (0.04–0.3%)"
    for p in (0.999, 0.00121, 1e-7):
        assert "e" not in percent_with(p, p / 2, min(1.0, p * 2))

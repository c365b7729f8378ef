"""Probabilities in prose (``cli.common.percent``): never exponent notation, never a rounded 0% or
100% for a value that is neither."""

from analyzer.cli.common import percent


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

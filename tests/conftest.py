"""Helpers shared by the tests: translate between the reference's card strings and the
kernels' per-strain bit layouts, and ask the engine kernels about one position."""

from __future__ import annotations

import math
import os

import numpy as np

from analyzer.games.five_hundred.deck import DECK
from analyzer.games.five_hundred.rules import BIT_OF, ID_OF, Options, nominate, rule_table
from analyzer.tricks import engine
from tests.reference import five_hundred as ref


def pytest_collection_finish(session):
    """When the run has the web page's browser test and Chromium is missing, its install
    starts in the background now (``tests.browser``).  With two test processes (``-n 2``), the first builds the double-dummy solver (the
    one kernel that takes tens of seconds to build on a cold cache, a second to load
    warm) as it starts, when the run has solver tests: the other process, needing it
    earlier than the build ends, waits for it and loads it (``analyzer.specialize._compile_lock``)
    instead of building it again side by side."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if any("test_serve.py" in item.nodeid for item in session.items):
        from tests import browser
        browser.start_install()      # the browser test's Chromium, downloading while the rest runs
    if worker == "gw0" and any(key in item.nodeid for item in session.items for key in ("dd", "pimc", "solve")):
        from analyzer.compiling import build_solver
        build_solver()


STRAIN_INDEX = {s: i for i, s in enumerate(ref.STRAINS)}
SUIT_INDEX = {s: i for i, s in enumerate(ref.SUITS)}


def card_id(card: str) -> int:
    return DECK.card_id(card)


def layout_bit(card: str, strain: str) -> int:
    return int(BIT_OF[STRAIN_INDEX[strain], card_id(card)])


def to_mask(cards, strain: str) -> np.uint64:
    """Reference cards -> a mask in the strain's layout."""
    m = 0
    for c in cards:
        m |= 1 << layout_bit(c, strain)
    return np.uint64(m)


def from_mask(mask, strain: str) -> set[str]:
    """A mask in the strain's layout -> reference cards."""
    mask = int(mask)
    out = set()
    for b in range(64):
        if (mask >> b) & 1:
            cid = int(ID_OF[STRAIN_INDEX[strain], b])
            assert cid >= 0, f"bit {b} is no card in strain {strain}"
            out.add(DECK.format(cid))
    return out


def card_of_bit(bit: int, strain: str) -> str:
    cid = int(ID_OF[STRAIN_INDEX[strain], bit])
    assert cid >= 0, f"bit {bit} is no card in strain {strain}"
    return DECK.format(cid)


def kernel_rules(strain: str, nominated: str | None = None, **options) -> np.ndarray:
    rules = rule_table(STRAIN_INDEX[strain], Options(**options))
    if nominated is not None:
        rules = nominate(rules, SUIT_INDEX[nominated])
    return rules


def kernel_follows(hand, led: str, strain: str, nominated=None, best=None) -> set[str]:
    rules = kernel_rules(strain, nominated)
    best_mask = to_mask([best], strain) if best else np.uint64(0)
    legal = engine.legal_follow(rules, to_mask(hand, strain), SUIT_INDEX[led], best_mask)
    return from_mask(legal, strain)


def kernel_winner(cards, strain: str, nominated=None, named=None) -> int:
    """Index of the trick's winner by the engine: the lead, then ``beats`` card by card."""
    rules = kernel_rules(strain, nominated)
    best = to_mask([cards[0]], strain)
    led = engine.suit_of(rules, best)
    if led < 0:
        led = SUIT_INDEX[named]
    win = 0
    for i, c in enumerate(cards[1:], 1):
        m = to_mask([c], strain)
        if engine.beats(rules, m, best, led):
            best, win = m, i
    return win


def kernel_lead_names(hand, suits_led, strain: str, nominated=None, shown_void=(), **options) -> set[str]:
    rules = kernel_rules(strain, nominated, **options)
    names = engine.free_lead_names(rules, to_mask(hand, strain), suit_bits(suits_led),
                                   suit_bits(shown_void))
    return {s for i, s in enumerate(ref.SUITS) if (names >> i) & 1}


def suit_bits(suits) -> int:
    return sum(1 << SUIT_INDEX[s] for s in suits)


def tolerance(p: float, n: int, z: float = 5.0) -> float:
    """z standard errors of a proportion p estimated from n draws."""
    return z * math.sqrt(p * (1 - p) / n)


import pytest  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory):
    """Tables the tests build (the Five Hundred equity table) go to a folder of the test
    session, never the user's cache."""
    import os
    old = os.environ.get("ANALYZER_CACHE")
    os.environ["ANALYZER_CACHE"] = str(tmp_path_factory.mktemp("analyzer-cache"))
    yield
    if old is None:
        os.environ.pop("ANALYZER_CACHE", None)
    else:
        os.environ["ANALYZER_CACHE"] = old


import pytest  # noqa: E402


@pytest.fixture
def small_chunks(monkeypatch):
    """Every run split into chunks of at most 100 deals, so that a test's small run has
    several chunks and its "same answer on 1 and 2 threads" check compares real
    parallel work (the chunks' sums are exact: the answer does not depend on their size)."""
    from analyzer.sim import runner
    real = runner.run_chunks

    def run_chunks(chunk_fn, n_deals, *, chunk_size=None, **kw):
        return real(chunk_fn, n_deals, chunk_size=min(chunk_size or runner.CHUNK_SIZE, 100), **kw)

    monkeypatch.setattr(runner, "run_chunks", run_chunks)


@pytest.fixture
def charts_not_saved(monkeypatch):
    """Reports written with their charts drawn but not saved as PNG files (saving is most
    of a small report's time): for tests about a report's tables, its folder or its
    resumption; the report tests themselves check the charts."""
    from tests.reports import skip_saving_charts
    skip_saving_charts(monkeypatch)


@pytest.fixture
def small_equity_grid(monkeypatch):
    """Five Hundred reports with their game equity solved on a smaller score grid
    (``tests.reports.shrink_equity_grid``)."""
    from tests.reports import shrink_equity_grid
    shrink_equity_grid(monkeypatch)

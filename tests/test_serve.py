"""``analyzer serve``: the JSON API through Flask's test client, the command's errors, and
the page itself in a real headless Chromium driven by Selenium (Debian's chromium and
chromium-driver, installed by the session fixture when missing)."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from analyzer import ask as asking
from analyzer.errors import InputError
from analyzer.web.app import create_app
from analyzer.web.jobs import field_of
from tests import browser as install
from tests.cli_run import run_cli

HAND = "JK JH JD AH KH TH AS KS 7C 5D"
BID = {"hand": HAND, "deals": 2000, "seed": 0}
TAKE = {"hand": "KS KH KD 4C 9D 2H 7S", "pile": "KC 3D 8C", "players": 3, "deals": 1000, "seed": 0}


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


def finish(client, job_id, timeout=240.0):
    """Poll a job (long-polling, as the page does) until it is done, failed or cancelled."""
    deadline = time.monotonic() + timeout
    version = -1
    while time.monotonic() < deadline:
        job = client.get(f"/api/jobs/{job_id}?since={version}&wait=5").get_json()
        version = job["version"]
        if job["status"] in ("done", "error", "cancelled"):
            return job
    pytest.fail(f"job {job_id} did not finish in {timeout} s: {job}")


def submit(client, game, question, values):
    r = client.post("/api/jobs", json={"game": game, "question": question, "values": values})
    assert r.status_code == 202, r.get_json()
    return r.get_json()["id"]


# ----------------------------------------------------------------------------------- API

def test_questions_list_every_question_with_options_and_decks(client):
    body = client.get("/api/questions").get_json()
    asked = [(q["game"], q["question"]) for q in body["questions"]]
    assert asked == asking.questions()
    bid = next(q for q in body["questions"] if (q["game"], q["question"]) == ("five-hundred", "bid"))
    widgets = {o["name"]: o["widget"] for o in bid["options"]}
    assert widgets["hand"] == "cards" and widgets["auction"] == "auction" and widgets["score"] == "score"
    deals = next(o for o in bid["options"] if o["name"] == "deals")
    assert "50,000" in deals["placeholder"]                       # the command's default, shown
    defaults = {o["name"]: o["default"] for o in bid["options"]}
    # what the command takes when the field is left empty: plain values, or none to show
    assert defaults["hand"] is None and defaults["rules"] is None and defaults["contract_only"] is False
    assert defaults["seed"] == 0 and defaults["play"] == "heuristic" and defaults["deals"] is None
    for q in body["questions"]:
        for o in q["options"]:
            assert o["default"] is None or isinstance(o["default"], (str, int, float, bool, list)), o
            assert not (o["kind"] == "flag" and o["default"] is not False), (q["question"], o)
            assert "Sentinel" not in str(o["default"]), (q["question"], o)   # no library's private value
    take = next(q for q in body["questions"] if (q["game"], q["question"]) == ("rummy500", "take"))
    assert {o["name"]: o["widget"] for o in take["options"]}["table"] == "melds"
    decks = body["decks"]
    assert len(decks["five-hundred"]) == 43 and decks["five-hundred"][-1]["card"] == "JK"
    assert len(decks["sheepshead"]) == 32 and len(decks["euchre"]) == 24
    assert sum(c["copies"] for c in decks["pinochle"]) == 48 and {c["copies"] for c in decks["pinochle"]} == {2}
    assert sum(c["copies"] for c in decks["rummy500"]) == 54


def test_deck_follows_the_options(client):
    six = client.get("/api/deck?game=five-hundred&players=6").get_json()["deck"]
    assert len(six) == 63 and "13H" in {c["card"] for c in six}
    assert "JK" in {c["card"] for c in client.get("/api/deck?game=euchre&deck=25").get_json()["deck"]}
    two = client.get("/api/deck?game=rummy500&players=6").get_json()["deck"]
    assert {c["card"]: c["copies"] for c in two}["AS"] == 2
    none = client.get("/api/deck?game=rummy500&players=4&rules=jokers%3Dno").get_json()["deck"]
    assert "JK" not in {c["card"] for c in none}
    r = client.get("/api/deck?game=five-hundred&players=9")
    assert r.status_code == 400 and r.get_json()["error"] == "--players must be 2 to 6, not 9"


def test_five_hundred_bid_job_runs_to_the_commands_answer(client):
    job = finish(client, submit(client, "five-hundred", "bid", BID))
    assert job["status"] == "done", job
    assert job["done"] == job["total"] == 2000
    direct = asking.ask("five-hundred", "bid", BID)
    assert job["result"]["recommendation"] == direct.recommendation
    assert job["result"]["best"] == direct.best
    assert len(job["result"]["options"]) == len(direct.table)
    # the page's headers: every column of the answer shown once, under a readable label
    shown = [k for c in job["display"]["columns"] for k in c["keys"]]
    assert sorted(shown) == sorted(job["result"]["options"][0]) and "P(make) 95%" in [
        c["label"] for c in job["display"]["columns"]]
    while job["chart_pending"]:                      # drawn after the answer is out
        job = client.get(f"/api/jobs/{job['id']}?since={job['version']}&wait=5").get_json()
    png = client.get(job["chart"])
    assert png.status_code == 200 and png.mimetype == "image/png" and png.data[:4] == b"\x89PNG"


def test_rummy500_take_job_runs_to_the_commands_answer(client):
    job = finish(client, submit(client, "rummy500", "take", TAKE))
    assert job["status"] == "done", job
    assert job["result"]["recommendation"] == asking.ask("rummy500", "take", TAKE).recommendation


def test_record_question_gives_its_record(client):
    job = finish(client, submit(client, "five-hundred", "score", {"contract": "8H", "tricks": 9}))
    assert job["status"] == "done", job
    assert job["result"] == asking.ask("five-hundred", "score", {"contract": "8H", "tricks": 9})


@pytest.mark.parametrize("values, field, words", [
    ({"hand": HAND.replace("5D", "ZZ"), "deals": 2000}, "hand", "unknown card 'ZZ'"),
    ({"hand": HAND, "deals": "many"}, "deals", "Invalid value for '--deals'"),
    ({"hand": HAND, "deals": 2000, "auction": "7S pass 6H"}, "auction", None),
    ({"deals": 2000}, "hand", "Missing argument 'HAND'"),
])
def test_bad_input_gives_the_commands_words_and_the_field(client, values, field, words):
    job = finish(client, submit(client, "five-hundred", "bid", values))
    assert job["status"] == "error" and job["field"] == field, job
    with pytest.raises(InputError) as err:
        asking.ask("five-hundred", "bid", values)
    assert job["error"] == str(err.value)
    if words:
        assert words in job["error"]


def test_a_body_that_is_not_an_object_is_refused(client):
    r = client.post("/api/jobs", json=[1, 2])
    assert r.status_code == 400 and "JSON object" in r.get_json()["error"]


def test_unknown_question_or_option_is_refused_at_once(client):
    r = client.post("/api/jobs", json={"game": "five-hundred", "question": "fly", "values": {}})
    assert r.status_code == 400 and "has no question 'fly'" in r.get_json()["error"]
    r = client.post("/api/jobs", json={"game": "five-hundred", "question": "bid", "values": {"colour": "red"}})
    assert r.status_code == 400 and "takes no colour" in r.get_json()["error"]


def test_field_of_reads_flags_arguments_and_quoted_words():
    assert field_of("Invalid value for '--deals': 'x' is not a valid integer.", "five-hundred", "bid", {}) == "deals"
    assert field_of("Missing option '--upcard'.", "euchre", "order", {"hand": "9H"}) == "upcard"
    assert field_of("unknown card 'QX' (write rank then suit)", "rummy500", "take",
                    {"hand": "AS 2S", "pile": "QX"}) == "pile"
    assert field_of("something nobody can place", "five-hundred", "bid", {"hand": HAND}) is None


def test_jobs_run_side_by_side_and_cancel_stops_a_long_one(client):
    long_id = submit(client, "five-hundred", "bid", {"hand": HAND, "deals": 5_000_000, "threads": 1})
    short = finish(client, submit(client, "five-hundred", "bid", BID))     # not blocked by the long one
    assert short["status"] == "done"
    deadline = time.monotonic() + 120
    job = client.get(f"/api/jobs/{long_id}").get_json()
    while job["status"] != "running" and time.monotonic() < deadline:
        job = client.get(f"/api/jobs/{long_id}?since={job['version']}&wait=5").get_json()
    assert job["status"] == "running" and 0 < job["done"] < job["total"] == 5_000_000, job
    assert client.post(f"/api/jobs/{long_id}/cancel").status_code == 200
    started = time.monotonic()
    job = finish(client, long_id, timeout=60)
    assert job["status"] == "cancelled" and job["done"] < job["total"]
    assert time.monotonic() - started < 30
    assert client.post("/api/jobs/nope/cancel").status_code == 404


# ----------------------------------------------------------------------------------- CLI

def test_serve_refuses_a_bad_port(capsys):
    code, out, err = run_cli(["serve", "--port", "99999", "--no-browser"], capsys)
    assert code == 2 and err.strip() == "analyzer: error: --port must be 0 to 65535, not 99999"


def test_serve_refuses_a_port_in_use(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run_cli(["serve", "--port", str(port), "--no-browser"], capsys)
    assert code == 2
    assert err.strip() == f"analyzer: error: port {port} is in use on 127.0.0.1: choose another with --port"


# ----------------------------------------------------------------------------------- browser

@pytest.fixture(scope="session")
def browser_binaries():
    """Debian's Chromium and ChromeDriver, installed when missing (``tests.browser``: the
    install starts in the background as the run begins); never a silent skip."""
    why = install.wait_installed()
    if why:
        pytest.fail(why)
    return install.CHROMIUM, install.CHROMEDRIVER


@pytest.fixture(scope="module")
def server():
    """The app on a free port, served from a background thread."""
    from analyzer.web.server import make
    srv = make("127.0.0.1", 0)
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.socket.getsockname()[1]}"
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="module")
def browser(browser_binaries, tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    binary, driver_path = browser_binaries
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1400,1000"):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium')}")
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.implicitly_wait(0)
    yield driver
    driver.quit()


def _wait(driver, predicate, timeout=180.0, what="the page"):
    from selenium.webdriver.support.ui import WebDriverWait
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: predicate(d), f"waiting for {what}")


def _open(driver, url):
    from selenium.webdriver.common.by import By
    driver.get(url)
    _wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1", 30, "the form")


def _choose(driver, game, question):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    Select(driver.find_element(By.ID, "question")).select_by_value(question)


def _pick(driver, field, cards):
    from selenium.webdriver.common.by import By
    _click(driver, f'.field[data-name="{field}"] .pick-for')
    for card in cards.split():
        _click(driver, f'#picker button.card[data-card="{card}"]')


def _click(driver, css, tries=20):
    """Click the element ``css`` names, found afresh: the page redraws the picker when a
    field changes the deck (players, deck), which can replace an element between finding
    and clicking it (a stale reference)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    for i in range(tries):
        try:
            driver.find_element(By.CSS_SELECTOR, css).click()
            return
        except StaleElementReferenceException:
            if i == tries - 1:
                raise
            time.sleep(0.1)


def _type(driver, field, text):
    from selenium.webdriver.common.by import By
    box = driver.find_element(By.ID, f"f-{field}")
    box.clear()
    box.send_keys(str(text))


def _run_and_read(driver, count_before):
    """Click Run; the newest job's panel once it is done: (recommendation, panel)."""
    from selenium.webdriver.common.by import By
    driver.find_element(By.ID, "run").click()
    _wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#jobs .job")) > count_before, 30, "the job")
    panel = driver.find_elements(By.CSS_SELECTOR, "#jobs .job")[0]
    _wait(driver, lambda d: panel.get_attribute("data-status") in ("done", "error", "cancelled"), 180, "the answer")
    assert panel.get_attribute("data-status") == "done", panel.text
    return panel.find_element(By.CSS_SELECTOR, ".recommendation").text, panel


def test_the_page_in_a_browser(server, browser):
    from selenium.webdriver.common.by import By
    d = browser
    _open(d, server + "/")

    # Five Hundred: the hand clicked card by card, a small run, the answer on the page
    _choose(d, "five-hundred", "bid")
    _pick(d, "hand", HAND)
    assert d.find_element(By.ID, "f-hand").get_attribute("value") == HAND
    _type(d, "deals", 2000)
    _type(d, "examples", 1)
    recommendation, panel = _run_and_read(d, 0)
    assert recommendation == asking.ask("five-hundred", "bid", BID).recommendation
    assert panel.find_elements(By.CSS_SELECTOR, "table.answer-table tr.best")
    # the deal behind the answer: its diagram and the play, trick by trick
    example = panel.find_element(By.CSS_SELECTOR, ".examples .example")
    assert example.find_element(By.TAG_NAME, "h4").text.startswith("Example 1: deal")
    assert HAND.split()[0] in example.find_element(By.CSS_SELECTOR, "pre.diagram").text
    assert len(example.find_elements(By.CSS_SELECTOR, "ol.tricks li")) >= 10
    _wait(d, lambda _: d.execute_script(
        "const i = arguments[0]; return i.complete && i.naturalWidth > 0", panel.find_element(By.CSS_SELECTOR, "img.chart")),
        30, "the chart")
    link = panel.find_element(By.CSS_SELECTOR, "a.permalink").get_attribute("href")
    assert "game=five-hundred" in link and "question=bid" in link and "deals=2000" in link and "seed=0" in link
    assert d.current_url == link

    # the link, opened afresh, fills the form and runs the same question
    _open(d, link)
    assert d.find_element(By.ID, "f-hand").get_attribute("value") == HAND
    panel = d.find_elements(By.CSS_SELECTOR, "#jobs .job")
    _wait(d, lambda _: d.find_elements(By.CSS_SELECTOR, "#jobs .job")
          and d.find_elements(By.CSS_SELECTOR, "#jobs .job")[0].get_attribute("data-status") == "done", 180, "the rerun")
    assert d.find_element(By.CSS_SELECTOR, "#jobs .job .recommendation").text == recommendation

    # Rummy 500 take: hand and pile from the picker; a card in the hand is greyed for the pile
    _open(d, server + "/")
    _choose(d, "rummy500", "take")
    _type(d, "players", 3)
    _pick(d, "hand", TAKE["hand"])
    _pick(d, "pile", TAKE["pile"])
    ks = d.find_element(By.CSS_SELECTOR, '#picker button.card[data-card="KS"]')
    assert "used" in ks.get_attribute("class") and not ks.is_enabled()
    assert d.find_element(By.ID, "f-pile").get_attribute("value") == TAKE["pile"]
    _type(d, "deals", 1000)
    recommendation, panel = _run_and_read(d, 0)
    assert recommendation == asking.ask("rummy500", "take", TAKE).recommendation

    # a bad card: the command's words next to the hand field
    _open(d, server + "/")
    _choose(d, "five-hundred", "bid")
    _type(d, "hand", HAND.replace("5D", "ZZ"))
    _type(d, "deals", 2000)
    d.find_element(By.ID, "run").click()
    error = d.find_element(By.ID, "err-hand")
    _wait(d, lambda _: error.text, 60, "the error")
    assert error.text.startswith("unknown card 'ZZ'")
    assert "invalid" in d.find_element(By.CSS_SELECTOR, '.field[data-name="hand"]').get_attribute("class")

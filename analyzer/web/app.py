"""The Flask app behind ``analyzer serve``.

``/`` is the page (``static/index.html``); the page asks the JSON API:

- ``GET /api/questions``: every question with its options (``ask.describe``) and the
  control each gets, plus each game's default deck;
- ``GET /api/deck?game=...&players=...&deck=...&rules=...``: the deck those options give;
- ``POST /api/jobs`` ``{"game", "question", "values"}``: start a job, ``{"id"}`` back
  (400 with ``error`` and ``field`` for an unknown game, question or option);
- ``GET /api/jobs/<id>?since=V&wait=S``: its status, progress and, once done, the answer
  (``wait``: hold the request up to S seconds until the job's version passes V);
- ``POST /api/jobs/<id>/cancel``; ``GET /api/jobs/<id>/chart.png``.
"""

from __future__ import annotations

import os

from flask import Flask, jsonify, request, send_file, send_from_directory

from .. import ask as asking
from .. import registry
from ..errors import InputError
from . import decks
from .jobs import Jobs, field_of

STATIC = os.path.join(os.path.dirname(__file__), "static")
GAME_TITLES = {**registry.titles(), "match": "Match (model against model)"}


def catalogue() -> dict:
    """The questions and their forms, as the page builds them."""
    out = []
    games = []
    for game, question in asking.questions():
        if game not in games:
            games.append(game)
        options = []
        for o in asking.describe(game, question):
            d = o.as_dict()
            d["widget"] = decks.widget(game, question, o)
            d["placeholder"] = _default_text(o.help)
            options.append(d)
        help_text = asking.question(game, question).help.split("\n\n")[0]
        out.append({"game": game, "question": question, "help": help_text, "options": options})
    return {"games": [{"game": g, "title": GAME_TITLES.get(g, g)} for g in games], "questions": out,
            "decks": {g: decks.deck(g) for g in games if decks.uses_cards(g)},
            "deck_options": {g: list(decks.deck_options(g)) for g in games if decks.uses_cards(g)}}


def _default_text(help_text: str) -> str:
    start = help_text.find("[default:")
    if start < 0:
        return ""
    end = help_text.find("]", start)
    return help_text[start + 1:end if end > 0 else None].strip()


def create_app(jobs: Jobs | None = None) -> Flask:
    app = Flask(__name__, static_folder=None)
    app.config["JSON_SORT_KEYS"] = False
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    jobs = jobs or Jobs()
    app.extensions["analyzer_jobs"] = jobs
    cache: dict = {}

    @app.get("/")
    def index():
        response = send_from_directory(STATIC, "index.html")
        response.headers["Cache-Control"] = "no-cache"
        return response

    @app.get("/static/<path:name>")
    def static_file(name):
        response = send_from_directory(STATIC, name)
        response.headers["Cache-Control"] = "no-cache"
        return response

    @app.get("/api/questions")
    def questions():
        if "catalogue" not in cache:
            cache["catalogue"] = catalogue()
        return jsonify(cache["catalogue"])

    @app.get("/api/deck")
    def deck():
        game = request.args.get("game", "")
        values = {k: request.args.get(k) for k in ("players", "deck", "rules")}
        try:
            return jsonify({"game": game, "deck": decks.deck(game, values)})
        except InputError as err:
            return jsonify({"error": str(err)}), 400

    @app.post("/api/jobs")
    def submit():
        body = request.get_json(silent=True) or {}
        if not isinstance(body, dict):
            return jsonify({"error": "the body: a JSON object with game, question and values", "field": None}), 400
        game, question = str(body.get("game", "")), str(body.get("question", ""))
        values = body.get("values") or {}
        if not isinstance(values, dict):
            return jsonify({"error": "values: an object of option names and values", "field": None}), 400
        try:
            job = jobs.submit(game, question, values)
        except InputError as err:
            return jsonify({"error": str(err), "field": field_of(str(err), game, question, values)}), 400
        return jsonify(job.as_dict()), 202

    @app.get("/api/jobs")
    def listing():
        return jsonify([j.as_dict() for j in jobs.list()])

    @app.get("/api/jobs/<job_id>")
    def status(job_id):
        try:
            since = int(request.args.get("since", -1))
            wait = float(request.args.get("wait", 0))
        except ValueError:
            return jsonify({"error": "since: a number, wait: seconds"}), 400
        job = jobs.wait(job_id, since, wait) if wait > 0 else jobs.get(job_id)
        if job is None:
            return jsonify({"error": f"no job {job_id}"}), 404
        return jsonify(job.as_dict())

    @app.post("/api/jobs/<job_id>/cancel")
    def cancel(job_id):
        job = jobs.cancel(job_id)
        if job is None:
            return jsonify({"error": f"no job {job_id}"}), 404
        return jsonify(job.as_dict())

    @app.get("/api/jobs/<job_id>/chart.png")
    def chart(job_id):
        job = jobs.get(job_id)
        if job is None or not job.chart or not job.chart_path or not os.path.exists(job.chart_path):
            return jsonify({"error": f"no chart for job {job_id}"}), 404
        return send_file(job.chart_path, mimetype="image/png", max_age=3600)

    return app

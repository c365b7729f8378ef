"""The local web page of ``analyzer serve``: a Flask app (``app.create_app``), its job
threads (``jobs``), the decks its card pickers show (``decks``) and the static page
(``static/``: plain HTML, CSS and JavaScript, no build step)."""

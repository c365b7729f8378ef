"""The one exception type user input errors raise; the CLI turns it into exit status 2."""


class InputError(ValueError):
    """Bad user input: the message is one line naming the problem."""


class Interrupted(Exception):
    """A run stopped by Ctrl-C; the message says what was kept and how to go on."""


class Cancelled(Exception):
    """A run stopped by whoever watches it (``sim.runner.watching``: the web page's
    Cancel button); nothing of it is kept."""

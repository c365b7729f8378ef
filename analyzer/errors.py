"""The one exception type user input errors raise; the CLI turns it into exit status 2."""


class InputError(ValueError):
    """Bad user input: the message is one line naming the problem."""


class Interrupted(Exception):
    """A run stopped by Ctrl-C (or a kill): a stop, never an end.  The message says what
    was kept and how to go on (``--resume``); ``result`` holds what had finished (the
    runner's ``RunResult``) where a caller keeps it in a checkpoint of its own.  Not a
    KeyboardInterrupt: click would turn that into its own Abort on the way out."""

    def __init__(self, message: str = "", result=None):
        super().__init__(message)
        self.result = result


class Cancelled(Exception):
    """A run stopped by whoever watches it (``sim.runner.watching``: the web page's
    Cancel button); nothing of it is kept."""

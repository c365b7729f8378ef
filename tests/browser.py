"""Debian's Chromium and ChromeDriver for the web page's browser test, installed by the
test run itself when missing: started in the background as the run begins
(``conftest.pytest_collection_finish``), so the download overlaps the other tests, and
waited for by the browser fixture.  Never a silent skip: a failed install fails the test
with apt's words."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
COMMAND = "apt-get update && apt-get install -y --no-install-recommends chromium chromium-driver"
STATE = os.path.join(tempfile.gettempdir(), f"analyzer-browser-install-{os.getuid()}")


def installed() -> bool:
    return os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)


def start_install() -> None:
    """Start the install in the background unless the browser is there, apt-get is not,
    or another process of this run (or an earlier one still going) started it."""
    if installed() or shutil.which("apt-get") is None:
        return
    if _installing():
        return
    try:
        fd = os.open(STATE + ".lock", os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return
    os.close(fd)
    if os.path.exists(STATE + ".rc"):
        os.remove(STATE + ".rc")
    proc = subprocess.Popen(["sh", "-c", f"({COMMAND}) > {STATE}.log 2>&1; echo $? > {STATE}.rc.tmp; "
                                         f"mv {STATE}.rc.tmp {STATE}.rc; rm -f {STATE}.lock"],
                            start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    with open(STATE + ".lock", "w") as fh:
        fh.write(str(proc.pid))


def _installing() -> bool:
    """Whether an install holds the lock and its process is alive (a lock left by a killed
    install is removed)."""
    try:
        with open(STATE + ".lock") as fh:
            pid = int(fh.read().strip() or 0)
    except FileNotFoundError:
        return False
    except (OSError, ValueError):
        pid = 0
    if pid:
        try:
            os.kill(pid, 0)
            return True
        except ProcessLookupError:
            pass
        except PermissionError:
            return True
    elif time.time() - os.path.getmtime(STATE + ".lock") < 10:
        return True                  # just created: its pid is being written
    try:
        os.remove(STATE + ".lock")
    except OSError:
        pass
    return False


def wait_installed(timeout: float = 900.0) -> str | None:
    """None once Chromium and its driver are there (installing them now if nobody has
    started to); else why not, with the end of apt's output."""
    if installed():
        return None
    if shutil.which("apt-get") is None:
        return f"{CHROMIUM} or {CHROMEDRIVER} is missing and there is no apt-get to install them"
    start_install()
    deadline = time.monotonic() + timeout
    while _installing() and time.monotonic() < deadline:
        time.sleep(1.0)
    if installed():
        return None
    rc = open(STATE + ".rc").read().strip() if os.path.exists(STATE + ".rc") else "unknown"
    log = open(STATE + ".log", errors="replace").read()[-2000:] if os.path.exists(STATE + ".log") else ""
    return f"could not install chromium and chromium-driver ({COMMAND}: exit {rc}): {log}"

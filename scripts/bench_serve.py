#!/usr/bin/env python
"""How long the page of ``analyzer serve`` takes to answer the README's Quick start
question, next to the command line, measured in the same run (the shared machine is
noisy: compare the figures of one run, not of different runs).

    python scripts/bench_serve.py               # default deals (50,000), best of 3
    python scripts/bench_serve.py --deals 20000 --repeats 5

Figures (warm kernels: one untimed question first, in each process):
- cli: ``analyzer five-hundred bid HAND --json`` as a new process (what a user waits at
  the terminal: start-up, loading the kernels from the cache, the run);
- ask: the command's own code in this process (``analyzer.ask.ask``): the run alone;
- page: through HTTP to a running ``analyzer serve`` (a separate process, kernels warm),
  from the job's POST to the long-poll returning the answer (the chart PNG is drawn
  before the answer is published, as the command does with --plot);
- chart: ... to the chart PNG being ready (drawn after the answer is shown);
- page - ask: what the page adds to the run (thread, chart, JSON, HTTP, polling).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

HAND = "JK JH JD AH KH TH AS KS 7C 5D"


def start_server():
    proc = subprocess.Popen([sys.executable, "-m", "analyzer.cli.main", "serve", "--port", "0", "--no-browser"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    line = proc.stdout.readline()
    url = line.split("the page is at ", 1)[1].split()[0].rstrip("/")
    return proc, url


def post(url, body):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def get(url):
    with urllib.request.urlopen(url) as r:
        return json.load(r)


def page_answer(base, values):
    t0 = time.perf_counter()
    job = post(base + "/api/jobs", {"game": "five-hundred", "question": "bid", "values": values})
    version = -1
    while job["status"] not in ("done", "error", "cancelled"):
        job = get(f"{base}/api/jobs/{job['id']}?since={version}&wait=10")
        version = job["version"]
    elapsed = time.perf_counter() - t0
    assert job["status"] == "done", job
    while job["chart_pending"]:
        job = get(f"{base}/api/jobs/{job['id']}?since={job['version']}&wait=10")
    job["chart_seconds"] = time.perf_counter() - t0
    return elapsed, job


def cli_answer(values):
    cmd = [sys.executable, "-m", "analyzer.cli.main", "five-hundred", "bid", HAND, "--json"]
    if "deals" in values:
        cmd += ["--deals", str(values["deals"])]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    return time.perf_counter() - t0, json.loads(out)


def ask_answer(values):
    from analyzer.ask import ask
    t0 = time.perf_counter()
    answer = ask("five-hundred", "bid", values)
    return time.perf_counter() - t0, answer


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=None, help="deals (default: the command's, 50,000)")
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()
    values = {"hand": HAND} if args.deals is None else {"hand": HAND, "deals": args.deals}
    proc, base = start_server()
    try:
        page_answer(base, {"hand": HAND, "deals": 1000})          # warm the server's kernels
        ask_answer({"hand": HAND, "deals": 1000})                   # ... and this process's
        times = {"cli": [], "ask": [], "page": [], "chart": []}
        for _ in range(args.repeats):                               # interleaved: same load for each
            t, cli = cli_answer(values)
            times["cli"].append(t)
            t, answer = ask_answer(values)
            times["ask"].append(t)
            t, job = page_answer(base, values)
            times["page"].append(t)
            times["chart"].append(job["chart_seconds"])
            assert job["result"]["recommendation"] == answer.recommendation == cli["recommendation"]
    finally:
        proc.terminate()
        proc.wait(10)
    best = {k: min(v) for k, v in times.items()}
    deals = values.get("deals", "default (50,000)")
    print(f"five-hundred bid \"{HAND}\", deals {deals}, best of {args.repeats} (seconds)")
    for k in ("cli", "ask", "page", "chart"):
        print(f"  {k:<5} {best[k]:6.2f}   (all: {' '.join(f'{t:.2f}' for t in times[k])})")
    print(f"  page - ask  {best['page'] - best['ask']:+.2f}")
    print(f"  page - cli  {best['page'] - best['cli']:+.2f}")
    print(f"same answer everywhere: {answer.recommendation}")


if __name__ == "__main__":
    main()

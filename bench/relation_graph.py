"""Issue 16 figures: the relation graph in headless Chromium at 150, 450, 2,000 and 5,000 nodes.

Time from navigation to the first bubbles drawn, the longest main-thread task (PerformanceObserver
"longtask") until the page is quiet, and a relation-type filter toggle to the next frame
(webui/bench/relation-graph.bench.mjs), on the real platform: the web UI built if its build is
missing or older than its sources (ZHITU_NEXT_DIST names the build folder), `zhitu demo` on free
ports with a fresh ZHITU_HOME. The baseline, in the same run and browser, is elkjs "stress" laying
out the same network on the main thread as the page did before (up to BENCH_BASELINE_MAX nodes,
450 by default: minutes past that). BENCH_SIZES and BENCH_RUNS pass through to the browser script.
Skipped, with the reason, when node, Chromium or the web packages are missing.
"""
from __future__ import annotations

import json

from bench.web_platform import missing, run_script, running_platform

TARGETS = {450: 1000, 5000: 3000}  # nodes: drawn within ms
LONGEST_TASK_MS, TOGGLE_MS = 200, 100


def main() -> None:
    print("\n== relation graph in headless Chromium: drawn, longest main-thread task, filter toggle (issue 16)")
    reason = missing(("playwright-core", "elkjs", "next"))
    if reason:
        print(f"  skipped: {reason}")
        return
    with running_platform() as platform:
        output = run_script(platform, "bench/relation-graph.bench.mjs")
    rows = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    for row in rows:
        size = row["size"]
        checks = [f"longest task {row['longest task ms']} ms {'≤' if row['longest task ms'] <= LONGEST_TASK_MS else '>'} {LONGEST_TASK_MS}",
                  f"toggle {row['toggle ms']} ms {'<' if row['toggle ms'] < TOGGLE_MS else '≥'} {TOGGLE_MS}"]
        if size in TARGETS:
            checks.insert(0, f"drawn {row['drawn ms']} ms {'<' if row['drawn ms'] < TARGETS[size] else '≥'} {TARGETS[size]}")
        print(f"  target at {size:,} nodes: " + ", ".join(checks))

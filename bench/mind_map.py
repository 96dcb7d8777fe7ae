"""Issue 8 figures: the mind map in headless Chromium against simple-mind-map drawing the same tree.

For trees of 500, 2,000 and 10,000 nodes, the time from navigation to the map drawn and from a
click on collapse/expand to the next frame (webui/bench/mind-map.bench.mjs), on the real platform:
the web UI built if its build is missing or older than its sources (ZHITU_NEXT_DIST names the
build folder), `zhitu demo` on free ports with a fresh ZHITU_HOME. simple-mind-map (a dev
dependency of the web UI) draws the same folded tree in the same run as the baseline.
BENCH_SIZES and BENCH_RUNS pass through to the browser script. Skipped, with the reason, when
node, Chromium or the web packages are missing.
"""
from __future__ import annotations

import json

from bench.web_platform import missing, run_script, running_platform

TARGET_SIZE, TARGET_MS = 2000, 1500


def main() -> None:
    print("\n== mind map in headless Chromium: navigation to drawn, click to next frame (issue 8)")
    reason = missing(("playwright-core", "simple-mind-map", "next"))
    if reason:
        print(f"  skipped: {reason}")
        return
    with running_platform() as platform:
        output = run_script(platform, "bench/mind-map.bench.mjs")
    rows = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    for row in rows:
        print(f"  {row['size']:>6,} nodes  drawn {row['zhitu drawn']:6} ms (baseline {row['baseline drawn']:6} ms, ratio {row['ratio drawn']:.2f}x)"
              f"  collapse {row['zhitu collapse']:4} ms ({row['ratio collapse']:.2f}x)  expand {row['zhitu expand']:4} ms ({row['ratio expand']:.2f}x)")
    target = next((row for row in rows if row["size"] == TARGET_SIZE), None)
    if target:
        met = target["zhitu drawn"] < TARGET_MS
        print(f"  target: {TARGET_SIZE:,} nodes drawn under {TARGET_MS / 1000:.1f} s: {'met' if met else 'NOT met'} ({target['zhitu drawn']} ms)")

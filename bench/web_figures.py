"""Issue 9 figures: the largest first-load JavaScript of any route, and time to interactive of
/home and /excavate/knowledge_point in headless Chromium, each against the not-found page of the
same run (framework and shell alone) as the baseline (webui/bench/web-figures.mjs)."""
from __future__ import annotations

from bench.web_platform import missing, run_script, running_platform


def main() -> None:
    print("\n== web UI: first-load JavaScript by route, time to interactive (issue 9)")
    reason = missing()
    if reason:
        print(f"  skipped: {reason}")
        return
    with running_platform() as platform:
        run_script(platform, "bench/web-figures.mjs")

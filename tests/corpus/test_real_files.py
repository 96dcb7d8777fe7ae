"""Real files written by others (../shared/fixtures, ../shared/corpus): Zhitu imports at least 98%
of them faithfully (every name a teacher expects, no more than a root per graph) and refuses the
files that are not outlines with one clear error. `nox -s corpus` runs this and prints the figure."""
import pytest

from tests.corpus.faithful import measure, real_files

FILES = real_files()
THRESHOLD = 0.98


@pytest.mark.skipif(not FILES, reason="../shared/fixtures and ../shared/corpus are absent: no real files to read")
def test_real_files_are_imported_faithfully():
    outcomes = measure(FILES)
    good = sum(o.faithful for o in outcomes)
    print(f"\ncorpus files imported faithfully / total: {good} / {len(outcomes)} ({good / len(outcomes):.0%})")
    for outcome in outcomes:
        if not outcome.faithful:
            print(f"  not faithful: {outcome.path.name}: {outcome.detail}")
    assert good / len(outcomes) >= THRESHOLD

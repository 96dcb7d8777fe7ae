"""LAC on two cores (lac_processes): a long text's batches go to a helper process as well, and the
answers are the mining process's own, in order, whatever happens to the helper."""
import pytest

from tests.process_table import running
from toolkit.mining import lac_processes, lac_shim

# Distinct sentences (one_run and LAC see each as new), enough for MIN_BATCHES batches and more.
SENTENCES = [f"第{n}章讲线性表的第{n % 7 + 1}种存储结构与栈的{n % 5 + 2}个应用。" for n in range(lac_shim.BATCH_SIZE * 5 + 17)]


@pytest.fixture
def two_processes(monkeypatch):
    monkeypatch.setenv("ZHITU_LAC_PROCESSES", "2")
    if lac_processes.wanted() < 2:
        pytest.skip("this machine lets the process use one CPU core only: no LAC helper is started")
    lac_shim.run(SENTENCES, "seg")  # a run does not wait for a helper that is starting: let one start
    _settle()


def _settle() -> None:
    """Until every helper has answered the batch it holds (a run may end before its helpers do)."""
    import time

    deadline = time.monotonic() + 60
    while any(h.busy.locked() for h in lac_processes.helpers()) and time.monotonic() < deadline:
        time.sleep(0.05)


def _alone(monkeypatch, texts, mode, terms=()):
    monkeypatch.setenv("ZHITU_LAC_PROCESSES", "1")
    try:
        return lac_shim.run(texts, mode, terms)
    finally:
        monkeypatch.setenv("ZHITU_LAC_PROCESSES", "2")


def _helper_batches() -> int:
    return sum(h.batches for h in lac_processes.helpers())


@pytest.mark.parametrize("mode,terms", [("seg", ()), ("lac", ()), ("lac", ("线性表的第", "存储结构与栈"))])
def test_a_long_text_is_tagged_on_two_cores_with_the_same_answers(two_processes, monkeypatch, mode, terms):
    lac_shim.run(SENTENCES, mode, terms)  # the helper loads this mode and dictionary
    _settle()
    before = _helper_batches()
    both = lac_shim.run(SENTENCES, mode, terms)
    _settle()
    assert _helper_batches() > before, "no batch went to the helper"
    assert both == _alone(monkeypatch, SENTENCES, mode, terms)
    if terms:  # the helper loads the user dictionary too
        assert any("存储结构与栈" in words for words, _ in both)


def test_a_short_text_stays_in_the_mining_process(two_processes):
    before = _helper_batches()
    lac_shim.run(SENTENCES[:lac_shim.BATCH_SIZE * (lac_processes.MIN_BATCHES - 1)], "seg")
    _settle()
    assert _helper_batches() == before


def test_a_helper_killed_mid_run_leaves_its_batches_to_the_mining_process(two_processes, monkeypatch):
    expected = _alone(monkeypatch, SENTENCES, "seg")
    victims = lac_processes.helpers()  # up since the fixture

    def kill_the_helpers(fraction):
        for helper in victims:
            helper.process.kill()

    token = lac_shim.progress_hook.set(kill_the_helpers)
    try:
        assert lac_shim.run(SENTENCES, "seg") == expected
    finally:
        lac_shim.progress_hook.reset(token)
    for helper in victims:
        helper.process.wait(timeout=10)
        assert not helper.alive()
    # The next long text starts a new helper, and the one after has its help.
    assert lac_shim.run(SENTENCES, "seg") == expected
    _settle()
    before = _helper_batches()
    assert lac_shim.run(SENTENCES, "seg") == expected
    _settle()
    assert _helper_batches() > before and not set(lac_processes.helpers()) & set(victims)


def test_a_stopped_run_frees_the_helpers_for_the_next(two_processes, monkeypatch):
    class Stop(Exception):
        pass

    def stop(fraction):
        raise Stop

    token = lac_shim.progress_hook.set(stop)
    try:
        with pytest.raises(Stop):
            lac_shim.run(SENTENCES, "seg")
    finally:
        lac_shim.progress_hook.reset(token)
    _settle()
    assert lac_processes.helpers() and all(not h.busy.locked() for h in lac_processes.helpers())
    before = _helper_batches()
    assert lac_shim.run(SENTENCES, "seg") == _alone(monkeypatch, SENTENCES, "seg")
    _settle()
    assert _helper_batches() > before


def test_a_helper_outlives_the_thread_that_needed_it(two_processes, monkeypatch):
    import threading

    for helper in lac_processes.helpers():  # a helper of this test's own
        helper.process.kill()
        helper.process.wait(timeout=10)
    thread = threading.Thread(target=lac_shim.run, args=(SENTENCES, "seg"))
    thread.start()
    thread.join()
    _settle()
    started = lac_processes.helpers()
    assert started
    import time

    time.sleep(1)  # a death signal tied to that thread would have come by now
    assert all(h.alive() for h in started)
    before = _helper_batches()
    lac_shim.run(SENTENCES, "seg")
    _settle()
    assert _helper_batches() > before


def test_a_helper_ends_with_a_mining_process_killed_outright(two_processes, tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    script = ("import sys, time; from toolkit.mining import lac_processes, lac_shim; "
              f"lac_shim.run({SENTENCES!r}, 'seg'); "  # starts a helper (the run does not wait for it)
              "print(*[h.process.pid for h in lac_processes.helpers()], flush=True); time.sleep(60)")
    miner = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "ZHITU_LAC_PROCESSES": "2"})
    try:
        pids = [int(p) for p in miner.stdout.readline().split()]
        assert pids, "the mining process started no helper"
        miner.send_signal(signal.SIGKILL)
        miner.wait(timeout=10)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and any(running(p) for p in pids):
            time.sleep(0.2)
        assert not any(running(p) for p in pids)
    finally:
        miner.kill()


def test_a_run_does_not_wait_for_a_stuck_helper(two_processes, monkeypatch):
    import os
    import signal
    import threading

    expected = _alone(monkeypatch, SENTENCES, "seg")
    stuck = lac_processes.helpers()
    for helper in stuck:
        os.kill(helper.process.pid, signal.SIGSTOP)
    answers: list = []
    try:
        run = threading.Thread(target=lambda: answers.append(lac_shim.run(SENTENCES, "seg")))
        run.start()
        run.join(timeout=120)  # far below the helper's ANSWER_SECONDS: the mining process tags the held batch itself
        assert not run.is_alive(), "the run waited for the stuck helper"
        assert answers == [expected]
    finally:
        for helper in stuck:
            os.kill(helper.process.pid, signal.SIGCONT)
    _settle()

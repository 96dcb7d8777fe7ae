"""LAC answers the same for a text whatever the process segmented before it (lac_shim turns off
paddle's oneDNN kernels, whose shape cache made one earlier call spoil later batches)."""
import subprocess
import sys

from toolkit.mining import lac_shim

BATCH = ["电子干扰", "电子摧毁", "电子进攻"]


def test_a_batch_is_segmented_the_same_after_an_unrelated_call():
    # A fresh process: the wrong answers came only when this call was the process's first.
    script = ("from toolkit.mining import lac_shim; lac_shim.run(['天气很好我们去公园玩']); "
              f"print(lac_shim.run({BATCH!r}))")
    after = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1]
    assert after == str(lac_shim.run(BATCH))
    assert "['电子', '摧毁']" in after and "'a', 'a', 'a'" not in after


def test_one_run_tags_a_sentence_once_across_calls_and_answers_the_same(monkeypatch):
    sentences = ["线性表是由n个数据元素组成的有限序列。", "学习栈之前需要先掌握线性表。", "栈是一种线性表。"]
    plain = lac_shim.run(sentences, "lac")
    tagged: list[str] = []
    batches = lac_shim._batches

    def counting(texts, mode, terms):
        tagged.extend(texts)
        return batches(texts, mode, terms)

    monkeypatch.setattr(lac_shim, "_batches", counting)
    with lac_shim.one_run():
        assert lac_shim.run(sentences, "lac") == plain
        # A later call of the same run: only the sentence not seen yet, and another mode or dictionary apart.
        assert lac_shim.run([sentences[2], "队列是一种线性表。", sentences[0]], "lac") == [plain[2], lac_shim.run(["队列是一种线性表。"])[0], plain[0]]
        lac_shim.run([sentences[1]], "seg")
        lac_shim.run([sentences[1]], "lac", ["先掌握"])
    assert tagged == sentences + ["队列是一种线性表。", sentences[1], sentences[1]]
    # Outside a run nothing is kept; a repeated sentence within one call is tagged each time.
    tagged.clear()
    lac_shim.run(sentences[:1] * 2, "lac")
    with lac_shim.one_run():
        lac_shim.run(sentences[:1] * 2, "lac")
    assert tagged == sentences[:1] * 4

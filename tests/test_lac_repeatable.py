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

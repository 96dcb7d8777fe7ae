"""The hand judgements of held-out miner output (tests/data/mining/judged_*.tsv) read back whole: every
line a key of its kind, a 0/1 verdict and a reason; the sample they judge is fixed."""
from toolkit.mining import judged

KEY_FIELDS = {"definitions": 3, "relations": 4, "attribution": 3, "points": 2, "points_jieba": 2}


def test_every_judgement_has_a_verdict_and_a_reason():
    for kind, fields in KEY_FIELDS.items():
        path = judged.DATA / judged.FILES[kind]
        lines = [l for l in path.read_text(encoding="utf-8").splitlines() if l.strip() and not l.startswith("#")]
        assert len(lines) >= 26, kind
        for line in lines:
            parts = line.split("\t")
            assert len(parts) == fields + 2 and parts[-2] in ("0", "1") and parts[-1].strip(), (kind, line)
        assert len(judged.load(kind)) == len(lines), kind  # no key judged twice


def test_the_sample_is_fixed_and_keeps_output_order():
    rows = [{"key": (i,)} for i in range(120)]
    first, again = judged.sample(rows), judged.sample(list(rows))
    assert first == again and len(first) == judged.SAMPLE
    assert [r["key"] for r in first] == sorted(r["key"] for r in first)
    assert judged.sample(rows[:30]) == rows[:30]

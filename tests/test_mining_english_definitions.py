"""The English definition model's parts: the part-of-speech tagger it reads (textblob's bundled
lexicon, no download), and the JSON scoring in textmodel repeating scikit-learn's pipeline."""
import subprocess
import sys

import pytest

from toolkit.mining import english_cues, textmodel


def test_tags_come_from_the_bundled_lexicon_without_nltk():
    tagged = english_cues.pos_tags("A catalyst is a substance that speeds up a reaction.")
    assert tagged[:5] == [("A", "DT"), ("catalyst", "NN"), ("is", "VBZ"), ("a", "DT"), ("substance", "NN")]
    assert english_cues.tag_sequence("Mitosis is the division of a cell.") == "^ NNP VBZ DT NN IN DT NN . $"
    # textblob's package imports nltk (seconds); the tagger is loaded from its _text module alone.
    code = "import sys; from toolkit.mining import english_cues; english_cues.pos_tags('A b is c.'); print('nltk' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "False"


def test_shipped_english_model_has_its_tag_stage():
    model = textmodel.load("definitions_en")
    assert model is not None
    assert [spec["transform"] for stage in model.more_stages for spec in stage["vectorisers"]] == ["tags"]
    assert len(model.stack["coef"]) == 2 + len(english_cues.sentence_features("A test."))


def test_json_scoring_repeats_scikit_learn():
    pytest.importorskip("sklearn")
    from toolkit.mining import training

    texts = ["A catalyst is a substance that speeds up a reaction.", "An enzyme is a protein that speeds up reactions.",
             "The war ended in 1945 after six years.", "We walked to the market after the rain.",
             "A market is a place where buyers and sellers meet.", "The river flooded the town in 1998."] * 3
    labels = [1, 1, 0, 0, 1, 0] * 3
    for specs in training.ENGLISH_STAGES:
        tokens = [tuple(textmodel._tokens(t, spec) for spec in specs) for t in texts]
        pipeline = training._english_pipeline(specs).fit(tokens, labels)
        exported = training._export_linear(pipeline, specs, {})
        for text, tokens_of_text in zip(texts[:6], tokens[:6]):
            expected = pipeline.predict_proba([tokens_of_text])[0, 1]
            assert textmodel._linear_probability(exported, text) == pytest.approx(expected, abs=1e-4)


def test_an_appositive_name_between_the_term_and_its_verb():
    from toolkit.mining import definitions

    found = definitions.english_match("The plasma membrane, also called the cell membrane, is a biological membrane that "
                                      "separates the interior of a cell from its environment.", 0.9)
    assert found is not None and found.term == "plasma membrane"
    found = definitions.english_match("Osmosis, or the movement of water across a membrane, is a passive process.", 0.9)
    assert found is not None and found.term == "Osmosis"

"""Attainment arithmetic: pure functions over items and scores, no storage.

Notation: item i has full marks F_i > 0; s_ki is student k's score on it (0 <= s_ki <= F_i);
w_ij >= 0 is item i's weight in course objective j (an item with no weight for j does not assess j);
N students; t the threshold (default 0.6).

Course objective j, class-average method (the usual 直接评价):

    A_j = sum_i w_ij * (mean_k s_ki / F_i) / sum_i w_ij

With w_ij = F_i (what a sheet without weights gets) this is "the class's average scores on the
objective's items over their full marks"; with weights such as 0.3 (平时) and 0.7 (期末) it is the
weighted sum of the item ratios, the weights of one objective normalised to 1.

Per student: a_kj = sum_i w_ij * (s_ki / F_i) / sum_i w_ij. It is linear in the scores, so the
mean of a_kj over the class equals A_j. The per-student variant reports the share of students
at or above the threshold: P_j = |{k : a_kj >= t}| / N.

Several classes of one course and term pool by class size: A_j = sum_c N_c A_jc / sum_c N_c
(and likewise P_j).

Course: the minimum over its objectives, min_j A_j (a course is as attained as its weakest
objective), and the objective-weighted value sum_j v_j A_j / sum_j v_j, with v_j the objective's
weight attribute (1 when unset).

Graduation-requirement indicator p: courses c support p with strength s_c in {H, M, L}, mapped to
weights W(H), W(M), W(L) (default 3, 2, 1, configurable) and normalised over the supporting
courses that have results: u_c = W(s_c) / sum_c' W(s_c'). A course's value for p, a_cp, is the
mean of A_j over its objectives bound to p (a Support binding objective -> indicator), or its
objective-weighted value when none is bound. Then either

    weighted average:  A_p = sum_c u_c * a_cp
    minimum:           A_p = min_c a_cp

Every value lies in [0, 1] and none falls when a score rises.
"""
from __future__ import annotations

from dataclasses import dataclass, field

DEFAULT_THRESHOLD = 0.6
DEFAULT_STRENGTH_WEIGHTS = {"H": 3.0, "M": 2.0, "L": 1.0}
METHODS = ("weighted", "minimum")
BINS = 10  # the distribution over students: [0, 0.1), [0.1, 0.2) ... [0.9, 1.0]


@dataclass
class Item:
    name: str
    full_marks: float
    weights: dict[int, float]  # objective node id -> weight
    kind: str = ""
    # Objectives whose weight the sheet gave (the rest default to the full marks); not stored.
    explicit: set[int] = field(default_factory=set, compare=False, repr=False)

    def as_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind, "fullMarks": self.full_marks,
                "weights": {str(k): v for k, v in self.weights.items()}}

    @classmethod
    def from_dict(cls, data: dict) -> "Item":
        return cls(data["name"], float(data["fullMarks"]), {int(k): float(v) for k, v in data["weights"].items()},
                   data.get("kind", ""))


@dataclass
class Student:
    number: str
    name: str
    scores: list[float] = field(default_factory=list)


@dataclass
class ObjectiveResult:
    objective_id: int
    average: float | None          # A_j, None when no item assesses the objective
    share: float | None            # P_j
    students: int
    distribution: list[int]        # students per tenth of a_kj
    items: list[dict]              # name, fullMarks, weight (normalised), average score


def _weights_for(items: list[Item], objective_id: int) -> list[tuple[int, float]]:
    pairs = [(i, item.weights.get(objective_id, 0.0)) for i, item in enumerate(items)]
    return [(i, w) for i, w in pairs if w > 0]


def student_value(items: list[Item], scores: list[float], objective_id: int) -> float | None:
    """a_kj for one student."""
    pairs = _weights_for(items, objective_id)
    total = sum(w for _, w in pairs)
    if not total:
        return None
    return _clamp(sum(w * scores[i] / items[i].full_marks for i, w in pairs) / total)


def _clamp(value: float) -> float:
    # Rounding in the sums may step a hair outside [0, 1]; the formula itself cannot.
    return min(1.0, max(0.0, value))


def objective_result(items: list[Item], students: list[Student], objective_id: int,
                     threshold: float = DEFAULT_THRESHOLD) -> ObjectiveResult:
    pairs = _weights_for(items, objective_id)
    total = sum(w for _, w in pairs)
    count = len(students)
    averages = {i: (sum(s.scores[i] for s in students) / count if count else 0.0) for i, _ in pairs}
    item_rows = [{"name": items[i].name, "fullMarks": items[i].full_marks, "weight": w / total,
                  "average": averages[i]} for i, w in pairs] if total else []
    if not total or not count:
        return ObjectiveResult(objective_id, None, None, count, [0] * BINS, item_rows)
    average = _clamp(sum(w * averages[i] / items[i].full_marks for i, w in pairs) / total)
    values = [student_value(items, s.scores, objective_id) for s in students]
    distribution = [0] * BINS
    for value in values:
        distribution[min(BINS - 1, int(value * BINS))] += 1
    share = sum(1 for v in values if v >= threshold - 1e-12) / count
    return ObjectiveResult(objective_id, average, share, count, distribution, item_rows)


def pooled(results: list[ObjectiveResult]) -> ObjectiveResult | None:
    """One objective over several classes, weighted by class size."""
    assessed = [r for r in results if r.average is not None and r.students]
    if not assessed:
        return None
    size = sum(r.students for r in assessed)
    return ObjectiveResult(
        assessed[0].objective_id,
        sum(r.average * r.students for r in assessed) / size,
        sum(r.share * r.students for r in assessed) / size,
        size,
        [sum(r.distribution[b] for r in assessed) for b in range(BINS)],
        [row for r in assessed for row in r.items],
    )


def course_values(averages: dict[int, float | None], objective_weights: dict[int, float]) -> dict:
    """The course's minimum and objective-weighted values over its assessed objectives."""
    known = {k: v for k, v in averages.items() if v is not None}
    if not known:
        return {"minimum": None, "weighted": None}
    weights = {k: (objective_weights.get(k) or 1.0) for k in known}
    return {"minimum": min(known.values()), "weighted": sum(weights[k] * v for k, v in known.items()) / sum(weights.values())}


def strength_weights(text: str | dict | None) -> dict[str, float]:
    """H/M/L weights from 'H=3,M=2,L=1' (or a dict); unnamed letters keep their default."""
    from toolkit.errors import ValidationError

    weights = dict(DEFAULT_STRENGTH_WEIGHTS)
    if not text:
        return weights
    pairs = text.items() if isinstance(text, dict) else (part.split("=", 1) for part in str(text).split(",") if part.strip())
    for pair in pairs:
        try:
            letter, value = pair
            letter, number = str(letter).strip().upper(), float(value)
        except (TypeError, ValueError) as exc:
            raise ValidationError("error.field_invalid", field="weights") from exc
        if letter not in weights or not number >= 0 or number == float("inf"):
            raise ValidationError("error.field_invalid", field="weights")
        weights[letter] = number
    return weights


def indicator_value(contributions: list[tuple[str, float]], method: str, weights: dict[str, float]) -> float | None:
    """A_p from (strength, a_cp) pairs of the supporting courses with results."""
    if not contributions:
        return None
    if method == "minimum":
        return min(value for _, value in contributions)
    total = sum(weights.get(strength, 0.0) for strength, _ in contributions)
    if not total:
        return sum(value for _, value in contributions) / len(contributions)
    return _clamp(sum(weights.get(strength, 0.0) * value for strength, value in contributions) / total)

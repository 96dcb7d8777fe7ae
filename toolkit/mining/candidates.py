"""What every miner returns: a scored candidate that points back at its place in the source."""
from __future__ import annotations

from dataclasses import dataclass, field

KINDS = ("points", "definitions", "relations", "belong", "catalogue")


@dataclass
class Candidate:
    kind: str
    score: float
    payload: dict
    # {"page", "paragraph", "start", "end"} in the normalised text of the source.
    location: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"kind": self.kind, "score": round(self.score, 4), "payload": self.payload, "location": self.location}

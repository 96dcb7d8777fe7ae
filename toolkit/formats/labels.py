"""The names an export shows: entity types, relations and attributes by their display name in the
export's language, and the words of the file's own headings, so a teacher never reads a code.

`Labels.builtin` knows the built-in catalogue without a database (convert, tests);
`toolkit.templates.export_labels` gives a stored template's names, edits by an admin included.
"""
from __future__ import annotations

from dataclasses import dataclass, field

LANGS = ("zh-CN", "en")
CN_DIGITS = "一二三四五六七八九十"

# The headings a Zhitu file writes, (zh-CN, en); the readers know both (toolkit.formats.xlsx ALIASES).
WORDS: dict[str, tuple[str, str]] = {
    "id": ("节点ID", "Node ID"),
    "type": ("类型", "Type"),
    "desc": ("描述", "Description"),
    "define": ("定义", "Definition"),
    "tags": ("标签", "Tags"),
    "relations": ("关系", "Relations"),
    "start_id": ("起点ID", "Start ID"),
    "start": ("起点名称", "Start node"),
    "relation": ("关系", "Relation"),
    "target_id": ("终点ID", "End ID"),
    "target": ("终点名称", "End node"),
    "core": ("核心", "Core"),
    "yes": ("是", "Yes"),
}


def attribute_name(definition: dict, lang: str) -> str:
    """An attribute definition's label in `lang` (the Chinese name when it has no English one)."""
    return (definition.get("nameEn") if lang == "en" else "") or definition.get("name") or definition["code"]


@dataclass
class Labels:
    lang: str = "zh-CN"
    template: str = ""
    entities: dict[str, str] = field(default_factory=dict)                 # entity code -> name
    relations: dict[str, str] = field(default_factory=dict)                # relation code -> name
    attributes: dict[tuple[str, str], str] = field(default_factory=dict)   # (entity code, attribute code) -> name
    relation_attributes: dict[tuple[str, str], str] = field(default_factory=dict)  # (relation code, attribute code) -> name

    @classmethod
    def builtin(cls, lang: str = "zh-CN", template: str = "") -> "Labels":
        from toolkit import builtins

        english = lang == "en"
        labels = cls(lang=lang, template=template)
        for code, zh, en, _shape, definitions in builtins.ENTITY_TYPES:
            labels.entities[code] = en if english else zh
            for definition in definitions:
                labels.attributes[(code, definition["code"])] = attribute_name(definition, lang)
        for code, zh, en, *_rest, definitions in builtins.RELATION_TYPES:
            labels.relations[code] = en if english else zh
            for definition in definitions:
                labels.relation_attributes[(code, definition["code"])] = attribute_name(definition, lang)
        return labels

    def word(self, key: str) -> str:
        return WORDS[key][1 if self.lang == "en" else 0]

    def fact(self, label: str, value: object) -> str:
        """"标签：值" / "Label: value"."""
        return f"{label}{'：' if self.lang != 'en' else ': '}{value}"

    def aside(self, text: str) -> str:
        return f" ({text})" if self.lang == "en" else f"（{text}）"

    def join(self, facts: list[str]) -> str:
        return ("; " if self.lang == "en" else "　").join(facts)

    def level(self, index: int) -> str:
        """The heading of level column `index` (0 for the root): 一级… or Level 1…"""
        if self.lang == "en":
            return f"Level {index + 1}"
        return f"{CN_DIGITS[index] if index < len(CN_DIGITS) else index + 1}级"

    def entity(self, code: str) -> str:
        return self.entities.get(code) or code

    def relation(self, code: str) -> str:
        return self.relations.get(code) or code

    def attribute(self, code: str, entity_codes: list[str] | set[str] = ()) -> str:
        """The column heading of a node attribute: its name on the given node types (different names
        joined by " / "), else its name on any type, else its code."""
        return _heading(self.attributes, code, entity_codes)

    def relation_attribute(self, code: str, relation_codes: list[str] | set[str] = ()) -> str:
        return _heading(self.relation_attributes, code, relation_codes)


def _heading(names_of: dict[tuple[str, str], str], code: str, owners) -> str:
    names = list(dict.fromkeys(names_of[(owner, code)] for owner in owners if (owner, code) in names_of))
    if not names:
        names = list(dict.fromkeys(name for (_owner, c), name in names_of.items() if c == code))[:1]
    return " / ".join(names) or code

"""The TUI's words: every string a curator reads is a key of toolkit.messages (the `tui.` block),
looked up in the app's language; key bindings carry keys as descriptions and are translated here."""
from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

from toolkit import messages
from toolkit.errors import ZhituError


def text(key: str, lang: str, **params: object) -> str:
    return messages.text(key, lang, **params)


def localise_bindings(node: DOMNode, lang: str) -> None:
    """Replace `tui.` keys in a node's binding descriptions by the text in `lang`."""
    table = node._bindings.key_to_bindings
    ours: set[str] = set()
    for key, bindings in table.items():
        for binding in bindings:
            if binding.description.startswith("tui."):
                ours.add(binding.action)
        table[key] = [replace(b, description=text(b.description, lang), tooltip=text(b.description, lang))
                      if b.description.startswith("tui.") else b for b in bindings]
    node.zhitu_actions = ours  # what the help screen and the command palette list


def own_bindings(node: DOMNode):
    """The node's bindings that are ours (described by a catalogue key), as (key, binding)."""
    ours = getattr(node, "zhitu_actions", set())
    return [(key, binding) for key, binding in node._bindings if binding.action in ours]


def error_text(exc: ZhituError, lang: str) -> str:
    return exc.message(lang)

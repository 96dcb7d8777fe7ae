"""Help shows no value type beside a flag.

Typer 0.29 prints each option's type in help (`--name <str>`), flags too (`--debug <bool>`), which
reads as if the flag took a value: `zhitu --debug true` then fails on the extra argument. Flags keep
their name and help; options that take a value keep their type. A Typer laid out otherwise is left
as it is."""
from __future__ import annotations


def hide_flag_types() -> None:
    try:
        from typer.core import TyperOption
    except ImportError:
        return
    shown = TyperOption.display_type_rich
    if getattr(shown, "hides_flags", False):
        return

    def display_type_rich(self, ctx):
        if self.is_flag and self.metavar is None:
            return None
        return shown(self, ctx)

    display_type_rich.hides_flags = True
    TyperOption.display_type_rich = display_type_rich

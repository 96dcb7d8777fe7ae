"""The words Click and Typer print themselves (Usage:, the panel titles, [required], usage errors,
Aborted.) in the CLI's language.

Why not route gettext, as Click does: the Typer we run (0.29) carries its own copy of Click
(typer._click) whose sentences are plain f-strings, so gettext reaches only Typer's panel titles and
marks, and those are module constants fixed at import. So, once at start and only for a language
other than English, this module sets those constants from the catalogue and puts the catalogue's
sentence in place of Click's finished one where it is shown: the usage line, the --help option, the
error panel and the prompts. Each `click.` key's en text is Click's own sentence, read as a pattern
({name} stands for any text), so recognising and translating share one list; a sentence not in it
stays English. English runs leave Click and Typer untouched.
"""
from __future__ import annotations

import re
import string
from functools import lru_cache

from toolkit.messages import CATALOGUE, text

# Placeholders whose text is itself a Click sentence (the reason after "Invalid value for …:").
_NESTED = {"reason", "extra"}


@lru_cache(maxsize=None)
def _patterns() -> list[tuple[re.Pattern, str]]:
    """The sentences of `click.` keys with placeholders: those opening with words first (a finished
    "Value error, 'x' is not one of …" is a value error before it is a "… is not one of …"), then
    the most words first (a sentence with a tail, "…Did you mean…", before the one without)."""
    found = []
    for key, (_, en) in CATALOGUE.items():
        if not key.startswith("click.") or "{" not in en:
            continue
        pattern = "".join(re.escape(literal) + (f"(?P<{field}>.+?)" if field else "")
                          for literal, field, _, _ in string.Formatter().parse(en))
        words = sum(len(literal) for literal, _, _, _ in string.Formatter().parse(en))
        found.append((en.startswith("{"), -words, re.compile(pattern, re.DOTALL), key))
    found.sort(key=lambda item: item[:2])
    return [(pattern, key) for _, _, pattern, key in found]


def sentence(english: str, lang: str) -> str:
    """Click's finished sentence in `lang`, or as it is when the catalogue has no such sentence."""
    for key, (_, en) in CATALOGUE.items():
        if key.startswith("click.") and en == english:
            return text(key, lang)
    for pattern, key in _patterns():
        match = pattern.fullmatch(english)
        if match:
            params = {name: sentence(value, lang) if name in _NESTED else value for name, value in match.groupdict().items()}
            return text(key, lang, **params)
    return english


def speak(lang: str) -> None:
    """Make Click and Typer print their words in `lang` from now on in this process."""
    if lang == "en":
        return
    try:
        from typer import rich_utils
        from typer._click import core, termui
        from typer._click.formatting import HelpFormatter
    except ImportError:
        return  # a Typer laid out otherwise: its words stay English rather than the CLI failing (the tests say so)

    for constant, key in (("ARGUMENTS_PANEL_TITLE", "click.panel.arguments"), ("OPTIONS_PANEL_TITLE", "click.panel.options"),
                          ("COMMANDS_PANEL_TITLE", "click.panel.commands"), ("ERRORS_PANEL_TITLE", "click.panel.error"),
                          ("REQUIRED_LONG_STRING", "click.required"), ("DEPRECATED_STRING", "click.deprecated"),
                          ("ABORTED_TEXT", "click.aborted")):
        setattr(rich_utils, constant, text(key, lang))
    # Typer fills these with str.format later: keep their slots.
    rich_utils.DEFAULT_STRING = text("click.default", lang, default="{}")
    rich_utils.ENVVAR_STRING = text("click.envvar", lang, var="{}")
    rich_utils.RICH_HELP = text("click.try_help", lang, command_path="{command_path}", help_option="{help_option}")
    usage = text("click.usage", lang)
    rich_utils.OptionHighlighter.highlights = [*rich_utils.OptionHighlighter.highlights, f"(?P<usage>{re.escape(usage)})"]

    write_usage = HelpFormatter.write_usage

    def usage_in_lang(self, prog, args="", prefix=None):
        write_usage(self, prog, args, usage if prefix is None else prefix)

    HelpFormatter.write_usage = usage_in_lang

    get_help_option = core.Command.get_help_option

    def help_option_in_lang(self, ctx):
        option = get_help_option(self, ctx)
        if option is not None:
            option.help = sentence(option.help, lang)
        return option

    core.Command.get_help_option = help_option_in_lang

    show_error = rich_utils.rich_format_error

    def error_in_lang(error):
        message = sentence(error.format_message(), lang)
        error.format_message = lambda: message
        show_error(error)

    rich_utils.rich_format_error = error_in_lang

    # Prompts: "Repeat for confirmation" goes through _build_prompt, their errors through echo.
    build_prompt, echo = termui._build_prompt, termui.echo
    termui._build_prompt = lambda prompt, *args, **kwargs: build_prompt(sentence(prompt, lang), *args, **kwargs)
    termui.echo = lambda message=None, *args, **kwargs: echo(sentence(message, lang) if isinstance(message, str) else message, *args, **kwargs)

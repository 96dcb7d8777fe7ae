"""Zhitu (知图): the library behind the CLI, the TUI and the web service."""
__version__ = "0.1.0"

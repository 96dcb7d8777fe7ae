"""Widgets shared by the TUI's screens."""

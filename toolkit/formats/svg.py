"""`.svg` export of the tree (write only)."""
from toolkit.formats.render import svg as dumps, write  # noqa: F401

"""`.png` export of the tree (write only)."""
from toolkit.formats.render import png as dumps, write  # noqa: F401

"""`.pdf` export of the tree (write only)."""
from toolkit.formats.render import pdf as dumps, write  # noqa: F401

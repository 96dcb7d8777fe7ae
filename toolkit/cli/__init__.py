"""The `zhitu` command line."""

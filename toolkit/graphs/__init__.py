"""Graphs: storing, listing and (later) every graph operation of the product."""

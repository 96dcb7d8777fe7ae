"""Knowledge mining from text materials: sources, five miners, tasks and review (DESIGN.md "Mining")."""

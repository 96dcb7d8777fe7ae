"""Named exit codes of the `zhitu` command."""
OK = 0
ERROR = 1
USAGE = 2
INVALID = 3       # bad input: a wrong field, a bad file
NOT_FOUND = 4
FORBIDDEN = 5
CONFLICT = 6
AUTH = 7
DATABASE = 8

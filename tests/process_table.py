"""The machine's process table, read from /proc (Linux), for the tests of child processes: which
processes a server, a worker or a miner started, and whether they ended."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Process:
    pid: int
    state: str  # Z: ended, waiting for its parent to reap it
    parent: int
    group: int
    command: str

    @property
    def running(self) -> bool:
        return self.state != "Z"

    def environment(self) -> list[str]:
        """Its environment as NAME=value entries (empty once it has gone)."""
        try:
            return (Path("/proc") / str(self.pid) / "environ").read_bytes().decode(errors="replace").split("\0")
        except OSError:
            return []


def processes() -> list[Process]:
    """Every process now, zombies included (a process may end while it is read: it is left out)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            # The command in the stat line may hold spaces and brackets: the fields follow its last ")".
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        found.append(Process(int(entry.name), fields[0], int(fields[1]), int(fields[2]), command))
    return found


def children(pid: int) -> set[int]:
    return {p.pid for p in processes() if p.parent == pid}


def running(pid: int) -> bool:
    """Alive, and not a zombie waiting for its reaper."""
    return any(p.pid == pid and p.running for p in processes())

"""Role codes of SPEC §6 and what each may do."""
from __future__ import annotations

SUPER = "10"
ADMIN = "20"
EXPERT = "30"  # ordinary user
TEST = "test"
ROLE_CODES = (SUPER, ADMIN, EXPERT, TEST)

# Route meta speaks of role names; the database stores codes.
ROLE_NAMES = {SUPER: "super", ADMIN: "admin", EXPERT: "expert", TEST: "test"}

PROJECT_ADMIN = "10"
PROJECT_USER = "20"
PROJECT_ROLES = (PROJECT_ADMIN, PROJECT_USER)

# Permission codes handed to the web UI (getPermCode) to show or hide actions.
_ALL_GRAPH = ["graph:view", "graph:create", "graph:edit", "graph:delete", "graph:import", "graph:export", "graph:publish"]
PERMISSIONS = {
    SUPER: [*_ALL_GRAPH, "library:review", "manage:users", "manage:units", "manage:projects", "manage:templates",
            "manage:relations", "manage:carousel", "manage:sources", "manage:tasks", "manage:trials", "excavate:run"],
    ADMIN: [*_ALL_GRAPH, "library:review", "manage:users", "manage:units", "manage:projects", "manage:relations",
            "manage:carousel", "manage:sources", "manage:tasks", "manage:trials", "excavate:run"],
    EXPERT: [*_ALL_GRAPH, "excavate:run"],
    TEST: ["graph:view", "graph:export", "excavate:run"],
}


def role_name(code: str) -> str:
    return ROLE_NAMES.get(code, "")


def permissions(code: str) -> list[str]:
    return list(PERMISSIONS.get(code, []))


def can_manage(actor_role: str, target_role: str) -> bool:
    """An admin manages admins, experts and testers, never a super admin."""
    if actor_role == SUPER:
        return True
    if actor_role == ADMIN:
        return target_role in (ADMIN, EXPERT, TEST)
    return False

"""One registry of settings: name, default, environment variable, help.

Precedence: an explicit value (a CLI flag) > environment > config file > default.
The config file is ``$ZHITU_HOME/config.json``.
"""
from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable


@dataclass(frozen=True)
class Setting:
    name: str
    default: Any
    help: str
    parse: Callable[[str], Any] = str

    @property
    def env(self) -> str:
        return "ZHITU_" + self.name.upper()


def _bool(text: str) -> bool:
    return text.strip().lower() in {"1", "true", "yes", "on"}


REGISTRY: dict[str, Setting] = {
    s.name: s
    for s in [
        Setting("home", "~/.zhitu", "Data directory: the SQLite file, uploads, the signing key."),
        Setting("db", "", "Database URL; empty means sqlite in the data directory. postgres://… selects PostgreSQL."),
        Setting("secret", "", "Token signing key; empty means a key generated once into the data directory."),
        Setting("host", "127.0.0.1", "Address the server listens on."),
        Setting("port", 8000, "Port the server listens on.", int),
        Setting("workers", 1, "Number of Sanic worker processes.", int),
        Setting("startup_timeout", 60.0, "Seconds a server worker may take to start before the server stops (a busy machine needs more).", float),
        Setting("access_token_minutes", 30, "Lifetime of an access token in minutes.", int),
        Setting("refresh_token_seconds", 604800, "Lifetime of a refresh token in seconds.", int),
        Setting("login_failures_per_minute", 5, "Failed logins allowed per account and client address per minute.", int),
        Setting("proxies_count", 0, "Reverse proxies in front of the service: the client address is read from X-Forwarded-For only when above 0.", int),
        Setting("upload_max_mb", 200, "Largest accepted upload in MiB.", int),
        Setting("lang", "", "Language of CLI and TUI messages (zh-CN or en); empty follows the system locale."),
        Setting("webui_dir", "", "Folder of the Next.js web UI; empty means the webui/ folder beside the code."),
        Setting("webui_port", 0, "Internal port of the Next.js server; 0 picks the public port + 1.", int),
        Setting("debug", False, "Show tracebacks.", _bool),
        Setting("sms_sender", "", "SMS sender as module:attribute; empty writes codes to the log and the outbox."),
        Setting("sms_code_minutes", 5, "Lifetime of an SMS sign-in code in minutes.", int),
        Setting("sms_max_tries", 5, "Wrong tries that burn an SMS code.", int),
        Setting("sso_ticket_seconds", 60, "Lifetime of a single sign-on ticket in seconds.", int),
        Setting("public_url", "", "The address browsers reach the platform at (e.g. https://zhitu.example.edu); single sign-on returns browsers only to it and to sso_home_hosts. Empty: http://host:port of the server."),
        Setting("embedded_worker", True, "zhitu serve and zhitu demo run a mining worker beside the server; 0 where dedicated zhitu worker hosts run.", _bool),
        Setting("lac_processes", 2, "Processes that tag one long text with LAC at once, so a worker mines it on several cores; each helper loads LAC again (about 1 GB with all three of its modes). 1 keeps LAC in the mining process alone; at most the CPU cores count.", int),
        Setting("worker_wait_seconds", 30.0, "Seconds a queued mining task may wait unclaimed before it reports that no worker is running.", float),
        Setting("llm_url", "", "OpenAI-compatible endpoint for the optional LLM miners (e.g. http://127.0.0.1:8080/v1); empty keeps the offline miners."),
        Setting("llm_model", "", "Model name sent to the LLM endpoint."),
        Setting("llm_key", "", "API key for the LLM endpoint (sent as a Bearer token); best given in the environment."),
        Setting("llm_timeout", 120.0, "Seconds to wait for one answer of the LLM endpoint.", float),
        Setting("sso_home_hosts", "", "Extra hosts (comma-separated) that single sign-on may send a browser back to."),
    ]
}


# Settings are read on every request: the config file is parsed again only when its stat changes,
# and the signing key is read once per data folder.
_config_cache: dict[Path, tuple[tuple[int, int], dict[str, Any]]] = {}
_secret_cache: dict[Path, str] = {}


def _config_file(home: Path) -> dict[str, Any]:
    path = home / "config.json"
    try:
        stat = path.stat()
    except OSError:
        return {}
    stamp = (stat.st_mtime_ns, stat.st_size)
    cached = _config_cache.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    try:
        values = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        values = {}
    if not isinstance(values, dict):
        values = {}
    _config_cache[path] = (stamp, values)
    return values


def get(name: str, override: Any = None) -> Any:
    """The value of one setting, resolved by precedence."""
    setting = REGISTRY[name]
    if override is not None:
        return override
    raw = os.environ.get(setting.env)
    if raw not in (None, ""):
        return _parsed(setting, raw, setting.env)
    if name != "home":
        value = _config_file(home()).get(name)
        if value is not None:
            where = f"{name} ({home() / 'config.json'})"
            if isinstance(value, str):
                return _parsed(setting, value, where)
            return _checked_json(setting, value, where)
    return setting.default


def _checked_json(setting: Setting, value: Any, where: str) -> Any:
    """A config.json value that is no string must already be its setting's type ("port": [80] is not)."""
    kind = type(setting.default)
    fits = (isinstance(value, bool) if kind is bool
            else isinstance(value, (int, float)) and not isinstance(value, bool) and (kind is float or float(value).is_integer())
            if kind in (int, float) else isinstance(value, kind))
    if not fits:
        import json

        from toolkit.errors import ValidationError

        raise ValidationError("error.setting_invalid", setting=where, value=json.dumps(value, ensure_ascii=False))
    return kind(value) if kind in (int, float) else value


def _parsed(setting: Setting, raw: str, where: str) -> Any:
    """A written value as its setting's type; one that is not (ZHITU_PORT=abc) is a clear error."""
    try:
        return setting.parse(raw)
    except ValueError:
        from toolkit.errors import ValidationError  # errors → messages read settings: imported here

        raise ValidationError("error.setting_invalid", setting=where, value=raw) from None


def home() -> Path:
    """The data folder's path. Reading settings never makes it (a user who only ran `zhitu --help`
    or `zhitu validate` gets no ~/.zhitu): what writes there makes it first (the signing key,
    uploads_dir(), the SQLite file through db.tortoise_config)."""
    return Path(os.path.expanduser(str(get("home"))))


def db_url() -> str:
    url = get("db")
    if url:
        return url
    return f"sqlite://{home() / 'zhitu.sqlite3'}"


def secret_key() -> str:
    """The signing key; generated once and kept in the data directory so workers share it."""
    value = get("secret")
    if value:
        return value
    path = home() / "secret.key"
    if path in _secret_cache:
        return _secret_cache[path]
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(48), encoding="utf-8")
        path.chmod(0o600)
    _secret_cache[path] = path.read_text(encoding="utf-8").strip()
    return _secret_cache[path]


def uploads_dir() -> Path:
    path = home() / "uploads"
    path.mkdir(parents=True, exist_ok=True)
    return path


def webui_dir() -> Path:
    value = get("webui_dir")
    if value:
        return Path(value)
    return Path(__file__).resolve().parent.parent / "webui"

"""Reads settings from the environment at import time."""
import os

ENVIRONMENT = os.environ.get("APP_ENV", "development")


def _flag(name, default):
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.lower() in ("1", "true", "yes")


def load_settings():
    return {
        "env": ENVIRONMENT,
        "debug": _flag("APP_DEBUG", ENVIRONMENT != "production"),
        "workers": int(os.environ.get("APP_WORKERS", "2")),
    }

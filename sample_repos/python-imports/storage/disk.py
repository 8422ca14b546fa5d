"""Local-disk backend."""
import os
import os.path

ROOT = os.path.expanduser("~/.exports")


def _encode(data):
    return data.encode("utf-8")


def save(name, data):
    os.makedirs(ROOT, exist_ok=True)
    with open(os.path.join(ROOT, name), "wb") as handle:
        handle.write(_encode(data))


def load(name):
    with open(os.path.join(ROOT, name), "rb") as handle:
        return handle.read().decode("utf-8")

"""Object-store backend (an in-memory stand-in for a real bucket)."""
import base64
import hashlib

_OBJECTS = {}


def _encode(data):
    return base64.b64encode(data.encode("utf-8"))


def _key(name):
    return hashlib.sha1(name.encode("utf-8")).hexdigest()


def save(name, data):
    _OBJECTS[_key(name)] = _encode(data)


def load(name):
    return base64.b64decode(_OBJECTS[_key(name)]).decode("utf-8")

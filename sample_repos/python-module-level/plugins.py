"""A tiny plugin registry filled in at import time."""
import logging

log = logging.getLogger(__name__)
REGISTRY = {}


def plugin(func):
    REGISTRY[func.__name__] = func
    return func


def _check(name):
    if not name.isidentifier():
        raise ValueError(name)


@plugin
def greet(name):
    return "hello " + name


@plugin
def shout(name):
    return greet(name).upper() + "!"


class Catalog:
    names = sorted(REGISTRY)
    log.info("%d plugins", len(names))


for _name in REGISTRY:
    _check(_name)


def run(name, arg):
    return REGISTRY[name](arg)

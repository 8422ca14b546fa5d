"""_with_unit is private in helpers, so main's own definition stays in force."""


def _with_unit(value, unit):
    return f"{value}{unit}"


from helpers import *  # noqa: E402,F403


def describe(size):
    return format_size(size) + " / " + _with_unit(size, "bytes")


print(describe(2048))

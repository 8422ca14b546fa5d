"""Careful renderer: escapes every value first."""


def _escape(value):
    return str(value).replace("<", "&lt;")


def render(template, values):
    safe = tuple(_escape(value) for value in values)
    return template % safe

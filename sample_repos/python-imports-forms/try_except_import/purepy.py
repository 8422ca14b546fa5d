"""Pure-Python codec used when the extension is missing."""


def _pad(text):
    return text.ljust(8, ".")


def encode(text):
    return _pad(text)[::-1]

"""Toolkit without __all__: names it imported itself are public too."""

from core import checksum


def verify(data, expected):
    return checksum(data) == expected

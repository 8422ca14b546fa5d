"""Accelerated codec: needs the compiled _speedups extension."""

from _speedups import fast_encode


def encode(text):
    return fast_encode(text)

"""Low-level helpers."""


def checksum(data):
    return sum(data) % 256


def _internal_size(data):
    return len(data)

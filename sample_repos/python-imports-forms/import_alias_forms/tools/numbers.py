"""Number helpers."""


def clamp(value, low, high):
    return max(low, min(value, high))


def percent(fraction):
    return round(fraction * 100)

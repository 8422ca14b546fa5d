"""Price arithmetic in integer cents."""


def round_cents(value):
    return int(round(value))


def apply_discount(cents, percent):
    if not 0 <= percent <= 100:
        raise ValueError("percent out of range: %r" % percent)
    return round_cents(cents * (100 - percent) / 100)


def add_tax(cents, rate):
    return round_cents(cents * (1 + rate))

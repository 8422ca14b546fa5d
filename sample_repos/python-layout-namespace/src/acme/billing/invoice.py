from acme.shipping.rates import rate_for

try:
    from acme.billing._native import sum_cents
except ImportError:
    from acme.billing._pure import sum_cents


def total(lines, country):
    return sum_cents(lines) + rate_for(country)


class Invoice:
    def __init__(self, lines):
        self.lines = lines

    def amount(self, country):
        return total(self.lines, country)

"""One line of an order."""
from ..pricing import round_cents


def line_total(unit_cents, quantity):
    return round_cents(unit_cents * quantity)


def parse_line(text):
    sku, _, qty = text.partition("x")
    return sku.strip(), int(qty or 1)

"""Cart totals and checkout."""
from . import lines
from .. import pricing
from ..pricing import add_tax as with_tax

TAX_RATE = 0.2


def subtotal(entries):
    total = 0
    for unit_cents, quantity in entries:
        total += lines.line_total(unit_cents, quantity)
    return total


def checkout(entries, discount=0):
    amount = pricing.apply_discount(subtotal(entries), discount)
    return with_tax(amount, TAX_RATE)

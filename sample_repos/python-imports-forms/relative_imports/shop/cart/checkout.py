"""Checkout reaches its parent package and its own package relatively."""

from .. import apply_tax
from .. import discount as promo
from . import line_total


def checkout(basket):
    subtotal = 0
    for price, quantity in basket:
        subtotal += line_total(price, quantity)
    return apply_tax(promo(subtotal, 10))

"""Cart subpackage."""


def line_total(price, quantity):
    return price * quantity

def apply_tax(amount):
    return round(amount * 1.2, 2)


def checkout(prices):
    subtotal = sum(prices)
    return apply_tax(subtotal)


to_cents = lambda amount: int(amount * 100)

print(to_cents(checkout([1.5, 2.25])))

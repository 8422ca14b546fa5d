"""A shopping cart whose totals are computed properties."""


class Cart:
    def __init__(self, prices):
        self.prices = prices

    @property
    def subtotal(self):
        return sum(self.prices)

    @property
    def total(self):
        return round(self.subtotal * 1.2, 2)

    def summary(self):
        return "total: " + str(self.total)


cart = Cart([3.5, 4.25])
print(cart.total)
print(cart.summary())

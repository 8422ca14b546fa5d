class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        return Money(self.cents + other.cents)

    def __neg__(self):
        return Money(-self.cents)

    def __iadd__(self, other):
        self.cents += other.cents
        return self

    def __mul__(self, factor):
        return Money(self.cents * factor)


def ledger():
    a = Money(100)
    b = Money(250)
    total = a + b
    refund = -a
    total += b
    triple = a * 3
    plain = 1 + 2
    return total, refund, triple, plain


ledger()

class Money:
    def __init__(self, cents):
        self.cents = cents

    def currency_code(self):
        return "EUR"

    def same_currency(self, other):
        if not isinstance(other, Money):
            return NotImplemented
        return other.currency_code() == self.currency_code()


class Account:
    def __init__(self):
        self.balance = 0

    def deposit(self, cents):
        self.balance += cents


def transfer(target, amount):
    assert isinstance(target, Account)
    target.deposit(amount)


print(Money(1).same_currency(Money(2)))
transfer(Account(), 5)

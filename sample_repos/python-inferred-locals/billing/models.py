"""Invoices and receipts."""
import datetime


class Invoice:
    def __init__(self, customer):
        self.customer = customer
        self.lines = []

    def add_line(self, label, cents):
        self.lines.append((label, cents))

    def total(self):
        return sum(cents for _, cents in self.lines)

    def render(self):
        return "Invoice for %s: %d" % (self.customer, self.total())

    def mark_settled(self):
        self.lines.clear()


class Receipt:
    def __init__(self, cents):
        self.cents = cents
        self.issued = datetime.date.today()

    def total(self):
        return self.cents

    def render(self):
        return "Received %d on %s" % (self.total(), self.issued.isoformat())


def make_invoice(customer):
    return Invoice(customer.title())

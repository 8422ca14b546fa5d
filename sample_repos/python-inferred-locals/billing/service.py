"""Billing workflows built on the models."""
from billing.models import Invoice, Receipt, make_invoice

LAST_RECEIPT = Receipt(0)


def bill(customer, items):
    invoice = make_invoice(customer)
    for label, cents in items:
        invoice.add_line(label, cents)
    receipt = Receipt(invoice.total())
    return invoice.render(), receipt.render()


def walk_in(items):
    invoice = Invoice("walk-in")

    def add(label, cents):
        invoice.add_line(label, cents)

    for label, cents in items:
        add(label, cents)
    return invoice.total()


def reissue(cents):
    document = Invoice("reissue")
    first = document.render()
    document = Receipt(cents)
    return first + document.render()


def last_receipt_text():
    return LAST_RECEIPT.render()


def _format_cents(cents):
    return "%d.%02d" % divmod(cents, 100)


def price_list(items):
    fmt = _format_cents
    return [label + " " + fmt(cents) for label, cents in items]


def print_all(documents):
    for doc in documents:
        print(doc.render())
    print(documents[0].total())


def settle(document):
    document.mark_settled()

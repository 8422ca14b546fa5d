"""Invoices inherit rendering from documents.Document."""

from documents import Document


class Invoice(Document):
    def line_items(self):
        return ["coffee 3.00", "cake 4.50"]

    def printable(self):
        return self.render(self.line_items())


invoice = Invoice("Invoice 17")
print(invoice.header())
print(invoice.printable())

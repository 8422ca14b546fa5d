import random


class Invoice:
    def finalize_totals(self):
        print("finalized")


def settle(record):
    invoice, note = record
    invoice.finalize_totals()
    print(note)


records = [(Invoice(), "first")]
settle(random.choice(records))

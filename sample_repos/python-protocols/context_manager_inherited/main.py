"""A transaction is a session; it adds no __enter__ or __exit__ of its own."""

from sessions import Session


class Transaction(Session):
    def __init__(self, name):
        self.name = name

    def commit(self):
        print("commit", self.name)


def transfer():
    tx = Transaction("transfer")
    with tx:
        tx.commit()


transfer()

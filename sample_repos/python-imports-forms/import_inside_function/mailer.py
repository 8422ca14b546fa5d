"""Outgoing mail (printed, for the demo)."""


def send(address, body):
    print("mail to", address, len(body))

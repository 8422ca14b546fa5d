"""Bank accounts: opening one normalises the owner's name."""


def normalize_owner(name):
    return name.strip().title()


class Account:
    def __init__(self, owner, balance=0):
        self.owner = normalize_owner(owner)
        self.balance = balance

    def deposit(self, amount):
        self.balance += amount
        return self.balance


def open_account(owner):
    account = Account(owner)
    account.deposit(100)
    return account


open_account("  ada lovelace ")

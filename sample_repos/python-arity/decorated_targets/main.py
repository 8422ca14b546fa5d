import os
from unittest import mock


class Slot:
    def __init__(self, func):
        self.func = func

    def one(self, a):
        return self.func(a)


@mock.patch("os.getcwd")
def check(a, fake_getcwd):
    fake_getcwd.return_value = a
    return os.getcwd()


def plain(a, b):
    return a + b


def run():
    Slot(check).one("/tmp")
    Slot(plain)


run()

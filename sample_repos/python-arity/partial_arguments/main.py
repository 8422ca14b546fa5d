import functools


class Slot:
    def __init__(self, func):
        self.func = func

    def one(self, a):
        return self.func(a)


def label(prefix, text):
    return prefix + text


def shout(text):
    return text.upper()


def run():
    Slot(functools.partial(label, "> ")).one("a")
    Slot(shout).one("b")


run()

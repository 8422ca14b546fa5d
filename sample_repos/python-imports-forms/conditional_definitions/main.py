"""A function and a class defined one way or another, depending on the platform."""

import sys


def plain(text):
    return text


if sys.platform == "win32":

    def clear_screen():
        return plain("cls")

    class Console:
        def width(self):
            return 80

else:

    def clear_screen():
        return plain("clear")

    class Console:
        def width(self):
            return 120


try:
    from colors import paint
except ImportError:

    def paint(text):
        return plain(text)


def main():
    print(clear_screen(), Console().width(), paint("ok"))


main()

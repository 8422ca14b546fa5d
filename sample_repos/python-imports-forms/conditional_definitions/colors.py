from _termcolors import ansi


def paint(text):
    return ansi(text)

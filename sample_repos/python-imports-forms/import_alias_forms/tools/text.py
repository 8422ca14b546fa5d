"""Text helpers."""


def banner(title):
    return "== " + title + " =="


def truncate(text, width):
    return text[:width]

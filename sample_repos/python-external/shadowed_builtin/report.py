"""Writes a report file with the real builtin open()."""


def render(name):
    with open(name + ".txt", "w") as handle:
        handle.write("report for " + name)
    return len(name)

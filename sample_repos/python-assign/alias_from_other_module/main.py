from config import formatter


def show(values):
    for value in values:
        print(formatter(value))


show([1.25, 2.5, 3.75])

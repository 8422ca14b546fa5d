"""Word statistics using only builtins."""


def load_words(path):
    with open(path) as handle:
        return handle.read().split()


def rank(words, limit):
    unique = sorted(set(words), key=len, reverse=True)
    return list(enumerate(unique[:limit], start=1))


def describe(value):
    if isinstance(value, (list, tuple)):
        return "sequence of " + str(len(value))
    return repr(value)


def main():
    words = load_words("main.py")
    for position, word in rank(words, 3):
        print(position, word)
    print(describe(words))


main()

class Formatter:
    def shout(self, word):
        return word.upper() + "!"


def shout_all(words):
    formatter = Formatter()
    return list(map(formatter.shout, words))


print(shout_all(["a", "b"]))

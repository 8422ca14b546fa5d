def shout(words):
    return words.upper()


def whisper(words):
    return words.lower()

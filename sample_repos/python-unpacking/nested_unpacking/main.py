def connect():
    print("connect")


def close():
    print("close")


def log():
    print("log")


def lifecycle():
    (opener, closer), logger = (connect, close), log
    opener()
    logger()
    closer()


lifecycle()

"""A contextlib.contextmanager generator: `with opened() as s` binds s to what it yields."""

import contextlib


class Session:
    def query(self, text):
        return text.strip()

    def close(self):
        return None


class Cache:
    """Also has a query method: `session.query` is not a unique name."""

    def query(self, text):
        return text


@contextlib.contextmanager
def opened():
    session = Session()
    try:
        yield session
    finally:
        session.close()


def counter():
    total = 0
    while True:
        step = yield total
        total += step


def main():
    with opened() as session:
        print(session.query(" select "))
    running = counter()
    next(running)
    print(running.send(3))


main()

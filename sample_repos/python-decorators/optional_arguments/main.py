from functools import partial


def logged(func=None, *, prefix="log"):
    if func is None:
        return partial(logged, prefix=prefix)

    def wrapper(*args):
        print(prefix, func.__name__)
        return func(*args)

    return wrapper


@logged
def save(order):
    print("saving", order)


def run():
    save(1)


run()

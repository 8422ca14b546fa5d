import functools
import time


def timed(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        result = func(*args, **kwargs)
        print(func.__name__, "took", time.perf_counter() - start)
        return result
    return wrapper


@timed
def build_index(paths):
    return sorted(paths)


build_index(["b.txt", "a.txt"])

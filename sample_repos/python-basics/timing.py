"""Small decorators used by the command-line entry point."""
import functools
import time


def timed(func):
    @functools.wraps(func)
    def wrapper(*args):
        started = time.perf_counter()
        result = func(*args)
        print("took %.3fs" % (time.perf_counter() - started))
        return result

    return wrapper


def _bind_retries(times, func):
    def wrapper(*args):
        for attempt in range(times - 1):
            try:
                return func(*args)
            except OSError:
                pass
        return func(*args)

    return wrapper


def retrying(times):
    return functools.partial(_bind_retries, times)

from functools import partial


def retry(times, action):
    for _ in range(times):
        action()


def ping():
    print("ping")


def schedule():
    task = partial(retry, 3, ping)
    task()


schedule()

import functools


def send(channel, message):
    print(channel, message)


def notify_all(messages):
    to_ops = functools.partial(send, "ops")
    for message in messages:
        to_ops(message)


notify_all(["disk full"])

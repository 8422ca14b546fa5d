from typing import Optional


class Channel:
    def send(self, text):
        print("sent", text)


class Mailbox:
    def deliver(self, text):
        print("delivered", text)


def notify(channel: Channel, fallback: Optional["Mailbox"] = None, queue: list[Channel] = ()):
    channel.send("hi")
    if fallback is not None:
        fallback.deliver("hi")
    return len(queue)


if __name__ == "__main__":
    import sys

    handlers = {"channel": Channel(), "fallback": Mailbox()}
    getattr(sys.modules[__name__], "notify")(**handlers)

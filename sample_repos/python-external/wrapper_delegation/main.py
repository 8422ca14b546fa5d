"""A wrapper delegating to the object it wraps: `self.sock.send()` inside `send` is the
wrapped socket's method, not a recursive call of the wrapper's own (unique) `send`."""


class BufferedSocket:
    def __init__(self, sock):
        self.sock = sock
        self.sent = 0

    def send(self, data):
        self.sent += len(data)
        return self.sock.send(data)


def wrap(sock):
    return BufferedSocket(sock)

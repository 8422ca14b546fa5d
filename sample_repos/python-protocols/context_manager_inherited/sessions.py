"""Base session: connecting and disconnecting live here."""


class Session:
    def __enter__(self):
        self.connect()
        return self

    def __exit__(self, exc_type, exc, tb):
        self.disconnect()

    def connect(self):
        print("connect")

    def disconnect(self):
        print("disconnect")

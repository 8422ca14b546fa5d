class Serializer:
    def load_payload(self, payload):
        return payload.split(",")

    def loads(self, text):
        return self.load_payload(text.strip())


class TimedSerializer(Serializer):
    def loads(self, text):
        return self.load_payload(text.strip()), 0


class CompressedMixin:
    """Not a Serializer: it overrides load_payload in the classes that mix it in."""

    def load_payload(self, payload):
        return [part.upper() for part in payload.split(",")]


class CompressedTimedSerializer(CompressedMixin, TimedSerializer):
    pass


class Logger:
    """Has a load_payload too, but is mixed into no Serializer."""

    def load_payload(self, payload):
        return payload


def main():
    print(Serializer().loads("a,b"), CompressedTimedSerializer().loads("c,d"))
    print(TimedSerializer().loads("e"), Logger().load_payload("f"))


main()

class Serializer:
    def load_payload(self, payload):
        return payload.split(",")


class CompressedMixin:
    """Its bases define no load_payload: super() goes on along the instance's MRO."""

    def load_payload(self, payload):
        return super().load_payload(payload.lower())


class LoggingMixin(Serializer):
    def load_payload(self, payload):
        return super().load_payload(payload)


class Quiet(Serializer):
    def load_payload(self, payload):
        return []


class CompressedSerializer(CompressedMixin, Serializer):
    pass


class LoggedQuiet(LoggingMixin, Quiet):
    """super() in LoggingMixin reaches Quiet.load_payload here, not Serializer's."""


def main():
    print(CompressedSerializer().load_payload("A,B"), LoggedQuiet().load_payload("c"))


main()

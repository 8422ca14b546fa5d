class QuotaError(ValueError):
    pass


def parse_port(text):
    if not isinstance(text, str):
        raise TypeError("port must be text")
    port = int(text)
    if port > 65535:
        raise ValueError("port out of range")
    return port


def reserve(count):
    if count > 10:
        raise QuotaError("too many")
    return count


def main():
    try:
        parse_port("70000")
    except ValueError as err:
        print("bad port:", err)
    reserve(3)


main()

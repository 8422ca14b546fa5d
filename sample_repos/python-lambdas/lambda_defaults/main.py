def shout(text):
    return text.upper()


def render(name, value, format_name=lambda n: "*" + n, format_value=shout):
    return format_name(name) + "=" + format_value(value)


def main():
    print(render("a", "b"), render("c", "d", format_name=lambda n: n))


main()

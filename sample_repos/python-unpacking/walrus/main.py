def parse_header(line):
    return line.split(":")[0]


def validate(line):
    print("ok", line)


def handle(line):
    if header := parse_header(line):
        print(header)
    if checker := validate:
        checker(line)


handle("a: b")

"""Reading a log lazily with a generator function."""


def parse_entry(line):
    return (len(line), line)


def read_entries(lines):
    for line in lines:
        if line:
            yield parse_entry(line)


def first_entry(lines):
    entries = read_entries(lines)
    return next(entries)


def count_entries(lines):
    total = 0
    for _ in read_entries(lines):
        total += 1
    return total


LOG = ["boot ok", "", "disk full"]
print(first_entry(LOG), count_entries(LOG))

def line_count(lines):
    return len(lines)


def longest_line(lines):
    return max(len(line) for line in lines)


def measure(lines, metric):
    return metric(lines)


poem = ["roses are red", "violets are blue"]
print(measure(poem, line_count))
print(measure(poem, longest_line))

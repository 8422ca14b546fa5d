def sum_cents(lines):
    return sum(lines)

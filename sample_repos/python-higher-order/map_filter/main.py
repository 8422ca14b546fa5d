def double(n):
    return n * 2


def is_even(n):
    return n % 2 == 0


def transform(numbers):
    doubled = list(map(double, numbers))
    return list(filter(is_even, doubled))


print(transform([1, 2, 3]))

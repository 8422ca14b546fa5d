from functools import reduce


def merge(left, right):
    return {**left, **right}


def combine(configs):
    return reduce(merge, configs, {})


print(combine([{"a": 1}, {"b": 2}]))

def to_celsius(value):
    return (value - 32) * 5 / 9


def to_fahrenheit(value):
    return value * 9 / 5 + 32


def converter_for(unit):
    if unit == "C":
        return to_celsius
    return to_fahrenheit


def convert(value, unit):
    convert_fn = converter_for(unit)
    return convert_fn(value)


print(convert(100, "C"))
print(convert(20, "F"))

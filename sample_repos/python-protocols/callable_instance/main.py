"""Validators are objects called like functions (__call__)."""


class MinLength:
    def __init__(self, limit):
        self.limit = limit

    def __call__(self, value):
        return len(value) >= self.limit


class NotBlank:
    def __call__(self, value):
        return value != ""


def validate(password):
    too_short = MinLength(8)
    present = NotBlank()
    return present(password) and too_short(password)


print(validate("hunter2"))

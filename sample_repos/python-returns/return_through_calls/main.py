def checksum(data):
    return sum(data) % 256


def pick_algorithm():
    return checksum


def configured_algorithm():
    return pick_algorithm()


def verify(data):
    algorithm = configured_algorithm()
    return algorithm(data)


print(verify([1, 2, 3]))

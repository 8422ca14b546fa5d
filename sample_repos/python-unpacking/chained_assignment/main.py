def compress(data):
    return data[:10]


def encrypt(data):
    return data[::-1]


def protect(data):
    first = second = compress
    third = fourth = encrypt
    return fourth(second(data))


def protect_all(data):
    a = b = c = encrypt
    return a(b(c(data)))


print(protect("abcdefghijklmnop"))
print(protect_all("xyz"))

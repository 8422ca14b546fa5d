def compress(data):
    return data[::2]


def archive(data):
    packer = compress
    backup = packer
    handler = backup
    return handler(data)


print(archive("abcdefgh"))

"""The server engine."""


def bind(port):
    print("listening on", port)


def start_server(port):
    bind(port)
    return port

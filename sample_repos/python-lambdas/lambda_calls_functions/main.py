def read_settings(path):
    print("reading", path)
    return {"port": 8080}


def open_socket(port):
    print("listening on", port)


boot = lambda path: open_socket(read_settings(path)["port"])

boot("app.toml")

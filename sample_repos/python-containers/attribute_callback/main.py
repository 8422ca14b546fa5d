"""A download job that reports back through a stored callback."""


def on_done(path):
    print("saved to", path)


def on_error(reason):
    print("failed:", reason)


class Download:
    def __init__(self, url):
        self.url = url
        self.callback = on_done
        self.target = "/tmp/download-" + str(len(url))

    def finish(self):
        self.callback(self.target)


job = Download("https://example.org/file")
job.finish()

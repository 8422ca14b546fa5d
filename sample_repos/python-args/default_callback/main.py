def print_progress(done, total):
    print(done, "/", total)


def download(urls, report=print_progress):
    for index, url in enumerate(urls):
        report(index + 1, len(urls))


download(["https://example.com/a", "https://example.com/b"])

def fetch():
    return "fetched"


def parse(text):
    return text.upper()


def store(text):
    print("stored", text)


def run_pipeline():
    head, *rest = fetch, parse, store
    data = head()
    for step in rest:
        data = step(data)
    return data


def run_tail():
    *init, last = fetch, parse, store
    last("done")


run_pipeline()
run_tail()

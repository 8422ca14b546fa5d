def strip(text):
    return text.strip()


def title(text):
    return text.title()


def exclaim(text):
    return text + "!"


def pipeline(first, *steps):
    text = first("  hello world ")
    text = steps[0](text)
    for step in steps:
        text = step(text)
    return text


print(pipeline(strip, title, exclaim))

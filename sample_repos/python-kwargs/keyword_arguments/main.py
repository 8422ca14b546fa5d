def plain(text):
    return text


def upper(text):
    return text.upper()


def lower(text):
    return text.lower()


def render(page, formatter=plain):
    return formatter(page)


print(render("Home", formatter=upper), render("Home", formatter=lower), render("Home"))

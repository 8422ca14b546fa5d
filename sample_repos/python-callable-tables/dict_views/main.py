def home():
    return "home"


def about():
    return "about"


ROUTES = {"/": home, "/about": about}


def render_all():
    pages = []
    for path, view in ROUTES.items():
        pages.append(path + view())
    for view in ROUTES.values():
        pages.append(view())
    return pages, sorted(ROUTES.keys())


print(render_all())

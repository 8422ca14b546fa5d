def ignore():
    pass


def greet():
    print("hello")


def make_button():
    on_click = ignore

    def bind(function):
        nonlocal on_click
        on_click = function

    def click():
        on_click()

    return bind, click


bind, click = make_button()
click()
bind(greet)
click()

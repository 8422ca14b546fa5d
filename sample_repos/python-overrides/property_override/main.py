class Widget:
    @property
    def label(self):
        return "widget"

    def title(self):
        return self.label.upper()


class Button(Widget):
    @property
    def label(self):
        return "button"


print(Widget().title(), Button().title())

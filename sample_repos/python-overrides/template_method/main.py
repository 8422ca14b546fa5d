class Report:
    def render(self):
        return self.header() + self.body()

    def header(self):
        return "report\n"

    def body(self):
        return ""


class HtmlReport(Report):
    def body(self):
        return "<p>html</p>"


class TextReport(Report):
    def header(self):
        return "REPORT\n"

    def body(self):
        return "text"


for report in (HtmlReport(), TextReport()):
    print(report.render())

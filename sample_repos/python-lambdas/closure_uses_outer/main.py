def make_report(rows):
    header = "Report"

    def render_row(row):
        return header + ": " + str(row)

    for row in rows:
        print(render_row(row))


make_report([10, 20, 30])

"""Several ways to name the same modules."""

import tools.text
import tools.numbers as num
from tools import text as txt
from tools.numbers import clamp as bound


def report(value, title):
    heading = tools.text.banner(title)
    short = txt.truncate(heading, 10)
    return short, num.percent(bound(value, 0, 1))


print(report(1.5, "usage report"))

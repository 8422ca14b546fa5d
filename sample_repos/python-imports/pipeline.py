"""Export rows to a chosen backend in a chosen format."""
import storage.disk
import storage.cloud.bucket as bucket
import xml.etree.ElementTree as ET
from formats import jsonfmt
from formats.csvfmt import render as render_csv
from formats.jsonfmt import render


def to_xml(rows):
    root = ET.Element("rows")
    for row in rows:
        ET.SubElement(root, "row").text = ",".join(str(v) for v in row)
    return ET.tostring(root, encoding="unicode")


def export(rows, fmt="json", remote=False):
    if fmt == "csv":
        payload = render_csv(rows)
    elif fmt == "xml":
        payload = to_xml(rows)
    else:
        payload = render(rows)
    if remote:
        bucket.save("rows." + fmt, payload)
    else:
        storage.disk.save("rows." + fmt, payload)
    return payload


def roundtrip(rows):
    storage.disk.save("rows.json", render(rows))
    return jsonfmt.parse(storage.disk.load("rows.json"))


if __name__ == "__main__":
    print(export([(1, "a"), (2, "b")], fmt="csv"))

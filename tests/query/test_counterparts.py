"""A touchpoint's counterpart named for the opposite operation, and the errors a class's
code raises and a Go function returns."""

from __future__ import annotations

from pathlib import Path

from brownfield.query import code_names
from brownfield.query.context import Touchpoint
from brownfield.query.counterparts import counterpart, counterpart_fact, opposites
from tests.query.test_search_index import opened


def test_a_name_is_swapped_word_by_word_in_its_own_case() -> None:
    assert opposites("writeHeader") == ["readHeader"]
    assert opposites("GZIPOutputStream") == ["GZIPInputStream"]
    assert opposites("read_header") == ["write_header"]
    assert opposites("JSONEncoder") == ["JSONDecoder"]
    assert opposites("load") == ["save", "dump"]  # each opposite it has
    assert opposites("to_url") == []
    assert opposites("reader") == ["writer"]
    assert opposites("readWriteReadWrite") == []  # more operation words than any name holds


FILES = {
    "pkg/archive/writer.py": '''
        class ArchiveWriter:
            def write_header(self, entry):
                """Write the entry's name and time."""
                self.out.write(encode_name(entry.name))


        def encode_name(name):
            return name.encode("utf-8")
        ''',
    "pkg/archive/reader.py": '''
        class ArchiveReader:
            def read_header(self):
                """Read back what the writer wrote."""
                name = decode_name(self.data)
                return name


        def decode_name(data):
            return data.decode("utf-8")


        def read_trailer(data):
            return data[-4:]
        ''',
    "pkg/other/reader.py": """
        class OtherReader:
            def read_header(self):
                return None
        """,
    "tests/test_archive.py": """
        def decode_name(data):
            return data
        """,
}


def test_the_counterpart_is_the_definition_named_for_the_opposite_operation(
    tmp_path: Path,
) -> None:
    with opened(tmp_path, FILES) as store:
        nodes = store.nodes(
            [
                "pkg/archive/writer.py::ArchiveWriter.write_header",
                "pkg/archive/writer.py::encode_name",
                "pkg/archive/reader.py::read_trailer",
            ]
        )
        found = {
            node_id: getattr(counterpart(store, node), "id", None)
            for node_id, node in nodes.items()
        }
        fact = counterpart_fact(
            store, Touchpoint(nodes["pkg/archive/writer.py::ArchiveWriter.write_header"], 1.0, ())
        )
    assert found == {
        # two `read_header`s: the one whose class is named for the opposite too
        "pkg/archive/writer.py::ArchiveWriter.write_header": (
            "pkg/archive/reader.py::ArchiveReader.read_header"
        ),
        # the production `decode_name`, not the test's
        "pkg/archive/writer.py::encode_name": "pkg/archive/reader.py::decode_name",
        "pkg/archive/reader.py::read_trailer": None,  # no `write_trailer`
    }
    assert fact is not None
    assert fact.statement == (
        "pkg.archive.reader.ArchiveReader.read_header (pkg/archive/reader.py:2) is named for "
        "the opposite of pkg.archive.writer.ArchiveWriter.write_header "
        "(pkg/archive/writer.py:2): what one produces, the other may take back in, so a "
        "change to one may need the other; pkg.archive.reader.ArchiveReader.read_header "
        "calls pkg.archive.reader.decode_name (pkg/archive/reader.py:4)."
    )


def test_no_counterpart_when_the_opposite_name_is_not_one_definition(tmp_path: Path) -> None:
    files = {
        "a/one.py": "def read_header(data):\n    return data\n",
        "b/two.py": "def read_header(data):\n    return data\n",
        "c/three.py": "def write_header(out):\n    out.write(b'')\n",
    }
    with opened(tmp_path, files) as store:
        (node,) = store.nodes(["c/three.py::write_header"]).values()
        assert counterpart(store, node) is None  # two in other files: neither is it
        assert counterpart_fact(store, Touchpoint(node, 1.0, ())) is None


def test_a_class_raises_what_its_methods_raise_and_go_returns_its_errors(
    tmp_path: Path,
) -> None:
    files = {
        "src/Unpack.java": """
            class Unpack {
                void open(String name) throws IOException {
                    if (name.isEmpty()) {
                        throw new ZipException("empty name");
                    }
                }
                int read() {
                    throw new IllegalStateException("closed");
                }
            }
            """,
        "lib/command.js": """
            class Command {
              addCommand(cmd) {
                if (!cmd._name) {
                  throw new Error(`Command passed to .addCommand() must have a name
            - specify the name in Command constructor or using .name()`);
                }
              }
            }
            """,
        "zip/reader.go": """
            package zip

            var ErrFormat = errors.New("zip: not a valid zip file")

            func readHeader(b []byte) (string, error) {
                if len(b) < 4 {
                    return "", ErrFormat
                }
                if b[0] == 0 {
                    return "", &fs.PathError{Op: "open", Err: fs.ErrInvalid}
                }
                return string(b), nil
            }
            """,
    }
    with opened(tmp_path, files) as store:
        nodes = store.nodes(
            ["src/Unpack.java::Unpack", "zip/reader.go::readHeader", "lib/command.js::Command"]
        )
        statements = {
            node_id: getattr(
                code_names.errors_fact(store, Touchpoint(node, 1.0, ())), "statement", None
            )
            for node_id, node in nodes.items()
        }
    assert statements == {
        "src/Unpack.java::Unpack": "src.Unpack.Unpack raises `ZipException` (src/Unpack.java:4), "
        "`IllegalStateException` (src/Unpack.java:8).",
        # a message going on below its line is text, not names (`Command`)
        "lib/command.js::Command": "lib.command.Command raises `Error` (lib/command.js:4).",
        # `string(b)` and `nil` are no errors; the struct's fields are not either
        "zip/reader.go::readHeader": "zip.readHeader returns `ErrFormat` (zip/reader.go:7), "
        "`fs.PathError` (zip/reader.go:10), `fs.ErrInvalid` (zip/reader.go:10).",
    }


def test_a_deep_qualified_name_of_operation_words_is_matched_part_by_part(
    tmp_path: Path,
) -> None:
    """Each part of a qualified name may be named for an operation (`read/read/.../x.py`):
    the counterpart's name is compared part by part, never by spelling out every way of
    swapping them (2 ** 25 names here)."""
    deep = "read/" * 25
    files = {
        f"{deep}codec.py": "def write_header(out):\n    out.write(b'')\n",
        f"{'write/' * 25}codec.py": "def read_header(data):\n    return data\n",
        "elsewhere/more.py": "def read_header(data):\n    return data\n",
    }
    with opened(tmp_path, files) as store:
        (node,) = store.nodes([f"{deep}codec.py::write_header"]).values()
        found = counterpart(store, node)
    # the one whose every part is the same or named for the opposite
    assert found is not None and found.id == f"{'write/' * 25}codec.py::read_header"

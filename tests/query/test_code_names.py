"""The names in a definition's code that carry an idea's words (`code_names.idea_names`)."""

from __future__ import annotations

from brownfield.model import Node, NodeKind
from brownfield.query.code_names import idea_names
from brownfield.query.search import parse, stem


def test_a_keyword_of_any_language_carries_no_word_of_the_idea() -> None:
    """cxxopts: "given on the command line" found `inline` (C++'s keyword) among the names
    of `Options::add_options`."""
    lines = [
        "inline",
        "void",
        "Options::add_options(const std::string& group)",
        "{",
        "  auto lineWidth = m_width;",
        "}",
    ]
    node = Node(
        "o.hpp::Options.add_options",
        NodeKind.METHOD,
        "add_options",
        "o.Options.add_options",
        "o.hpp",
        1,
        6,
        "cpp",
    )
    names = [name for name, _ in idea_names(node, lines, parse("Read the command line"))]
    assert names == ["lineWidth"]
    # python-lz4: "Names in LZ4HC_encodeSequence that carry the idea's words: ... `size_t`"
    lines = ["static int encode(const char* src, size_t srcSize)", "{", "  return 0;", "}"]
    node = Node("l.c::encode", NodeKind.FUNCTION, "encode", "l.encode", "l.c", 1, 4, "c")
    names = [name for name, _ in idea_names(node, lines, parse("Cap the size of the source"))]
    assert names == ["srcSize", "src"]


def test_a_ruby_keyword_is_no_name_of_ruby_code() -> None:
    """net/http: "Names ... carrying the idea's words" and the shared names listed `rescue`
    for an idea about a request tried again."""
    lines = [
        "def transport_request(req)",
        "  begin",
        "    begin_transport req",
        "  rescue IOError",
        "    retry if count < max_retries",
        "  end",
        "end",
    ]
    node = Node(
        "h.rb::HTTP.transport_request",
        NodeKind.METHOD,
        "transport_request",
        "h.HTTP.transport_request",
        "h.rb",
        1,
        7,
        "ruby",
    )
    query = parse("Try a request again when it fails, to the end")
    names = [name for name, _ in idea_names(node, lines, query)]
    assert names == ["req", "retry", "IOError", "max_retries"]


def test_exceeds_is_no_exception() -> None:
    """h11: "Names in Connection that carry the idea's words: ... `BaseException`, `exc`"
    for "total size exceeds a limit": `exceeds` was stemmed to `exc`, the abbreviation of
    exception (and `proceed` to `proc`, of process)."""
    lines = ["def send(self, data):", "    except BaseException as exc:", "        total = 0"]
    node = Node("c.py::send", NodeKind.FUNCTION, "send", "c.send", "c.py", 1, 3, "python")
    said = parse("Reject headers whose total size exceeds a limit or proceeds anyway")
    assert [name for name, _ in idea_names(node, lines, said)] == ["total"]
    assert stem("exceeds") == stem("exceeded") == stem("exceeding") == "exceed"
    assert (stem("charged"), stem("created")) == ("charg", "creat")  # -ed still goes


def test_a_particle_of_a_compound_carries_nothing_alone() -> None:
    """net/smtp: "Names in TestNewClient that carry the idea's words: `out`" for "Add a
    timeout for the SMTP dial": `out` was a term of "timeout" as much as `time` is."""
    lines = ["func dial(out io.Writer, upper int) {", "  lookupHost()", "}"]
    node = Node("s.go::dial", NodeKind.FUNCTION, "dial", "s.dial", "s.go", 1, 3, "go")
    said = parse("Add a timeout to the lookup")
    assert [name for name, _ in idea_names(node, lines, said)] == ["lookupHost"]


def test_a_go_method_expression_is_a_mention_of_the_method() -> None:
    """encoding/csv: "(*Reader).readRecord drops a leading BOM" named `readRecord` only."""
    assert parse("(*Reader).readRecord drops a BOM").mentions == ("Reader.readRecord",)
    assert parse("call (Point).String()").mentions == ("Point.String",)
    assert parse("wrap it (as before).").mentions == ()

"""C's conditional directives: a file they split reads as its conditionals' first branches."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from brownfield.graph import parser
from brownfield.graph.preprocessor import first_branches

# pythonnet's Finalizer.cs does this: a parameter and an initializer's member that only
# exist when TRACE_ALLOC is defined made the whole file one syntax error
SPLIT = b"""namespace App
{
    public class Finalizer
    {
        internal void Add(int run
#if TRACE_ALLOC
                          , string trace
#endif
        )
        {
            Collect();
        }

#if FINALIZER_CHECK
        internal bool Check { get; set; } = true;
#else
        internal bool Check { get; set; } = false;
#endif

        internal void Collect() { }
    }
}
"""


def test_a_file_a_directive_splits_reads_as_its_first_branches() -> None:
    facts = parser.parse("csharp", SPLIT)
    assert facts.status == "ok"
    names = {d.qualname: d.line for d in facts.definitions}
    assert names["Finalizer.Add"] == 5
    assert names["Finalizer.Collect"] == 20
    assert ("Collect", 11) in {(c.text, c.line) for c in facts.calls}
    assert {d.qualname for d in parser.definitions("csharp", SPLIT)} == set(names)


def test_first_branches_keeps_the_first_branch_and_after_if_0_the_other() -> None:
    source = b"a\n#if X\nb\n#elif Y\nc\n#else\nd\n#endif\n#if 0\ne\n#else\nf\n#endif\ng\r\n"
    kept = first_branches(source).split(b"\n")
    assert [line.strip() for line in kept] == [
        b"a",
        b"",
        b"b",
        b"",
        b"",
        b"",
        b"",
        b"",
        b"",
        b"",
        b"",
        b"f",
        b"",
        b"g",
        b"",
    ]


def test_a_file_that_reads_cleanly_is_read_as_written() -> None:
    clean = b"int f(void) {\n#ifdef X\n  return 1;\n#else\n  return 2;\n#endif\n}\n"
    assert parser.parse("c", clean).status == "ok"
    broken = b"class A { void f( }\n#if X\nint b;\n#endif\n"
    assert parser.parse("csharp", broken).status == "syntax-error"  # not hidden


@given(
    st.lists(
        st.sampled_from(
            [
                "#if A",
                "#ifdef B",
                "#if 0",
                "#else",
                "#elif C",
                "#endif",
                "x = 1;",
                "  # if",
                "é;",
                "",
            ]
        ),
        max_size=30,
    )
)
def test_first_branches_keeps_every_line_and_byte_offset(lines: list[str]) -> None:
    source = "\n".join(lines).encode()
    opened = first_branches(source)
    assert len(opened) == len(source)
    assert opened.count(b"\n") == source.count(b"\n")

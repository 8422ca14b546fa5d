"""A `.h` file is C by its name, C++ by what it writes (`languages.language_of`)."""

from __future__ import annotations

from pathlib import Path

from brownfield.graph.languages import language_of
from brownfield.graph.store import GraphStore
from tests.graph.test_generic_resolver import call_sites

CPP_HEADER = b"""#ifndef TRIE_H_
#define TRIE_H_
// a C++ header, as marisa-trie writes one
namespace marisa {

class Trie {
 public:
  int size() const { return count(); }
 private:
  int count() const { return 0; }
};

}  // namespace marisa
#endif
"""
C_HEADER = b"""/* the namespace of keys is flat: see below */
#ifdef __cplusplus
extern "C" {
template <class T> inline bool is_nan(T x);
#endif
int total(int a, int b);
#ifdef __cplusplus
}
#endif
"""


def test_a_header_is_cpp_only_by_what_only_cpp_writes_outside_comments_and_cplusplus() -> None:
    assert language_of("lib/trie.h", CPP_HEADER) == "cpp"
    # a C header: a comment's "namespace", a part for C++ readers (glibc's math.h)
    assert language_of("include/total.h", C_HEADER) == "c"
    assert language_of("src/trie.c", CPP_HEADER) == "c"  # only a `.h` file is read so
    assert language_of("lib/trie.hpp", b"int f(void);") == "cpp"


def test_a_cpp_header_is_resolved_with_the_cpp_files_including_it(repo: Path) -> None:
    # marisa-trie: 35 `.h` files read as C, each a syntax error; calls resolved 221 -> 896
    files = {
        "lib/trie.h": CPP_HEADER.decode(),
        "lib/main.cc": '#include "trie.h"\n\nint run() {\n  marisa::Trie t;\n'
        "  return t.size();\n}\n",
        "include/total.h": C_HEADER.decode(),
    }
    found = call_sites(repo, files)
    assert ("lib/trie.h::marisa.Trie.size", "lib/trie.h::marisa.Trie.count", 8) in found
    assert ("lib/main.cc::run", "lib/trie.h::marisa.Trie.size", 5) in found
    store = GraphStore.open(repo)
    try:
        languages = {row.path: row.language for row in store.file_rows().values()}
    finally:
        store.close()
    assert languages["lib/trie.h"] == "cpp" and languages["include/total.h"] == "c"


def test_a_header_rewritten_in_cpp_builds_incrementally_as_in_full(tmp_path: Path) -> None:
    from tests.graph.test_generic_incremental import assert_incremental_equals_full, calls

    c = "int count(void);\nint size(void) { return count(); }\n"
    main = '#include "trie.h"\n\nint run() {\n  marisa::Trie t;\n  return t.size();\n}\n'
    graph = assert_incremental_equals_full(
        tmp_path,
        {"lib/trie.h": c, "lib/main.cc": main, "lib/count.c": "int count(void) { return 1; }\n"},
        {"lib/trie.h": CPP_HEADER.decode()},
    )
    assert ("lib/main.cc::run", "lib/trie.h::marisa.Trie.size", "inferred") in calls(graph)

"""Search rows: what is found once per file equals what each definition's text alone holds;
a fresh graph's index (one FTS5 rebuild) answers as the triggers an edit then uses keep it."""

from __future__ import annotations

import random
import re
from itertools import accumulate, product
from pathlib import Path

from brownfield.graph import parser, search_text
from brownfield.graph.builder import build
from brownfield.graph.declared import class_fields, top_level_names
from brownfield.graph.search_keys import (
    _CASE_KEY,
    _CONFIG_MEMBER,
    _CONSTANT,
    _ENVIRONMENT_READ,
    _KEY_CALL,
    _PROCESS_ENV,
    _SUBSCRIPT_KEY,
    _WORD_STARTED,
    ATTRIBUTE,
    Matches,
    _after_non_word,
    _assignments,
    _key_calls,
)
from brownfield.graph.search_text import _IDENTIFIER, _STRING, _Names
from brownfield.graph.store import GraphStore
from brownfield.graph.vocabulary import keywords
from tests.conftest import write_files

TRICKY = [
    'x = os.environ.get("APP_KEY") or environ ["OTHER"] + getenv(\n    "SPLIT_KEY")\n',
    "self.a = 1\nself.b += 2\nif self.c == 3:\n    cls.d = 4\nthis->e = 5; $this->f = 6\n",
    "self\n.g = 7\nself.h\\\n = 8\n@x = 9\nwidget('not_a_key') + target(\"T_KEY\")\n",
    "s = \"self.fake = 1\" + 'cls.z = 2'\nMAX_SIZE_2 = DEFAULT_TIMEOUT_CONFIG\nA_B.C_D\n",
    "config['retries'] settings.get(x, 'level') options[\"a-b\"] param( 'p' )\n",
    "if (config.maxRedirects > 0 && myconfig.no) settings.DEBUG options .x opts.get(1)\n",
    'p("a.config.file") q(\'options.x.y\') `${conf.z}` cfg.w.v) "opts.u" + params.t\n',
    " * {@systemProperty a.config.file} process.env.X\n# config.y case 'c':\nconfig.z\n",
    'switch key {\ncase "missingkey":\ncase "ab", "cd": showcase "no" case\n\t"split" case \'q\'\n',
    "value(1, 'v') Value('W') env.get('E') process.env.NODE_ENV ENV.HOME os.environ.PATH_X\n",
    'print("a\\"b", \'c\') """doc "self.x = 1" \\""" r"raw" fetch(\'f\')["g"]\n',
    "éself.x = 1\n_self.y = 2\nself.z=3;self.w==4\nXself.v = 5\nget  (\n\n  'gap')\n",
    "myself.x = 1; @self.y = 2 $this->self = 3; $this->this->z = 4; cls ->q ??= 5 @@w -= 6\n",
    "setenv('no') myconfig['c'] LookupEnv(\"L\") getLong ('n') xget('x') (get('y')\n",
    'Utils.getIntegerNetProperty(\n  "jdk.a.b", 1) privilegedGetProperty("p.q") xGetyGetProperty("r")\n',
    "defineProperty(x, 'no') hasOwnProperty('no2') setProperty(\"no3\") budgetProperty('no4')\n",
]


_COMMENTED = re.compile(r"[ \t]*(?://|#|--|\*|/\*|;)")  # a line started as a comment


def _spans(text: str, rng: random.Random) -> list[tuple[int, int]]:
    """Line-aligned spans, as a definition's body is cut: from a line's start to a later
    line's end (without its newline)."""
    lines = text.split("\n")
    offsets = list(accumulate((len(line) + 1 for line in lines), initial=0))
    spans = []
    for _ in range(30):
        first = rng.randrange(len(lines))
        last = rng.randrange(first, len(lines))
        spans.append((offsets[first], offsets[last + 1] - 1))
    return spans


def _texts() -> list[str]:
    rng = random.Random(19)
    pieces = [line for text in TRICKY for line in text.split("\n")]
    mixed = ["\n".join(rng.choice(pieces) for _ in range(40)) for _ in range(20)]
    return [*TRICKY, *mixed]


def test_patterns_found_once_per_file_are_those_of_each_span() -> None:
    rng = random.Random(7)
    for text in _texts():
        for pattern in (
            ATTRIBUTE,
            _KEY_CALL,
            _SUBSCRIPT_KEY,
            _CASE_KEY,
            _CONFIG_MEMBER,
            _PROCESS_ENV,
            _CONSTANT,
            _ENVIRONMENT_READ,
        ):
            found = Matches(pattern, text)
            for low, high in _spans(text, rng):
                expected = [
                    m.group(1)
                    for m in pattern.finditer(text[low:high])
                    # a word-started pattern's match on a comment line is no read
                    if (pattern not in _WORD_STARTED and pattern is not _ENVIRONMENT_READ)
                    or not _COMMENTED.match(text[low : low + m.start()].rpartition("\n")[2])
                ]
                assert found.within(low, high) == expected, (
                    pattern.pattern,
                    text[low:high],
                )


def test_key_calls_are_the_key_call_pattern_s_matches() -> None:
    for text in _texts():
        expected = [(m.start(), m.end(), m.group(1)) for m in _KEY_CALL.finditer(text)]
        assert _key_calls(text) == expected, text


def test_word_started_patterns_find_the_matches_of_the_patterns_they_stand_for() -> None:
    rng = random.Random(3)
    words = ["case", "ENV", "os.environ", "process.env", "config", "conf", "cfg", "opts"]
    words += [".", " ", "'", '"', "x", "A_B", "_", "(", "Xcase", "\u00e9", "1", "\n", "FOO"]
    texts = _texts() + ["".join(rng.choice(words) for _ in range(60)) for _ in range(3000)]
    for pattern, word_started in _WORD_STARTED.items():
        for text in texts:
            expected = [(m.start(), m.end(), m.group(1)) for m in pattern.finditer(text)]
            assert _after_non_word(word_started, text) == expected, (pattern.pattern, text)


def test_a_property_getter_reads_a_key_and_other_property_calls_do_not() -> None:
    keys = [key for *_, key in _key_calls(TRICKY[-2] + TRICKY[-1])]
    assert keys == ["jdk.a.b", "p.q"]  # (`"r"` is too short for a key)


def test_a_configuration_member_is_read_in_code_not_in_a_string() -> None:
    text = TRICKY[6]  # `"a.config.file"`: a property's name, no read of `config.file`
    assert _CONFIG_MEMBER.findall(text) == ["z", "w", "t"]
    # nor is a comment's mention a read
    assert Matches(_CONFIG_MEMBER, TRICKY[7]).within(0, len(TRICKY[7])) == ["z"]


def test_a_key_a_switch_compares_is_read() -> None:
    go = (
        "package template\n\n"
        "func (t *Template) setOption(opt string) {\n"  # 3
        "\tswitch key {\n"
        '\tcase "missingkey":\n'  # 5
        "\t\tswitch value {\n"
        '\t\tcase "invalid", "default":\n'  # 7: the first string of a case
        "\t\t}\n"
        "\t}\n"
        "}\n"  # 10
    )
    nodes = [_definition("option.go", "method", "Template.setOption", 3, 10)]
    (row,) = search_text.rows_for("option.go", "go", go.encode(), nodes)
    assert {"missingkey", "invalid"} <= set(row.keys.split())  # searched, with their words
    assert row.raw.split() == ["missingkey:5", "invalid:7"]  # cited where compared
    assert "default" not in row.keys.split()


def test_a_key_read_as_a_string_is_cited_where_it_is_quoted() -> None:
    """Not at the first line holding the word: a class's `class` keyword, a variable
    named like the key."""
    py = (
        "class Toc:\n"  # 1
        "    def anchor(self, c, id):\n"
        "        id = c.get('href')\n"  # 3
        "        c.attrib['class'] = self.css\n"  # 4
        "        return c.get('id')\n"  # 5
    )
    nodes = [
        _definition("toc.py", "class", "Toc", 1, 5),
        _definition("toc.py", "method", "Toc.anchor", 2, 5),
    ]
    rows = search_text.rows_for("toc.py", "python", py.encode(), nodes)
    for row in rows:
        assert "class:4" in row.raw.split() and "id:5" in row.raw.split(), row.raw


def test_a_case_comparing_the_name_of_a_type_reads_no_key() -> None:
    js = (
        "function send(chunk, mode) {\n"  # 1
        "  switch (typeof chunk) {\n"
        "    case 'string': return chunk;\n"
        '    case "object": return JSON.stringify(chunk);\n'
        "  }\n"
        "  switch (mode) { case 'strict': return null; }\n"  # 6
        "}\n"
    )
    nodes = [_definition("send.js", "function", "send", 1, 7)]
    (row,) = search_text.rows_for("send.js", "javascript", js.encode(), nodes)
    assert row.raw.split() == ["strict:6"]  # `typeof` names no setting


def test_an_event_a_definition_emits_is_a_key() -> None:
    js = (
        "function setLevel(level) {\n"  # 1
        "  this.emit('level-change', level)\n"  # 2
        '  emitter.emit("done")\n'  # 3
        "  this.on('close', stop)\n"  # 4: an event listened to is not emitted
        "}\n"
    )
    nodes = [_definition("levels.js", "function", "setLevel", 1, 5)]
    (row,) = search_text.rows_for("levels.js", "javascript", js.encode(), nodes)
    assert row.raw.split() == ["level-change:2", "done:3"]
    assert {"level", "change", "done"} <= set(row.keys.split())


def test_a_configuration_objects_member_read_is_a_key() -> None:
    js = (
        "function dispatch(config, options) {\n"  # 1
        "  if (config.maxRedirects === 0) {\n"  # 2
        "    return config.get('x') || options.beforeRedirect\n"  # 3: a method call is none
        "  }\n"
        "  return myconfig.other\n"  # 5: not a configuration object's name
        "}\n"
    )
    nodes = [_definition("http.js", "function", "dispatch", 1, 6)]
    (row,) = search_text.rows_for("http.js", "javascript", js.encode(), nodes)
    assert row.raw.split() == ["maxRedirects:2", "beforeRedirect:3"]  # (`x`: too short a key)
    assert {"maxredirects", "redirects", "beforeredirect"} <= set(row.keys.split())


def test_ruby_s_declared_attributes_and_symbol_keys_are_read() -> None:
    """Ruby names its attributes in `attr_accessor :a, :b` and reads its options by symbol
    (`options[:verbose]`, `options.fetch(:level, 1)`); `[:n]` slices in Python and Go."""
    rb = (
        "class Client\n"  # 1
        "  attr_accessor :read_timeout, :open_timeout\n"
        "  attr_reader(:address)\n"  # 3
        "\n"
        "  def initialize(options = {})\n"  # 5
        "    @verbose = options[:verbose]\n"
        "    @level = options.fetch(:level, 1)\n"  # 7
        "    @names = [:a, :b]\n"  # a list of symbols reads no key
        "  end\n"
        "end\n"  # 10
    )
    nodes = [
        _definition("client.rb", "class", "Client", 1, 10),
        _definition("client.rb", "method", "Client.initialize", 5, 9),
    ]
    rows = {r.id: r for r in search_text.rows_for("client.rb", "ruby", rb.encode(), nodes)}
    client, initialize = rows["client.rb::Client"], rows["client.rb::Client.initialize"]
    assert client.raw.split()[:3] == ["read_timeout:2", "open_timeout:2", "address:3"]
    assert {"read", "timeout", "open", "address"} <= set(client.attrs.split())
    assert initialize.raw.split() == ["verbose:6", "level:7", "names:8"]
    assert initialize.keys.split() == ["verbose", "level", "lvl"]  # (an abbreviation)
    slices = {
        "py": "def head(buf, n):\n    return buf[:n]\n",
        "go": "package b\n\nfunc head(buf []byte, n int) []byte {\n\treturn buf[:n]\n}\n",
    }
    for language, source in (("python", slices["py"]), ("go", slices["go"])):
        (row,) = search_text.rows_for(
            f"b.{language[:2]}",
            language,
            source.encode(),
            [_definition(f"b.{language[:2]}", "function", "head", 1, source.count("\n"))],
        )
        assert not row.keys and not row.raw, (language, row)


def test_ruby_s_accessors_are_fields_of_their_class_not_searched_definitions() -> None:
    """`attr_accessor :col_sep` defines the methods `col_sep` and `col_sep=` (calls reach
    them), but what it declares is a field, as a Java field or a Python class attribute is:
    cited by its class (`class_fields`), never a search row of its own."""
    source = (
        b"class Parser\n"
        b"  attr_accessor :col_sep\n"
        b"  attr_reader :quote_char\n"
        b"  def parse(line)\n"
        b"    line.split(col_sep)\n"
        b"  end\n"
        b"end\n"
    )
    facts = parser.parse("ruby", source)
    fields = class_fields(facts)
    assert fields == {"Parser": [("col_sep", 2), ("quote_char", 3)]}
    from brownfield.graph.lang import ruby

    nodes = [
        (n.id, n.kind.value, n.name, n.qualname, n.path, n.line, n.end_line, n.language)
        for n in ruby.nodes_of("csv.rb", facts)
    ]
    assert {"csv.rb::Parser.col_sep", "csv.rb::Parser.col_sep=", "csv.rb::Parser.quote_char"} <= {
        node[0] for node in nodes
    }
    rows = search_text.rows_for("csv.rb", "ruby", source, nodes, fields)
    assert [row.id for row in rows] == ["csv.rb", "csv.rb::Parser", "csv.rb::Parser.parse"]
    parser_row = next(row for row in rows if row.id == "csv.rb::Parser")
    assert parser_row.raw.split()[:2] == ["col_sep:2", "quote_char:3"]


def test_a_ruby_hash_s_own_methods_are_no_keys() -> None:
    """open-uri: "OpenURI.open_loop sets or reads: ... `include` ..., `dup` ..., `delete`":
    Ruby calls methods without brackets (`options.include? :proxy`, `options.dup`); the
    symbols they are given are keys."""
    rb = (
        "def open_loop(uri, options)\n"  # 1
        "  proxy = options.fetch :proxy\n"
        "  if options.include? :http_basic_authentication\n"  # 3
        "    options = options.dup\n"
        "    options.delete :http_basic_authentication\n"  # 5
        "  end\n"
        "  options.each { |k, v| header[k] = v }\n"  # 7
        "  options.redirect_limit\n"
        "end\n"  # 9
    )
    (row,) = search_text.rows_for(
        "o.rb", "ruby", rb.encode(), [_definition("o.rb", "method", "open_loop", 1, 9)]
    )
    assert sorted(row.raw.split()) == ["http_basic_authentication:3", "proxy:2", "redirect_limit:8"]
    js = "function f(options) {\n  return options.redirectLimit ?? options.dup;\n}\n"
    (row,) = search_text.rows_for(
        "o.js", "javascript", js.encode(), [_definition("o.js", "function", "f", 1, 3)]
    )
    assert row.raw.split() == ["redirectLimit:2", "dup:2"]


def test_a_language_s_own_keywords_are_no_words_of_its_bodies() -> None:
    """net/http: every Ruby method's body gave the index `end`, and `begin` ... `rescue`
    ones gave `begin` and `rescue`, which are keywords there; C++'s `v.end()` is a name."""
    rb = (
        "def transport(req)\n"  # 1
        "  begin\n"
        "    send_request req\n"  # 3
        "  rescue IOError\n"
        "    retry\n"  # 5
        "  end\n"
        "end\n"  # 7
    )
    (row,) = search_text.rows_for(
        "h.rb", "ruby", rb.encode(), [_definition("h.rb", "method", "transport", 1, 7)]
    )
    assert row.body.split() == ["transport", "req", "send", "request", "io", "error", "retry"]
    cpp = "int last(std::vector<int> v) {\n  return *(v.end() - 1);\n}\n"
    (row,) = search_text.rows_for(
        "l.cpp", "cpp", cpp.encode(), [_definition("l.cpp", "function", "last", 1, 3)]
    )
    assert "end" in row.body.split()
    cs = (  # pythonnet: "Names that carry the idea's words: ... `record`" for "entries"
        "class Cache\n{\n    void Add(string key)\n    {\n"
        "        sealed record Entry(string Key);\n"
        "        ref var x = ref key; object o = base.Get(out key);\n    }\n}\n"
    )
    (row,) = search_text.rows_for(
        "c.cs", "csharp", cs.encode(), [_definition("c.cs", "method", "Cache.Add", 3, 7)]
    )
    assert row.body.split() == ["add", "key", "entry", "x", "o", "get"]  # `Get()` is a name


def test_assignments_are_the_attribute_pattern_s_matches() -> None:
    for text in _texts():
        expected = [(m.start(), m.end(), m.group(1)) for m in ATTRIBUTE.finditer(text)]
        assert _assignments(text) == expected, text


def test_names_found_once_per_file_are_those_of_each_span() -> None:
    rng = random.Random(11)
    for text, language in product(_texts(), ("python", "ruby")):
        names = _Names(text, language)
        reserved = keywords(language)
        for low, high in _spans(text, rng):
            body = text[low:high]
            expected = [
                n for n in _IDENTIFIER.findall(_STRING.sub(" ", body)) if n.lower() not in reserved
            ]
            assert names.within(low, high) == expected, body


def test_messages_found_once_per_file_are_those_of_each_span() -> None:
    rng = random.Random(12)
    for text, language in product(_texts(), ("python", "javascript")):
        names = _Names(text, language)
        for low, high in _spans(text, rng):
            body = text[low:high]
            assert names.messages(low, high) == search_text._strings_words(body, language), body


def test_a_function_s_messages_are_the_words_of_its_prose_strings() -> None:
    """Strings of two words or more, placeholders and escapes aside; not a docstring (the
    doc column's), a key, a single word or a file name; JavaScript's template literals too."""
    py = (
        "def load(path, key):\n"  # 1
        '    """Load the settings file."""\n'
        "    if key in SEEN:\n"  # 3
        "        raise ValueError(f'Cannot declare {key} twice')\n"
        '    log.debug("read %s in %d ms\\n", path, 3)\n'  # 5
        "    return open('settings.toml', encoding='utf-8')['name']\n"
    )
    (row,) = search_text.rows_for(
        "a.py", "python", py.encode(), [_definition("a.py", "function", "load", 1, 6)]
    )
    assert row.messages.split() == ["cannot", "declare", "twice", "read", "in", "ms"]
    js = "function f(name) {\n  throw new Error(`no route named ${name} was found`)\n}\n"
    node = _definition("a.js", "function", "f", 1, 3)
    (row,) = search_text.rows_for("a.js", "javascript", js.encode(), [(*node[:7], "javascript")])
    assert row.messages.split() == ["no", "route", "named", "was", "found"]


def test_a_body_cut_inside_a_line_is_read_alone(tmp_path: Path) -> None:
    """A definition longer than MAX_BODY is cut inside a line: its words are its text's."""
    body = "".join(f"    self.field_{n} = CONST_{n}_X\n" for n in range(3000))
    source = f"class Big:\n    def __init__(self):\n{body}".encode()
    nodes = [
        ("m.py", "module", "m", "m", "m.py", 1, 3002, "python"),
        ("m.py::Big", "class", "Big", "m.Big", "m.py", 1, 3002, "python"),
        ("m.py::Big.__init__", "method", "__init__", "m.Big.__init__", "m.py", 2, 3002, "python"),
    ]
    rows = {row.id: row for row in search_text.rows_for("m.py", "python", source, nodes)}
    text = source.decode()
    start = text.index("class Big")
    cut = text[start : start + search_text.MAX_BODY]
    attrs = list(dict.fromkeys(ATTRIBUTE.findall(cut)))
    assert rows["m.py::Big"].attrs == search_text._words_of(attrs)
    assert len(attrs) < 3000  # it was cut


def _ranked(root: Path, query: str) -> list[tuple[str, float]]:
    store = GraphStore.open(root, writable=False)
    try:
        return [(match.id, round(match.relevance, 6)) for match in store.search(query, 50)]
    finally:
        store.close()


def _search(root: Path, query: str) -> list[str]:
    return sorted(found for found, _ in _ranked(root, query))


def test_a_fresh_index_answers_and_an_edit_keeps_it_as_a_full_build_would(tmp_path: Path) -> None:
    files = {
        "pay/charge.py": '''
            def charge_card(amount):
                """Charge the customer's card."""
                return amount

            def refund_order(order):
                return charge_card(-order)
            ''',
        "pay/ledger.py": "def post_entry(entry):\n    return entry\n",
    }
    root = tmp_path / "repo"
    write_files(root, files)
    build(root, workers=1)
    assert _search(root, '"charge"') == [
        "pay/charge.py",
        "pay/charge.py::charge_card",
        "pay/charge.py::refund_order",
    ]
    assert _search(root, '"ledger"') == ["pay/ledger.py", "pay/ledger.py::post_entry"]

    edited = {**files, "pay/charge.py": "def capture_payment(amount):\n    return amount\n"}
    write_files(root, {"pay/charge.py": edited["pay/charge.py"]})
    build(root, workers=1)  # incremental: the triggers replace the file's rows
    assert _search(root, '"card"') == []
    assert _search(root, '"capture"') == ["pay/charge.py::capture_payment"]

    fresh = tmp_path / "fresh"
    write_files(fresh, edited)
    build(fresh, workers=1)
    for query in ('"charge"', '"capture"', '"pay"', '"entry"', '"amount"'):
        assert _ranked(root, query) == _ranked(fresh, query), query


def test_a_module_row_holds_the_names_its_file_declares_at_the_top_level() -> None:
    go = (
        "package template\n\n"
        "var maxExecDepth = initMaxExecDepth()\n\n"
        "const (\n"
        "\tmissingKeyInvalid missingKeyAction = iota // the default\n"
        "\tmissingKeyZero\n"
        "\t// a comment line\n"
        ")\n\n"
        "var (\n"
        "\terrorType = reflect.TypeOf(\n"
        "\t\tnil,\n"  # a value's continuation, not a name
        "\t)\n"
        ")\n\n"
        "func f() {\n"
        "\tvar local = 1\n"  # inside a function
        "}\n"
    )
    python = (
        '"""A docstring."""\n'
        "DEFAULT_CONVERTERS: Mapping[str, type] = {\n"
        '    "int": IntegerConverter,\n'
        "}\n"
        "logger = logging.getLogger(__name__)\n"
        "if logger == None:\n"  # a comparison, not an assignment
        "    pass\n"
        "def f(a=1):\n"
        "    inner = 2\n"
    )
    javascript = "const a = 1;\nexport const DEFAULTS = {};\nlet b;\n  const nested = 3\nvar c=2\n"
    assert top_level_names("go", go) == [
        "maxExecDepth",
        "missingKeyInvalid",
        "missingKeyZero",
        "errorType",
    ]
    assert top_level_names("python", python) == ["DEFAULT_CONVERTERS", "logger"]
    assert top_level_names("javascript", javascript) == ["a", "DEFAULTS", "c"]
    assert top_level_names("ruby", "Timeout = 5\nlimit = 3\n") == ["Timeout"]
    # a language without a rule here: constants in upper case, as before
    assert top_level_names("java", "MAX_X = 2\nvalue = 3\n") == ["MAX_X"]
    rows = search_text.rows_for(
        "exec.go",
        "go",
        go.encode(),
        [("exec.go", "module", "exec", "exec", "exec.go", 1, 20, "go")],
    )
    assert rows[0].raw.split()[:2] == ["maxExecDepth:3", "missingKeyInvalid:6"]
    assert "depth" in rows[0].attrs.split()


def _definition(
    path: str, kind: str, qualname: str, line: int, end_line: int
) -> tuple[str, str, str, str, str, int, int, str]:
    """A definition's node row as the builder hands it to `rows_for`."""
    language = "go" if path.endswith(".go") else "python"
    name = qualname.rsplit(".", 1)[-1]
    return (f"{path}::{qualname}", kind, name, qualname, path, line, end_line, language)


def test_a_go_structs_row_holds_its_fields_and_a_methods_what_it_assigns_through_its_receiver() -> (
    None
):
    go = (
        "package csv\n\n"  # 1
        "type Reader struct {\n"  # 3
        "\t// Comma is the field delimiter.\n"
        "\tComma rune\n"  # 5
        "\tLazyQuotes, TrimLeadingSpace bool\n"
        "\tsync.Mutex\n"  # an embedded type: no field name
        "\tr *bufio.Reader\n"
        "}\n\n"  # 9
        "func (r *Reader) readRecord(dst []string) error {\n"  # 11
        "\tr.numLine++\n"
        "\tr.fieldIndexes[0] = 3\n"
        "\tif r.Comma == 'x' {\n"  # a comparison, not an assignment
        "\t\tr.depth += 1\n"  # 15
        "\t}\n"
        "\tx := r.other\n"  # a read
        "\treturn nil\n"
        "}\n\n"  # 19
        "func helper(r *Reader) { r.Comma = ';' }\n"  # 21: no receiver
        "func (r *Reader) reset() { r.numLine = 0 }\n"  # 22: one line
        "type Point struct { X, Y int; Label string }\n"  # 23: one line
    )
    nodes = [
        _definition("reader.go", "class", "Reader", 3, 9),
        _definition("reader.go", "method", "Reader.readRecord", 11, 19),
        _definition("reader.go", "function", "helper", 21, 21),
        _definition("reader.go", "method", "Reader.reset", 22, 22),
        _definition("reader.go", "class", "Point", 23, 23),
    ]
    rows = {row.id: row for row in search_text.rows_for("reader.go", "go", go.encode(), nodes)}
    assert rows["reader.go::Reader"].raw.split() == [
        "Comma:5",  # where it is declared, not the comment above naming it
        "LazyQuotes:6",
        "TrimLeadingSpace:6",
        "r:8",  # as a word: not in `Reader` (line 3)
    ]
    assert rows["reader.go::Reader"].attrs == ""  # cited by the settings facts, not searched
    assert rows["reader.go::Reader.readRecord"].raw.split() == [
        "numLine:12",
        "fieldIndexes:13",
        "depth:15",
    ]
    assert rows["reader.go::helper"].raw == ""
    assert rows["reader.go::Reader.reset"].raw == "numLine:22"  # written on its first line
    assert rows["reader.go::Point"].raw.split() == ["X:23", "Y:23", "Label:23"]


def test_an_attribute_is_cited_where_it_is_first_assigned_not_first_named() -> None:
    python = (
        "class Declined(Exception):\n"  # 1
        "    def __init__(self, customer_id, reason):\n"  # 2: both named, neither set
        "        super().__init__(f'{customer_id}: {reason}')\n"
        "        self.customer_id = customer_id\n"  # 4
        "        self.reason = reason\n"  # 5
    )
    nodes = [
        _definition("e.py", "class", "Declined", 1, 5),
        _definition("e.py", "method", "Declined.__init__", 2, 5),
    ]
    rows = search_text.rows_for("e.py", "python", python.encode(), nodes)
    assert [row.raw for row in rows] == ["customer_id:4 reason:5"] * 2


def test_top_level_names_read_go_groups_line_by_line() -> None:
    unclosed = "package p\n" + "var (\n\tx = 1\n" * 20_000  # groups never closed
    assert top_level_names("go", unclosed) == ["x"]  # at once: one pass
    crlf = "package p\r\n\r\nconst (\r\n\tA = iota\r\n\tB\r\n)\r\nvar _ = f()\r\nvar c = 1\r\n"
    assert top_level_names("go", crlf) == ["A", "B", "c"]
    assert top_level_names("python", "_ = setup()\nx = 1\n") == ["x"]


def test_a_class_row_cites_the_fields_and_class_attributes_its_body_declares() -> None:
    java = (
        "class Exchange {\n"  # 1
        '    static final int max_attempts = Utils.getInteger("k", 5);\n'  # 2
        "    private final Client client;\n"  # 3
        "    Exchange(Client client) {\n"
        "        int local = 1;\n"  # 5: a local, not a field
        "        this.client = client;\n"  # 6
        "    }\n"
        "}\n"
    )
    python = (
        "class Cart:\n"  # 1
        "    timeout = 5\n"  # 2
        "    def total(self):\n"
        "        count = 0\n"  # 4: a local
        "        return count\n"
    )
    for path, language, text in (("Exchange.java", "java", java), ("cart.py", "python", python)):
        source = text.encode()
        facts = parser.parse(language, source)
        classes = [d for d in facts.definitions if d.kind == "class"]
        nodes = [_definition(path, "class", d.qualname, d.line, d.end_line) for d in classes]
        nodes = [(*n[:7], language) for n in nodes]
        rows = search_text.rows_for(path, language, source, nodes, class_fields(facts))
        raws = {row.id: row.raw.split() for row in rows}
        if language == "java":
            assert raws["Exchange.java::Exchange"] == ["client:6", "max_attempts:2"]
        else:
            assert raws["cart.py::Cart"] == ["timeout:2"]
        assert all("max_attempts" not in row.attrs and "timeout" not in row.attrs for row in rows)


def test_a_long_comment_gives_its_first_lines_and_no_code_blocks() -> None:
    summary = "/**\n * Waits for a quiet spell before it passes a value on.\n *\n"
    example = " * ```ts\n * const spell = quietly(clicks);\n * ```\n"
    filler = "".join(f" * @see other{n}\n" for n in range(40))  # past MAX_DOC_LINES
    source = summary + example + filler + " */\nfunction wait(due) {\n  return due;\n}\n"
    line = source[: source.index("function")].count("\n") + 1
    nodes = [_definition("w.ts", "function", "wait", line, line + 2)]
    [row] = search_text.rows_for("w.ts", "typescript", source.encode(), nodes)
    assert row.doc.startswith("Waits for a quiet spell before it passes a value on.")
    assert "spell" not in row.doc.split("on.", 1)[1]  # the code block's words are not prose
    assert "other39" not in row.doc  # the end of a long comment is left out


def test_typescript_overloads_and_their_implementation_are_one_node(tmp_path: Path) -> None:
    source = (
        "export function pick(count: number): string;\n"  # 1
        "export function pick(config: PickConfig): string;\n"  # 2
        "/** Chooses again after a failure, up to the count. */\n"  # 3
        "export function pick(value: number | PickConfig): string {\n"  # 4
        "  const attempts = resubscribe(value);\n"
        "  return String(attempts);\n"
        "}\n"  # 7
        "function resubscribe(value: unknown): number {\n"
        "  return 1;\n"
        "}\n"
    )
    write_files(tmp_path, {"pick.ts": source})
    build(tmp_path)
    store = GraphStore.open(tmp_path)
    try:
        [node] = [n for n in store.all_nodes() if n.id == "pick.ts::pick"]
        assert (node.line, node.end_line) == (1, 7)
        [row] = [r for r in store.search("pick", 5) if r.id == "pick.ts::pick"]
        assert {"chooses", "failure", "attempts"} <= set(row.text.split())
        assert ("pick.ts::pick", "pick.ts::resubscribe") in {
            (e.src, e.dst) for e in store.all_edges() if e.kind.value == "calls"
        }
    finally:
        store.close()


def test_a_definition_reading_the_environment_has_environment_variable_among_its_keys() -> None:
    """Whatever the key (a literal or a name) and whatever the language's spelling; not a
    mention in a comment, nor a name that only holds the word (`environment_name`)."""
    reads = {
        "python": "def f(name):\n    return os.environ.get(name)\n",
        "go": "func f() string {\n\tv, _ := os.LookupEnv(key)\n\treturn v\n}\n",
        "java": "class A {\n  String f() {\n    return System.getenv(key);\n  }\n}\n",
        "javascript": "function f() {\n  return process.env[name] || 1\n}\n",
        "ruby": "def f\n  ENV.fetch(name) { 1 }\nend\n",
        "rust": "fn f() -> String {\n    std::env::var(key).unwrap()\n}\n",
    }
    for language, source in reads.items():
        lines = source.count("\n")
        node = _definition("a.x", "function", "f", 1, lines)
        (row,) = search_text.rows_for("a.x", language, source.encode(), [(*node[:7], language)])
        assert row.keys.split()[:2] == ["environment", "variable"], language
    quiet = (
        "def g(environment_name):\n"
        "    # falls back to os.environ when unset\n"
        "    return environment_name\n"
    )
    (row,) = search_text.rows_for(
        "a.py", "python", quiet.encode(), [_definition("a.py", "function", "g", 1, 3)]
    )
    assert "variable" not in row.keys.split()


def test_a_typescript_class_without_methods_is_searched_by_its_body_s_words(
    tmp_path: Path,
) -> None:
    """zod 4.6.7's checks and schemas are interfaces merged with a const a call makes, the
    code in the arrow function it passes: `coerce` was no word of `$ZodNumber`'s row, so
    "converting form input to a number" never found it. A class with methods keeps its
    body in its methods' rows; Python's classes are searched by their names and fields."""
    ts = (
        "export interface $ZodNumber { kind: string }\n"  # 1
        'export const $ZodNumber = $constructor("$ZodNumber", (inst, def) => {\n'
        "  if (def.coerce) inst.value = Number(inst.value);\n"  # 3
        "});\n"
        "export class Cart {\n"  # 5
        "  total() { return checkout(); }\n"
        "}\n"  # 7
    )
    python = "class Basket:\n    timeout = compute_timeout()\n"
    write_files(tmp_path, {"s.ts": ts, "b.py": python})
    build(tmp_path)
    store = GraphStore.open(tmp_path)
    try:
        [node] = [n for n in store.all_nodes() if n.id == "s.ts::$ZodNumber"]
        assert (node.kind.value, node.line, node.end_line) == ("class", 1, 4)
        assert [r.id for r in store.search("coerce", 5)] == ["s.ts::$ZodNumber"]
        assert [r.id for r in store.search("checkout", 5)] == ["s.ts::Cart.total"]
        assert [r.id for r in store.search("compute", 5)] == []
    finally:
        store.close()

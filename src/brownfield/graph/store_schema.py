"""The graph store's tables and indexes, and the schema version a store must carry."""

from __future__ import annotations

#: 2: calls keep their arguments, bindings their branch; 3: namespaces; 5, 6: the search index;
#: 7: Python facts gain unpacking, stores into containers, narrowing, annotations and
#: implicit calls; 8: (issue 20's languages); 9: Python attribute reads on any receiver;
#: 10: the `except` clauses of a `try` that only imports are numbered apart (GUARDED);
#: 11: unpacking says how many names it binds (`[0/2]`), sequence literals keep every
#: position, fixed-length tuple annotations keep theirs; 12: the search index expands an
#: abbreviation's plural (`conns` -> connection); 13: Python files depend on what the class
#: orders of a mixin's module consulted (a stored graph's `deps` could miss them); 14: an
#: instance attribute declared a collection of tuples (`list[tuple[K, V]]`) keeps its classes,
#: names bound to `True`/`False`/`None` keep the literal, and `if x.flag:` is a narrowing;
#: 15: Python facts keep a class body's bare annotations (`node: Expr`) as instance attribute
#: declarations and `getattr(x, f"visit_{...}")` as a read of a name with a literal start;
#: 16: a Python file reading a class order depends on `bases:PATH` of the order's files, not
#: on what finding their bases consulted; prefixed names on `imports:*`, not on every file;
#: 17: Python definitions say how their parameters bind (defaults, keyword-only...) and
#: calls how many arguments they pass by position and their keywords' names; 18: each
#: Python file records `has-decorated:NAME` rows for its decorated methods (an index); 19:
#: Python attribute reads on what a call returns (`Foo().p`, `make().p`); 20: Python
#: attribute reads on an element (`xs[0].p`); 21: Python facts keep a method's self test
#: (`return isinstance(self, A)`) and `if x.m():` as a narrowing; 22: a module's search row
#: holds its file's top-level names, and a Python definition declared by `@overload` stubs
#: spans the `def` Python runs; 23: `class A(object)` resolves like `class A:`, and class
#: attributes only subclasses bind give `override` edges; 24: a search row cites a Go
#: struct's fields and what a Go method assigns through its receiver, and each setting at
#: a line holding it as a word; 25: keys read by property getters (`getNetProperty("k")`);
#: 26: an attribute is cited where it is first assigned; 27: the first string a `case`
#: compares is a key; 28: a one-line Go method's receiver writes and struct's fields; 29:
#: a configuration object's member read is a key (`config.maxRedirects`); 30: a class
#: row cites the fields and class attributes its body declares; 31: a Go function literal
#: bound at the top level (`var Usage = func() {...}`) is a function; 32-33: the search
#: index's words (the thesaurus, more abbreviations); 34: a Python file reading what other
#: files pass its functions depends on `calls:NAME@MODULE` (their files importing it); 35: a
#: JavaScript or TypeScript class field holding a function is a method (`reload = () => {}`);
#: 36: TypeScript overload signatures and their implementation are one node spanning them, a
#: long comment gives its first lines to the search (not its last), Markdown code blocks none;
#: 37: a JavaScript or TypeScript name bound at the top of a file to what a call makes of a
#: function literal is that function (`export const Button = forwardRef((props) => {...})`);
#: 38: TypeScript type aliases and enums are definitions, a name may be a type and a value;
#: 39: the index's words (the thesaurus: `poll` for "timer"); 40: the index's words (a
#: doubled consonant's base form: `cancelled` -> cancel); 41: a `case` comparing the name of
#: a type (`case 'string':` under `switch (typeof x)`) reads no key; 42: a TypeScript call
#: through a cast or a non-null assertion calls what it wraps (`(f as any)(x)`, `f!(x)`),
#: and the index's words (the thesaurus: `begin`, `numeric`); 43: a key or attribute only
#: comments hold is cited nowhere (it was cited at the definition's first line); 44: a Java
#: definition's line is its declaration's, after its annotations; 45: the index's words
#: (the thesaurus: `readonly`); 46: JavaScript members keyed by a name (`{ [kWrite]: f }`)
#: and the calls through them (`this[kWrite]`, the call's text keeps its key); 47: a key read
#: as a string is cited where it is quoted (`'class'`, not the `class` keyword's line);
#: 48-54: the commits that set them (`git log -G 'SCHEMA_VERSION = '`); 55: a string
#: ending in a configuration object's member names no key (`"a.config.file"`: no `file`);
#: 56: nor does a comment line (a Javadoc's `{@systemProperty a.config.file}`); 57: a
#: language's own keywords are no words of its bodies (Ruby's `end`, `rescue`; C++'s
#: `inline`; C's `size_t`), a C statement after a macro is no function `if`, a Rust impl's
#: associated type no member of its type, a Ruby hash's own method no key
#: (`options.include? :proxy` reads `proxy`, not `include`), and a TypeScript interface that
#: is also a made function is called as the function (zod's `new checks.$ZodCheckMinLength`);
#: PHP's `isset` and `empty` are no calls; 58: the index's words (the thesaurus: `suggest`,
#: `typo`, `misspell`); 59: Rust's expression macros' arguments are read (`assert_eq!(f(), 1)`
#: calls `f`); 60: a Rust tuple pattern binds the elements of a function's tuple result
#: (`let (s, r) = bounded(1);`); 61: Ruby's Kernel and Module methods are builtins; 62:
#: Ruby's writers (`x.a = v` calls `a=`), `super` anywhere, constants bound in a module
#: body, names in string interpolations; a method's last expression made on its own line;
#: 63: doc comments' types (`@return Node[]`, `@var ?Node`, `@returns {Store}`), PHP's
#: untyped properties and `foreach` elements; 64: Rust's declared types seen through
#: `Box<T>` and marked inside `Result<T, E>`, `Option<T>` (`<Result>`); 65: the elements of
#: Rust's `vec![...]` read as an array's; 66: JSDoc's `@param` types and type imports,
#: PHPDoc's `@param`; 67: TypeScript's unions with nothing else and sequences declared on
#: parameters and fields; 68: a Ruby class's `def self.m` beside a `def m` is `m~self`; 69:
#: the items a Rust macro written where items are holds (`quickcheck! { fn ... }`); 70: Ruby's
#: `attr_reader`, `attr_writer` and `attr_accessor` define methods; 71: a Ruby class's `include`d
#: and `prepend`ed modules are its bases; 72: Ruby's accessors are their class's fields, not
#: search rows of their own; 73: a JavaScript receiver of unknown type named as a top-level
#: object reaches that object's member (`app.render()`); 74: a definition reading the
#: environment has the words "environment variable" among its keys; 75: `retried` is a form
#: of retry, and `timestamp` and `canonical` are known words (compounds split on them); 76:
#: Rust's `pub(crate)` is no parameter list (a function's parameters follow it); 77: `reuse`,
#: `unused` and `idle` are known words (compounds split on them); 78: the words of a function's
#: prose strings (its messages) are searched; 79: `std` is an abbreviation of "standard"
#: (`stderr` splits as std + err); 80: a Python signature ending in a comment (`# noqa`)
#: has its docstring read; 81: a chain written from the top level (Ruby's `::Dir::Tmpname`,
#: C++'s `::f`) is read as its names; 82: a method named by an operator (Ruby's `<=>`) keeps
#: its name; 83: a C, C++ or C# file split by a conditional directive is read as its first
#: branches, a field named like its type holds that type (C#'s `static Env Env`), and C#'s
#: keywords are no words of its bodies (`record`, `get`); 84: a PHP interface is an interface
#: and a PHP method without a body abstract (their calls dispatch); 85: a TypeScript function
#: constructor's prototype methods (`Signal.prototype.peek = function`); 86: a `.h` file that
#: writes C++ is C++; 87: a Ruby bare name read as a value (`x = helper`, `f(helper)`,
#: `subtotal + tax`) is a call unless a variable of the method; 88: a call's line is its
#: name's (a chain's `.add(1)` on its own line is cited there, not at the chain's start); 89:
#: a PHP class named relative to a namespace or an alias (`Utils\\Strings`) is the repository's;
#: 90: a JavaScript file's anonymous export (`module.exports = function`, `export default
#: function`) is a function (`exports`, `default`); 91: Rust: a field and a method may share
#: a name, a parameter typed by a trait object, `impl Trait` or a type parameter bound by one
#: trait is the trait, and any macro's arguments that read as a call's are read; 92: a call
#: on `this` dispatches below the calling class only, and reaches overrides (Java, JavaScript,
#: PHP, Ruby); 93: a field is its declaration's (or first assignment's) value and its last
#: one's, and a TypeScript interface's property holding a function is a method; 94: a Java or
#: C# cast receiver (`((Future<?>) r).isCancelled()`) is the cast's type; 95: a method a
#: class or module calls that neither it nor its bases define reaches the classes deriving
#: from it or including it (Ruby, JavaScript, TypeScript, Java, PHP); 96: a Java or PHP
#: method that is `private`, `static` or `final` is marked so (no subclass overrides it); 97:
#: only `private` and `static` are (a `final` one may override), and dispatch on `this` goes
#: only where the calling method runs, never through `super`, never to an abstract method;
#: 98: what a class leaves to the classes deriving from it is a method, never a constant;
#: 99: a class without a constructor of its own is built by the one it inherits (PHP,
#: JavaScript, TypeScript, Ruby); 100: JavaScript/TypeScript destructured names are the
#: value's members, a returned object literal holds its members, a callback's `return`
#: is not the enclosing function's; 101: Python returns record the parameter they run
#: only while it is None (`if func is None: return partial(...)`); 102: C# `var` locals of
#: a cast, `as`, `e!`, `new T() {...}`, and `foreach (var x in xs)` of a collection's elements;
#: 103: C# extension methods (`EXTENSION` marks, `t.M()` calls `M(this T x)`); 104:
#: JavaScript's `require("./x")` inside an expression imports the module, and
#: `module.exports = function setup() {}` is the function `exports`; 105: a JavaScript
#: function whose value starts below its name keeps its returns; 106: a C# collection of
#: outside values is not its element (`List<Type>.Add` was `<builtin>.Type.Add`); 107: a
#: member destructured from a call's result outside code made is unknown (DESTRUCTURED); 108:
#: a JavaScript or TypeScript class without methods is searched by its body's words too;
#: 109: a Rust path's lowercase head is a module, never a variable (`unit::connect(unit)`);
#: 110: a JavaScript or TypeScript private field (`#repo: Repo`, `this.#repo = ...`); 111:
#: JavaScript's `require("../")` loads the folder's package.json `main`; 112: Ruby's `raise
#: Error, "..."` constructs the class it names; 113: a JavaScript member assigned a module
#: (`module.exports.x = require("./x")`) holds it, and TypeScript's predefined types (`any`,
#: `number`) are no words of a body; 114: the events a definition emits are its keys
#: (`this.emit('level-change', ...)`)
SCHEMA_VERSION = 114

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files (
    path TEXT PRIMARY KEY,
    language TEXT,
    sha256 TEXT,
    size INTEGER,
    mtime_ns INTEGER,
    status TEXT NOT NULL,
    diagnostic TEXT,
    lines INTEGER NOT NULL DEFAULT 0,
    facts TEXT
);
CREATE TABLE nodes (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    qualname TEXT NOT NULL,
    path TEXT,
    line INTEGER,
    end_line INTEGER,
    language TEXT
);
CREATE TABLE edges (
    src TEXT NOT NULL,
    dst TEXT NOT NULL,
    kind TEXT NOT NULL,
    path TEXT NOT NULL,
    line INTEGER,
    resolution TEXT
);
CREATE TABLE unresolved (
    src TEXT NOT NULL,
    callee TEXT NOT NULL,
    path TEXT NOT NULL,
    line INTEGER NOT NULL,
    reason TEXT NOT NULL
);
CREATE TABLE deps (path TEXT NOT NULL, key TEXT NOT NULL);
"""

# Created after the rows of a fresh build are in: sorting once beats growing B-trees. The
# nodes' are made as soon as the files' rows are (while resolution workers run), the rest
# when the graph is published.
NODE_INDEXES = """
CREATE INDEX nodes_path ON nodes(path);
CREATE INDEX nodes_name ON nodes(name);
CREATE INDEX nodes_qualname ON nodes(qualname);
"""

INDEXES = """
CREATE INDEX edges_src ON edges(src, kind);
CREATE INDEX edges_dst ON edges(dst, kind);
CREATE INDEX edges_path ON edges(path);
CREATE INDEX unresolved_path ON unresolved(path);
CREATE INDEX deps_key ON deps(key);
CREATE INDEX deps_path ON deps(path);
"""

#: The search index: one row per definition in `search_docs`, full-text indexed by FTS5
#: (porter stemmer) in `search`, kept in step by triggers (an external-content table). A
#: fresh graph gets its triggers (`SEARCH_TRIGGERS`) when it is published, after one
#: `rebuild` of the index from every row: five times faster than a trigger per row.
SEARCH_SCHEMA = """
CREATE TABLE search_docs (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL,
    path TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT, words TEXT, doc TEXT, params TEXT, attrs TEXT, keys TEXT, body TEXT,
    messages TEXT, raw TEXT
);
CREATE INDEX search_docs_path ON search_docs(path);
CREATE VIRTUAL TABLE search USING fts5(
    name, words, doc, params, attrs, keys, body, messages,
    content='search_docs', content_rowid='rowid', tokenize='porter unicode61'
);
"""

SEARCH_TRIGGERS = """
CREATE TRIGGER search_docs_added AFTER INSERT ON search_docs BEGIN
    INSERT INTO search(rowid, name, words, doc, params, attrs, keys, body, messages)
    VALUES (
        new.rowid, new.name, new.words, new.doc, new.params, new.attrs, new.keys, new.body,
        new.messages
    );
END;
CREATE TRIGGER search_docs_removed AFTER DELETE ON search_docs BEGIN
    INSERT INTO search(search, rowid, name, words, doc, params, attrs, keys, body, messages)
    VALUES (
        'delete', old.rowid, old.name, old.words, old.doc, old.params, old.attrs, old.keys,
        old.body, old.messages
    );
END;
"""

TABLES = ("deps", "edges", "files", "meta", "nodes", "search", "search_docs", "unresolved")

; brownfield's own Rust imports: the `mod` tree and `use` trees. The Rust profile
; (src/brownfield/graph/lang/rust.py) reads `import.source` as follows.

; `mod store;`: source "mod", the module's name as alias (a file: store.rs or store/mod.rs)
(mod_item "mod" @import.source name: (identifier) @import.alias !body) @import
; `mod x { ... }`: a marker (source "mod", wildcard) so the profile knows inline modules;
; it binds no name
(mod_item
  "mod" @import.source @import.wildcard
  name: (identifier) @import.alias
  body: (declaration_list)) @import

; `use` trees: the source is the whole tree, the alias each name it binds
(use_declaration argument: (identifier) @import.alias @import.source) @import
(use_declaration
  argument: (scoped_identifier name: (identifier) @import.alias) @import.source) @import
(use_declaration
  argument: (use_as_clause alias: (identifier) @import.alias) @import.source) @import
(use_declaration argument: (use_wildcard) @import.source @import.wildcard) @import
; `use a::{b, c as d, e::f}` and `use a::{self}`
(use_declaration
  argument: [
    (scoped_use_list
      list: (use_list [
        (identifier) @import.alias
        (use_as_clause alias: (identifier) @import.alias)
        (scoped_identifier name: (identifier) @import.alias)]))
    (use_list [
      (identifier) @import.alias
      (use_as_clause alias: (identifier) @import.alias)
      (scoped_identifier name: (identifier) @import.alias)])
  ] @import.source) @import
(use_declaration
  argument: (scoped_use_list
    path: [(identifier) @import.alias (scoped_identifier name: (identifier) @import.alias)]
    list: (use_list (self))) @import.source) @import
; one level of nesting: `use a::{b::{c, d}, e}`
(use_declaration
  argument: (scoped_use_list
    list: (use_list
      (scoped_use_list
        list: (use_list [
          (identifier) @import.alias
          (use_as_clause alias: (identifier) @import.alias)
          (scoped_identifier name: (identifier) @import.alias)])))) @import.source) @import
(use_declaration
  argument: (scoped_use_list
    list: (use_list
      (scoped_use_list
        path: [(identifier) @import.alias (scoped_identifier name: (identifier) @import.alias)]
        list: (use_list (self))))) @import.source) @import

; Paths that start at `crate`, `super` or an outside crate of the standard library, used
; without a `use`: `crate::store::open()`, `std::fs::read()`, `impl super::Store`. The head
; is bound where the path is written, as if imported there.
(call_expression
  function: (scoped_identifier
    path: [(crate) (super) (identifier)] @import.source @import.alias
    (#any-of? @import.source "crate" "super" "std" "core" "alloc"))) @import
(call_expression
  function: (scoped_identifier
    path: (scoped_identifier
      path: [(crate) (super) (identifier)] @import.source @import.alias
      (#any-of? @import.source "crate" "super" "std" "core" "alloc")))) @import
(call_expression
  function: (scoped_identifier
    path: (scoped_identifier
      path: (scoped_identifier
        path: [(crate) (super) (identifier)] @import.source @import.alias
        (#any-of? @import.source "crate" "super" "std" "core" "alloc"))))) @import
(scoped_type_identifier
  path: [(crate) (super) (identifier)] @import.source @import.alias
  (#any-of? @import.source "crate" "super" "std" "core" "alloc")) @import
(scoped_type_identifier
  path: (scoped_identifier
    path: [(crate) (super) (identifier)] @import.source @import.alias
    (#any-of? @import.source "crate" "super" "std" "core" "alloc"))) @import

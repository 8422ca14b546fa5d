; brownfield's own TypeScript imports: ES modules, `import x = require()`, re-exports.

(import_statement
  (import_clause (identifier) @import.default)
  source: (string) @import.source) @import
(import_statement
  (import_clause (named_imports (import_specifier name: (_) @import.name alias: (_)? @import.alias)))
  source: (string) @import.source) @import
(import_statement
  (import_clause (namespace_import (identifier) @import.alias))
  source: (string) @import.source) @import
; `import fs = require("./fs")`: the whole module
(import_statement
  (import_require_clause (identifier) @import.alias source: (string) @import.source)) @import
; re-exports: `export { a as b } from "./x"`, `export * from "./x"`, `export * as ns from "./x"`
(export_statement
  (export_clause (export_specifier name: (_) @import.name alias: (_)? @import.alias))
  source: (string) @import.source) @import
(export_statement "*" @import.wildcard . "from" source: (string) @import.source) @import
(export_statement
  (namespace_export (identifier) @import.alias)
  source: (string) @import.source) @import
; `require("./x")` written inside an expression (`require("./routes")(app)`,
; `require("./util").helper()`): an import of the module, named `require$__routes`
; (`generic_chains.required_name`), which the call's text is read with
(call_expression
  function: (call_expression
    function: (identifier) @_require (#eq? @_require "require")
    arguments: (arguments . (string) @import.source .))) @import @import.inline
(member_expression
  object: (call_expression
    function: (identifier) @_require (#eq? @_require "require")
    arguments: (arguments . (string) @import.source .))) @import @import.inline
; `exports.json = require("./json")`, `{ x: require("./x") }`: the member holds that module
(assignment_expression
  left: (member_expression object: (_) @_owner)
  right: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string) @import.source .)) @import @import.inline
  (#not-eq? @_owner "module") (#eq? @_require "require"))
(pair
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string) @import.source .)) @import @import.inline
  (#eq? @_require "require"))

; brownfield's own JavaScript imports: ES modules and CommonJS.

; `/** @typedef {import("./Chunk")} Chunk */`, `/** @import { A } from "./x" */`: a type the
; file's doc comments name
(program (comment) @import @import.doc)

(import_statement
  (import_clause (identifier) @import.default)
  source: (string) @import.source) @import
(import_statement
  (import_clause (named_imports (import_specifier name: (_) @import.name alias: (_)? @import.alias)))
  source: (string) @import.source) @import
(import_statement
  (import_clause (namespace_import (identifier) @import.alias))
  source: (string) @import.source) @import
; re-exports: `export { a as b } from "./x"`, `export * from "./x"`
(export_statement
  (export_clause (export_specifier name: (_) @import.name alias: (_)? @import.alias))
  source: (string) @import.source) @import
(export_statement "*" @import.wildcard source: (string) @import.source) @import
; const x = require("./x"); const { a, b } = require("./x")
(variable_declarator
  name: (identifier) @import.alias
  value: (call_expression
    function: (identifier) @_require (#eq? @_require "require")
    arguments: (arguments (string) @import.source))) @import
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @import.name)
  value: (call_expression
    function: (identifier) @_require (#eq? @_require "require")
    arguments: (arguments (string) @import.source))) @import
(variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @import.name value: (identifier) @import.alias))
  value: (call_expression
    function: (identifier) @_require (#eq? @_require "require")
    arguments: (arguments (string) @import.source))) @import
; `var f = require("./x").f`
(variable_declarator
  name: (identifier) @import.alias
  value: (member_expression
    object: (call_expression
      function: (identifier) @_require (#eq? @_require "require")
      arguments: (arguments . (string) @import.source .))
    property: (property_identifier) @import.name)) @import
; `const { f } = await import("./x.js")`
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @import.name)
  value: (await_expression
    (call_expression function: (import) arguments: (arguments . (string) @import.source)))) @import
; `module.exports = require("./x")`: this file's default is that module
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string) @import.source .))
  (#eq? @_module "module") (#eq? @_exports "exports") (#eq? @_require "require")) @import @import.as_default
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
; `exports.json = require("./json")`, `module.exports.x = require("./x")`, `{ x:
; require("./x") }`: the member (or the object's key) holds that module, imported the same
; way (the binding's value is read as `require$__x`)
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

; brownfield's own JavaScript bindings: variables, parameters, fields, members assigned
; to objects, default exports, returns.

; `const x = f()`; a value that is not a chain still binds the name (to nothing known)
(variable_declarator
  name: (identifier) @binding.name
  value: [(new_expression) (call_expression) (identifier) (member_expression)
          (subscript_expression) (await_expression)] @binding.value) @binding
(variable_declarator
  name: (identifier) @binding.name
  value: [(parenthesized_expression) (binary_expression) (ternary_expression)
          (unary_expression) (string) (template_string) (number) (array) (null)
          (undefined) (true) (false) (regex)]) @binding
(variable_declarator name: (identifier) @binding.name !value) @binding
; `const { a, b: c } = value`: a is value's member `a`, c its member `b` (a value that is
; no chain, or `require(...)`, an import, binds them to nothing known)
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @binding.name @binding.key)
  value: (_) @binding.value) @binding
(variable_declarator
  name: (object_pattern
    (pair_pattern key: (property_identifier) @binding.key value: (identifier) @binding.name))
  value: (_) @binding.value) @binding
(variable_declarator
  name: [(object_pattern (shorthand_property_identifier_pattern) @binding.name)
         (object_pattern (pair_pattern value: (identifier) @binding.name))]
  !value) @binding
(variable_declarator name: (array_pattern (identifier) @binding.name)) @binding
; parameters: bound to the type their function's doc comment gives (`@param {T} name`, a type
; the file imports, defines or binds), else to nothing known
(formal_parameters) @binding.names @binding @binding.param.bound
(arrow_function parameter: (identifier) @binding.name) @binding
(catch_clause parameter: (identifier) @binding.name) @binding
; `for (const x of xs)`: an element of xs
(for_in_statement
  left: (identifier) @binding.name
  "of"
  right: (_) @binding.element) @binding
(for_in_statement
  left: (identifier) @binding.name
  "in") @binding

; `x = new B()`: inside a function, the value from that line on
(assignment_expression
  left: (identifier) @binding.name
  right: [(new_expression) (call_expression) (identifier) (member_expression)
          (subscript_expression) (await_expression) (parenthesized_expression)
          (binary_expression) (ternary_expression) (string) (number) (array) (null)]
         @binding.value) @binding

; `this.repo = ...` in a method or a constructor function
(assignment_expression
  left: (member_expression object: (this) property: [(property_identifier) (private_property_identifier)] @binding.field)
  right: [(new_expression) (call_expression) (identifier) (member_expression)] @binding.value) @binding
; `this.stack = []`: a field, of no known type
(assignment_expression
  left: (member_expression object: (this) property: [(property_identifier) (private_property_identifier)] @binding.field)
  right: [(array) (object) (string) (number) (template_string) (binary_expression)
          (ternary_expression) (subscript_expression) (null) (undefined) (true) (false)
          (unary_expression) (function_expression) (arrow_function)]) @binding

; `obj.x = y`, `exports.x = require("./x")`, `req.get = req.header = function...` at the
; top of a file: a member of the object
(assignment_expression
  left: (member_expression
    object: [(identifier) (member_expression)] @binding.owner
    property: (property_identifier) @binding.name)
  right: [(new_expression) (call_expression) (identifier) (member_expression)] @binding.value
  (#not-eq? @binding.owner "module")
  (#not-eq? @binding.name "prototype")
  (#not-match? @binding.owner "(^|\\.)prototype$|^module\\.exports$")) @binding
(assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) @_module property: (property_identifier) @binding.owner)
    property: (property_identifier) @binding.name)
  right: [(new_expression) (call_expression) (identifier) (member_expression)] @binding.value
  (#eq? @_module "module") (#eq? @binding.owner "exports")) @binding
(assignment_expression
  left: (member_expression
    object: [(identifier) (member_expression)] @binding.owner
    property: (property_identifier) @binding.name)
  right: (assignment_expression left: (member_expression) @binding.value)
  (#not-eq? @binding.owner "module")
  (#not-match? @binding.owner "(^|\\.)prototype$")) @binding
; `{ a: f, b }` in an object bound to a name: members bound to values
(variable_declarator
  value: (object
    [(pair
       key: (property_identifier) @binding.name
       value: [(identifier) (member_expression) (call_expression) (new_expression)] @binding.value)
     (shorthand_property_identifier) @binding.name @binding.value]) @binding)
; `{ [kWrite]: write }` in an object bound to a name: a member keyed by a symbol (or any
; value a variable holds), named `[kWrite]`
(variable_declarator
  value: (object
    (pair
      key: (computed_property_name (identifier) @binding.computed)
      value: [(identifier) (member_expression) (call_expression) (new_expression)] @binding.value)) @binding)
(expression_statement
  (assignment_expression
    left: (member_expression property: (property_identifier) @_property)
    right: (object
      [(pair
         key: (property_identifier) @binding.name
         value: [(identifier) (member_expression) (call_expression) (new_expression)] @binding.value)
       (shorthand_property_identifier) @binding.name @binding.value]) @binding)
  (#not-eq? @_property "prototype"))

; default exports: `export default x`, `module.exports = x`, `var app = module.exports = {}`
(export_statement "default" value: (_) @binding.default) @binding
(export_statement "default" declaration: [(function_declaration name: (identifier) @binding.default) (class_declaration name: (identifier) @binding.default)]) @binding
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: [(identifier) (member_expression) (call_expression) (new_expression)] @binding.default
  (#eq? @_module "module") (#eq? @_exports "exports")) @binding
(variable_declarator
  name: (identifier) @binding.default
  value: (assignment_expression
    right: [(assignment_expression
              left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
              right: (object))
            (assignment_expression
              right: (assignment_expression
                left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
                right: (object)))])
  (#eq? @_module "module") (#eq? @_exports "exports")) @binding
(variable_declarator
  name: (identifier) @binding.default
  value: (assignment_expression
    left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    right: (object))
  (#eq? @_module "module") (#eq? @_exports "exports")) @binding
; `var proto = module.exports = function () {}`, `module.exports = class Store {}`
(variable_declarator
  name: (identifier) @binding.default
  value: (assignment_expression
    left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    right: [(function_expression) (arrow_function)])
  (#eq? @_module "module") (#eq? @_exports "exports")) @binding
(variable_declarator
  name: (identifier) @binding.default
  value: (assignment_expression
    right: (assignment_expression
      left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
      right: [(function_expression) (arrow_function)]))
  (#eq? @_module "module") (#eq? @_exports "exports")) @binding
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (class name: (identifier) @binding.default)
  (#eq? @_module "module") (#eq? @_exports "exports")) @binding
; `export { a as b }` (no `from`): b is a
(export_statement
  !source
  (export_clause (export_specifier name: (identifier) @binding.value alias: (identifier) @binding.name))) @binding
; class fields: `repo = new Repo()`
(field_definition property: (property_identifier) @binding.name value: (_) @binding.value) @binding
; `return { a, b: f }`: an object holding those members (`generic_returned`)
(return_statement (object) @return.object) @return
; what a function returns, when it is a chain (`return new Repo()`, `return this.x`)
(return_statement
  [(identifier) (member_expression) (call_expression) (new_expression) (await_expression)
   (parenthesized_expression) (this)] @return.value) @return

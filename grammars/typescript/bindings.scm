; brownfield's own TypeScript bindings: typed variables, parameters and fields, default
; exports, returns. A declared type wins over a value: `let r: Repo = make()` is a Repo.

; variables: `let r: Repo = ...`, `declare const r: Repo;`, `const r = make()` (named types
; only: a variable of a callback passed as an argument is bound where the call is, and a
; `string[]` there would hide an import of the same name)
(variable_declarator
  name: (identifier) @binding.name
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @binding.type)) @binding
(variable_declarator
  name: (identifier) @binding.name
  !type
  value: [(new_expression) (call_expression) (identifier) (member_expression)] @binding.value) @binding
(variable_declarator
  name: (identifier) @binding.name
  !type
  value: (as_expression (_) [(type_identifier) (nested_type_identifier) (generic_type)] @binding.type)) @binding

; parameters: `(repo: Repo)`, `(repo?: Repo | null)`, `(repos: Repo[])`; `constructor(private
; repo: Repo)` is also a field
(required_parameter
  pattern: (identifier) @binding.name
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type) (union_type) (array_type)]
    @binding.type)) @binding
(optional_parameter
  pattern: (identifier) @binding.name
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type) (union_type) (array_type)]
    @binding.type)) @binding
(required_parameter
  [(accessibility_modifier) "readonly" (override_modifier)]
  pattern: (identifier) @binding.field
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type) (union_type) (array_type)]
    @binding.type)) @binding
(optional_parameter
  [(accessibility_modifier) "readonly" (override_modifier)]
  pattern: (identifier) @binding.field
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type) (union_type) (array_type)]
    @binding.type)) @binding

; fields of classes and interfaces: `repo: Repo`, `repo = new Repo()`, `#repo: Repo` (private)
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @binding.name
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type) (union_type) (array_type)]
    @binding.type)) @binding
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @binding.name
  !type
  value: [(new_expression) (call_expression) (identifier) (member_expression)] @binding.value) @binding
(property_signature
  name: (property_identifier) @binding.name
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type) (union_type) (array_type)]
    @binding.type)) @binding

; `x = new B()`: inside a function, the value from that line on
(assignment_expression
  left: (identifier) @binding.name
  right: [(new_expression) (call_expression) (identifier) (member_expression)
          (subscript_expression) (await_expression) (parenthesized_expression)
          (binary_expression) (ternary_expression) (string) (number) (array) (null)]
         @binding.value) @binding

; `this.repo = connect(...)` in a method
(assignment_expression
  left: (member_expression object: (this) property: [(property_identifier) (private_property_identifier)] @binding.field)
  right: [(new_expression) (call_expression) (identifier) (member_expression)] @binding.value) @binding
; `this.stack = []`: a field, of no known type
(assignment_expression
  left: (member_expression object: (this) property: [(property_identifier) (private_property_identifier)] @binding.field)
  right: [(array) (object) (string) (number) (template_string) (binary_expression)
          (ternary_expression) (subscript_expression) (null) (undefined) (true) (false)
          (unary_expression) (function_expression) (arrow_function)]) @binding

; default exports: `export default x`, `export default class A {}`, `export = x`
(export_statement "default" value: (_) @binding.default) @binding
(export_statement "default" declaration: [(function_declaration name: (identifier) @binding.default) (class_declaration name: (type_identifier) @binding.default) (abstract_class_declaration name: (type_identifier) @binding.default)]) @binding
(export_statement "=" . (identifier) @binding.default) @binding

; `return { a, b: f }`: an object holding those members (`generic_returned`)
(return_statement (object) @return.object) @return
; what a function returns, when it is a chain (`return new Repo()`, `return this.x`)
(return_statement
  [(identifier) (member_expression) (call_expression) (new_expression) (await_expression)
   (parenthesized_expression) (this) (as_expression) (non_null_expression)] @return.value) @return

; untyped parameters and variables: bound, to nothing known unless the value is a chain
(required_parameter pattern: (identifier) @binding.name !type) @binding
(optional_parameter pattern: (identifier) @binding.name !type) @binding
(arrow_function parameter: (identifier) @binding.name) @binding
(variable_declarator name: (identifier) @binding.name !type !value) @binding
(variable_declarator
  name: (identifier) @binding.name
  !type
  value: [(subscript_expression) (await_expression) (parenthesized_expression)
          (non_null_expression)] @binding.value) @binding
(variable_declarator
  name: (identifier) @binding.name
  !type
  value: [(binary_expression) (ternary_expression) (unary_expression) (string)
          (template_string) (number) (array) (null) (undefined) (true) (false)]) @binding
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
(catch_clause parameter: (identifier) @binding.name) @binding
; `for (const x of xs)`: an element of xs
(for_in_statement
  left: (identifier) @binding.name
  "of"
  right: (_) @binding.element) @binding

; `{ [kWrite]: write }` in an object bound to a name: a member keyed by a symbol (or any
; value a variable holds), named `[kWrite]`
(variable_declarator
  value: (object
    (pair
      key: (computed_property_name (identifier) @binding.computed)
      value: [(identifier) (member_expression) (call_expression) (new_expression)] @binding.value)) @binding)

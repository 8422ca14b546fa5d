; brownfield's own Java bindings: fields, locals and parameters by their declared type
; (`var` by its value).

(field_declaration
  type: (_) @binding.type
  declarator: (variable_declarator name: (identifier) @binding.name)) @binding
(local_variable_declaration
  type: (_) @binding.type
  declarator: (variable_declarator name: (identifier) @binding.name)
  (#not-eq? @binding.type "var")) @binding
(local_variable_declaration
  type: (type_identifier) @_var
  declarator: (variable_declarator
    name: (identifier) @binding.name
    value: [(object_creation_expression) (method_invocation) (identifier) (field_access)] @binding.value)
  (#eq? @_var "var")) @binding
(formal_parameter type: (_) @binding.type name: (identifier) @binding.name) @binding
(spread_parameter (_) (variable_declarator name: (identifier) @binding.name)) @binding
(catch_formal_parameter (catch_type . (_) @binding.type .) name: (identifier) @binding.name) @binding
(enhanced_for_statement
  type: (_) @binding.type
  name: (identifier) @binding.name
  (#not-eq? @binding.type "var")) @binding
(resource
  type: (_) @binding.type
  name: (identifier) @binding.name
  (#not-eq? @binding.type "var")) @binding
(resource
  type: (type_identifier) @_var
  name: (identifier) @binding.name
  value: (_) @binding.value
  (#eq? @_var "var")) @binding
; `this.repo = repo` in a constructor: the field, when it has no declared type here
(assignment_expression
  left: (field_access object: (this) field: (identifier) @binding.field)
  right: [(object_creation_expression) (method_invocation)] @binding.value) @binding

; brownfield's own JavaScript bindings: variables, fields, default exports, returns.

(variable_declarator
  name: (identifier) @binding.name
  value: [(new_expression) (call_expression) (identifier) (member_expression)] @binding.value) @binding
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @binding.field)
  right: [(new_expression) (call_expression) (identifier) (member_expression)] @binding.value) @binding
(export_statement "default" value: (_) @binding.default) @binding
(export_statement "default" declaration: [(function_declaration name: (identifier) @binding.default) (class_declaration name: (identifier) @binding.default)]) @binding
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (_) @binding.default
  (#eq? @_module "module") (#eq? @_exports "exports")) @binding
(return_statement (_) @return.value) @return

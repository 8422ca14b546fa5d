; brownfield's own C# bindings: fields, properties, locals and parameters by their declared
; type (`var` by its value).

(variable_declaration
  type: [(identifier) (qualified_name) (generic_name) (array_type)] @binding.type
  (variable_declarator name: (identifier) @binding.name)) @binding
(variable_declaration
  type: (nullable_type type: [(identifier) (qualified_name) (generic_name)] @binding.type)
  (variable_declarator name: (identifier) @binding.name)) @binding
(variable_declaration
  type: (implicit_type)
  (variable_declarator
    name: (identifier) @binding.name
    [(invocation_expression) (identifier) (member_access_expression)] @binding.value)) @binding
; `var x = new T(...) { a = b }`, `var x = (T)e`, `var x = e as T`: a T
(variable_declaration
  type: (implicit_type)
  (variable_declarator
    name: (identifier) @binding.name
    [(object_creation_expression type: [(identifier) (qualified_name) (generic_name)] @binding.type)
     (cast_expression type: [(identifier) (qualified_name) (generic_name)] @binding.type)
     (as_expression right: [(identifier) (qualified_name) (generic_name)] @binding.type)])) @binding
; `var x = e!`: what e is (the `!` tells the compiler only that it is not null)
(variable_declaration
  type: (implicit_type)
  (variable_declarator
    name: (identifier) @binding.name
    (postfix_unary_expression
      [(invocation_expression) (identifier) (member_access_expression)] @binding.value "!"))) @binding
(property_declaration
  type: [(identifier) (qualified_name) (generic_name)] @binding.type
  name: (identifier) @binding.name) @binding
(property_declaration
  type: (nullable_type type: [(identifier) (qualified_name) (generic_name)] @binding.type)
  name: (identifier) @binding.name) @binding
; parameters of what has a scope of its own (not operators, indexers or delegates)
[
  (method_declaration (parameter_list (parameter type: [(identifier) (qualified_name) (generic_name)] @binding.type name: (identifier) @binding.name) @binding))
  (constructor_declaration (parameter_list (parameter type: [(identifier) (qualified_name) (generic_name)] @binding.type name: (identifier) @binding.name) @binding))
  (local_function_statement (parameter_list (parameter type: [(identifier) (qualified_name) (generic_name)] @binding.type name: (identifier) @binding.name) @binding))
  (lambda_expression (parameter_list (parameter type: [(identifier) (qualified_name) (generic_name)] @binding.type name: (identifier) @binding.name) @binding))
  (anonymous_method_expression (parameter_list (parameter type: [(identifier) (qualified_name) (generic_name)] @binding.type name: (identifier) @binding.name) @binding))
  (class_declaration (parameter_list (parameter type: [(identifier) (qualified_name) (generic_name)] @binding.type name: (identifier) @binding.name) @binding))
  (struct_declaration (parameter_list (parameter type: [(identifier) (qualified_name) (generic_name)] @binding.type name: (identifier) @binding.name) @binding))
  (record_declaration (parameter_list (parameter type: [(identifier) (qualified_name) (generic_name)] @binding.type name: (identifier) @binding.name) @binding))
]
[
  (method_declaration (parameter_list (parameter type: (nullable_type type: [(identifier) (qualified_name) (generic_name)] @binding.type) name: (identifier) @binding.name) @binding))
  (constructor_declaration (parameter_list (parameter type: (nullable_type type: [(identifier) (qualified_name) (generic_name)] @binding.type) name: (identifier) @binding.name) @binding))
  (local_function_statement (parameter_list (parameter type: (nullable_type type: [(identifier) (qualified_name) (generic_name)] @binding.type) name: (identifier) @binding.name) @binding))
  (lambda_expression (parameter_list (parameter type: (nullable_type type: [(identifier) (qualified_name) (generic_name)] @binding.type) name: (identifier) @binding.name) @binding))
  (anonymous_method_expression (parameter_list (parameter type: (nullable_type type: [(identifier) (qualified_name) (generic_name)] @binding.type) name: (identifier) @binding.name) @binding))
  (class_declaration (parameter_list (parameter type: (nullable_type type: [(identifier) (qualified_name) (generic_name)] @binding.type) name: (identifier) @binding.name) @binding))
  (struct_declaration (parameter_list (parameter type: (nullable_type type: [(identifier) (qualified_name) (generic_name)] @binding.type) name: (identifier) @binding.name) @binding))
  (record_declaration (parameter_list (parameter type: (nullable_type type: [(identifier) (qualified_name) (generic_name)] @binding.type) name: (identifier) @binding.name) @binding))
]
(foreach_statement
  type: [(identifier) (qualified_name) (generic_name)] @binding.type
  left: (identifier) @binding.name) @binding
; `foreach (var x in xs)`: an element of xs
(foreach_statement
  type: (implicit_type)
  left: (identifier) @binding.name
  right: (_) @binding.element) @binding
(catch_declaration
  type: [(identifier) (qualified_name) (generic_name)] @binding.type
  name: (identifier) @binding.name) @binding
; `this.repo = new Repo()` in a constructor: the field
(assignment_expression
  left: (member_access_expression expression: "this" name: (identifier) @binding.field)
  right: [(object_creation_expression) (invocation_expression)] @binding.value) @binding

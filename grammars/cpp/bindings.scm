; brownfield's own C++ bindings: variables, parameters and fields with their declared type
; (`Store s;`, `Store* p = ...;`, `const Store& s`), `auto x = value;`, and returns.

; locals and globals: `Store s;`, `Store* p = new Store();`, `Store& r = s;`
(declaration
  type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
  declarator: [
    (identifier) @binding.name
    (pointer_declarator declarator: (identifier) @binding.name)
    (reference_declarator (identifier) @binding.name)
    (init_declarator declarator: [
      (identifier) @binding.name
      (pointer_declarator declarator: (identifier) @binding.name)
      (reference_declarator (identifier) @binding.name)
    ])
  ]) @binding

; `auto s = Store::make();`, `auto* p = new Store();`
(declaration
  type: (placeholder_type_specifier)
  declarator: (init_declarator
    declarator: [
      (identifier) @binding.name
      (pointer_declarator declarator: (identifier) @binding.name)
      (reference_declarator (identifier) @binding.name)
    ]
    value: (_) @binding.value)) @binding

; parameters of a function definition (not of a prototype): `void f(Store& s, Repo* r)`
(function_definition
  declarator: [
    (function_declarator parameters: (parameter_list [
      (parameter_declaration
        type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
        declarator: [
          (identifier) @binding.name
          (pointer_declarator declarator: (identifier) @binding.name)
          (reference_declarator (identifier) @binding.name)
        ]) @binding
      (optional_parameter_declaration
        type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
        declarator: [
          (identifier) @binding.name
          (pointer_declarator declarator: (identifier) @binding.name)
          (reference_declarator (identifier) @binding.name)
        ]) @binding
    ]))
    (pointer_declarator declarator: (function_declarator parameters: (parameter_list [
      (parameter_declaration
        type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
        declarator: [
          (identifier) @binding.name
          (pointer_declarator declarator: (identifier) @binding.name)
          (reference_declarator (identifier) @binding.name)
        ]) @binding
      (optional_parameter_declaration
        type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
        declarator: [
          (identifier) @binding.name
          (pointer_declarator declarator: (identifier) @binding.name)
          (reference_declarator (identifier) @binding.name)
        ]) @binding
    ])))
    (reference_declarator (function_declarator parameters: (parameter_list [
      (parameter_declaration
        type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
        declarator: [
          (identifier) @binding.name
          (pointer_declarator declarator: (identifier) @binding.name)
          (reference_declarator (identifier) @binding.name)
        ]) @binding
      (optional_parameter_declaration
        type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
        declarator: [
          (identifier) @binding.name
          (pointer_declarator declarator: (identifier) @binding.name)
          (reference_declarator (identifier) @binding.name)
        ]) @binding
    ])))
  ])

; fields: `Repo repo_;`, `Repo* repo_;`
(field_declaration
  type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
  declarator: [
    (field_identifier) @binding.name
    (pointer_declarator declarator: (field_identifier) @binding.name)
    (reference_declarator (field_identifier) @binding.name)
  ]) @binding

(return_statement (_) @return.value) @return

; brownfield's own JavaScript definitions and calls (capture names: see generic_facts.py).

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration
  name: (identifier) @name
  (class_heritage (_) @base)?) @definition.class
(method_definition name: (property_identifier) @name) @definition.method
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
; an object literal bound to a name is a namespace of its methods: `const api = { run() {} }`
(variable_declarator name: (identifier) @name value: (object)) @definition.class
(pair
  key: (property_identifier) @name
  value: [(arrow_function) (function_expression)]) @definition.method

(call_expression function: (_) @callee) @reference.call
(new_expression constructor: (_) @callee) @reference.call

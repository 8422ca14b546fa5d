; brownfield's own Python tags query: definitions and call references.
; Written for tree-sitter-python 0.23+; capture names follow the tags.scm convention.

(class_definition
  name: (identifier) @name
  superclasses: (argument_list)? @bases
  body: (block) @body) @definition.class

(function_definition
  name: (identifier) @name
  parameters: (parameters) @parameters
  body: (block) @body) @definition.function

(call
  function: (_) @callee) @reference.call

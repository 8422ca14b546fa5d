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

; lambdas are definitions too, named <lambda1>, <lambda2>... in source order
(lambda
  parameters: (lambda_parameters)? @parameters
  body: (_) @body) @definition.lambda

(call
  function: (_) @callee
  arguments: (_) @arguments) @reference.call

; brownfield's own Ruby bindings: locals, parameters, instance variables, returns.

; `x = Foo.new(1)`, `x ||= make`
(assignment left: (identifier) @binding.name right: (_) @binding.value) @binding
(operator_assignment left: (identifier) @binding.name right: (_) @binding.value) @binding
; `ORIGIN = Circle.new` in a module or class body: a constant of it
(assignment left: (constant) @binding.name right: (_) @binding.value) @binding
; `@repo = Repo.new`: a field of the enclosing method's class
(assignment left: (instance_variable) @binding.field right: (_) @binding.value) @binding
(operator_assignment left: (instance_variable) @binding.field right: (_) @binding.value) @binding

; `a, b = pair`, `a, *rest = list`, `for x in items`: variables of unknown value
(left_assignment_list (identifier) @binding.name) @binding
(left_assignment_list (rest_assignment (identifier) @binding.name)) @binding
(destructured_left_assignment (identifier) @binding.name) @binding
(for pattern: (identifier) @binding.name) @binding
(destructured_parameter (identifier) @binding.name) @binding
; parameters shadow methods of the same name (their value is unknown)
(method_parameters (identifier) @binding.name) @binding
(block_parameters (identifier) @binding.name) @binding
(lambda_parameters (identifier) @binding.name) @binding
(optional_parameter name: (identifier) @binding.name) @binding
(keyword_parameter name: (identifier) @binding.name) @binding
(splat_parameter name: (identifier) @binding.name) @binding
(hash_splat_parameter name: (identifier) @binding.name) @binding
(block_parameter name: (identifier) @binding.name) @binding
; `rescue Error => e`: the exception caught
(exception_variable (identifier) @binding.name) @binding

; `return x`, and a method's last expression (its implicit result); an assignment's is its
; value (`@client ||= Client.new`: memoized)
(return (argument_list . (_) @return.value .)) @return
(method body: (body_statement (_) @return.value .)) @return
(singleton_method body: (body_statement (_) @return.value .)) @return
(method
  body: (body_statement
    [(assignment right: (_) @return.value) (operator_assignment right: (_) @return.value)] .)) @return
(singleton_method
  body: (body_statement
    [(assignment right: (_) @return.value) (operator_assignment right: (_) @return.value)] .)) @return

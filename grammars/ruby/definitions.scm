; brownfield's own Ruby definitions and calls (capture names: see generic_facts.py).

; classes and modules (a module is a class-like namespace): `class A::B < C`
(class
  name: [(constant) (scope_resolution)] @name
  superclass: (superclass (_) @base)?) @definition.class
(module name: [(constant) (scope_resolution)] @name) @definition.class

; `def m` (a method inside a class or module, a function at the top), `def self.m`,
; `def Foo.m` (written outside Foo)
(method name: (_) @name) @definition.function
(singleton_method object: (self) name: (_) @name) @definition.function
(singleton_method object: [(constant) (scope_resolution)] @owner name: (_) @name) @definition.function
; methods of the class itself: `def self.m`, `def Foo.m`, a `def m` in `class << self`
(singleton_method) @singleton
(singleton_class value: (self) body: (body_statement (method) @singleton))

; calls: `recv.m(...)`, `Foo::Bar.new`, `m(...)`, `m arg`
(call
  receiver: (_) @receiver
  method: [(identifier) (constant)] @method) @reference.call
(call
  !receiver
  method: [(identifier) (constant)] @callee) @reference.call
; a bare name standing as a statement is a call of a method without arguments (`helper`),
; and so is one a method is called on (`gems.path`), unless a variable (`paren_free_calls`)
(call receiver: (identifier) @callee @reference.call)
(body_statement (identifier) @callee @reference.call)
(block_body (identifier) @callee @reference.call)
(then (identifier) @callee @reference.call)
(else (identifier) @callee @reference.call)
(ensure (identifier) @callee @reference.call)
(begin (identifier) @callee @reference.call)
(program (identifier) @callee @reference.call)
; `"#{title}"`: a method, unless a variable of the method so named (`paren_free_calls`)
(interpolation (identifier) @callee @reference.call)
; and so is a bare name read as a value: `x = helper`, `a, b = pair`, `f(helper)`,
; `[helper]`, `{k: helper}`, `helper + 1`, `!helper`, `ok ? helper : other`, `for x in
; items`
(assignment right: (identifier) @callee @reference.call)
(operator_assignment right: (identifier) @callee @reference.call)
(right_assignment_list (identifier) @callee @reference.call)
(argument_list (identifier) @callee @reference.call)
(array (identifier) @callee @reference.call)
(pair value: (identifier) @callee @reference.call)
(binary [left: (identifier) right: (identifier)] @callee @reference.call)
(unary operand: (identifier) @callee @reference.call)
(conditional [condition: (identifier) consequence: (identifier) alternative: (identifier)] @callee @reference.call)
(in (identifier) @callee @reference.call)

; `super` or `super(...)` anywhere in a method: the same method of a base
(super) @receiver @reference.call
; `x.label = v` calls the writer `label=` (and not the reader `label`)
(assignment left: (call receiver: (_) @receiver method: (identifier) @method.writer) @reference.call)

; `raise Error, "message"` and `fail Error` construct the class: Ruby calls its `exception`,
; which is `new` (a `raise Error.new(...)` is a call written out above)
(call
  !receiver
  method: (identifier) @_raise (#any-of? @_raise "raise" "fail")
  arguments: (argument_list . [(constant) (scope_resolution)] @callee)) @reference.call

; brownfield's own Ruby class body declarations (`lang/ruby.py`: `with_declarations`).

; `attr_reader :name, :size` (and `attr_writer`, `attr_accessor`) in a class or module body
; define methods reading (`name`) and writing (`name=`) the instance variable of each name

(call
  !receiver
  method: (identifier) @accessor
  arguments: (argument_list (simple_symbol) @accessor.name)
  (#any-of? @accessor "attr_reader" "attr_writer" "attr_accessor"))

; `include Comparable`, `prepend Logging` in a class or module body: the module's methods
; are the class's own (`lang/ruby.py`: a base of the innermost class around)
(call
  !receiver
  method: (identifier) @mixin
  arguments: (argument_list . [(constant) (scope_resolution)] @mixin.module .)
  (#any-of? @mixin "include" "prepend"))

; brownfield's own Ruby accessors: `attr_reader :name, :size` (and `attr_writer`,
; `attr_accessor`) in a class or module body define methods reading (`name`) and writing
; (`name=`) the instance variable of each name (`lang/ruby.py`: `with_accessors`).

(call
  !receiver
  method: (identifier) @accessor
  arguments: (argument_list (simple_symbol) @accessor.name)
  (#any-of? @accessor "attr_reader" "attr_writer" "attr_accessor"))

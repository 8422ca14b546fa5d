; brownfield's own Ruby imports: `require_relative 'x'` and `require 'x'` load a whole
; file, so they are wildcard imports: its top-level names become visible. The method's
; name is kept as the import's alias: `require_relative` is relative to the file.

(call
  !receiver
  method: (identifier) @import.wildcard @import.alias
  arguments: (argument_list . (string . (string_content) @import.source .))
  (#any-of? @import.wildcard "require" "require_relative" "load")) @import

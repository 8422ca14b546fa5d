; brownfield's own Go imports: a package by its path, under its own name or an alias;
; `import . "p"` makes p's names visible. A blank import (`_`) binds nothing.

(import_spec
  !name
  path: [(interpreted_string_literal) (raw_string_literal)] @import.source) @import
(import_spec
  name: (package_identifier) @import.alias
  path: [(interpreted_string_literal) (raw_string_literal)] @import.source) @import
(import_spec
  name: (dot) @import.wildcard
  path: [(interpreted_string_literal) (raw_string_literal)] @import.source) @import

; brownfield's own PHP imports.

; `use App\Models\User;`, `use App\Models\User as Account;`, `use function App\f;`
(namespace_use_declaration
  (namespace_use_clause
    . [(qualified_name) (name)] @import.source
    alias: (name)? @import.alias)) @import
; `use App\Models\{User, Team as Group};`
(namespace_use_declaration
  (namespace_name) @import.source
  body: (namespace_use_group
    (namespace_use_clause
      . (name) @import.name
      alias: (name)? @import.alias))) @import

; `require 'x.php'`, `require_once __DIR__ . '/x.php'`, `include('x.php')`: the whole
; file, whose functions and classes become visible (a wildcard import)
(_ ["require" "require_once" "include" "include_once"]
  . [(string) (encapsed_string)] @import.source @import.wildcard) @import
(_ ["require" "require_once" "include" "include_once"]
  . (binary_expression
    right: [(string) (encapsed_string)] @import.source @import.wildcard)) @import
(_ ["require" "require_once" "include" "include_once"]
  . (parenthesized_expression
    [(string) (encapsed_string)] @import.source @import.wildcard)) @import

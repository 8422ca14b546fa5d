; brownfield's own C# usings: `using A.B;` makes the namespace's types visible (the profile's
; visible files), `using R = A.B.C;` names one type.

(using_directive
  !name
  [(identifier) (qualified_name)] @import.source @import.wildcard) @import
(using_directive
  name: (identifier) @import.alias
  (qualified_name qualifier: (_) @import.source name: (_) @import.name)) @import

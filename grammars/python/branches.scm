; brownfield's own Python branches query: the alternatives of every if/try statement, so
; that a binding knows which branch it sits in (both branches' values may be live after).

(if_statement consequence: (block) @branch.body) @branch
(if_statement alternative: (elif_clause) @branch.other) @branch
(if_statement alternative: (else_clause) @branch.else) @branch
(try_statement body: (block) @branch.body) @branch
(try_statement (except_clause) @branch.other) @branch
(try_statement (else_clause) @branch.other) @branch

; brownfield's own C imports: `#include "x.h"` makes every top-level name of the header
; visible, so it is a wildcard import of the header file. `#include <stdio.h>` resolves
; only when the repository itself holds such a header; otherwise it is outside code.

(preproc_include path: [(string_literal) (system_lib_string)] @import.source) @import @import.wildcard

BEGIN { x = /* ERROR D_MACRO_UNDEF "macro variable \\$nosuch is not defined" */ $nosuch; }

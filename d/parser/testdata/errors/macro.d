BEGIN { x = /* ERROR D_MACRO_UNDEF "macro argument \\$3 is not defined" */ $3; }

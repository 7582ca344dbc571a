-- @@stderr --
dtrace: failed to compile script err.D_IDENT_UNDEF.agg-alone.d: [D_IDENT_UNDEF] line 3: failed to resolve @never: Unknown variable name

-- @@stderr --
dtrace: failed to compile script err.D_IDENT_UNDEF.printa.d: [D_IDENT_UNDEF] line 3: failed to resolve @nosuch: Unknown variable name

-- @@stderr --
dtrace: failed to compile script err.D_DECL_TYPERED.braces.d: [D_DECL_TYPERED] line 4: type redeclared: struct out

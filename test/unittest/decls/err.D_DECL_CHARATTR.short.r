-- @@stderr --
dtrace: failed to compile script err.D_DECL_CHARATTR.short.d: [D_DECL_CHARATTR] line 1: invalid type declaration: short and long may not be used with char type

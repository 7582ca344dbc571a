-- @@stderr --
dtrace: failed to compile script err.D_PRAGMA_INVAL.name.d: [D_PRAGMA_INVAL] line 1: invalid D pragma: nosuchpragma

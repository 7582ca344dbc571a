-- @@stderr --
dtrace: failed to compile script err.D_CAST_INVAL.from-double.d: [D_CAST_INVAL] line 8: invalid cast expression: "double" to "int"

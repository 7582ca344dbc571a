-- @@stderr --
dtrace: failed to compile script err.D_CAST_INVAL.struct-string.d: [D_CAST_INVAL] line 7: invalid cast expression: "struct pair" to "string"

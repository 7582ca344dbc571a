-- @@stderr --
dtrace: failed to compile script err.D_DECL_IDRED.typedef.d: [D_DECL_IDRED] line 2: typedef redeclared: my_size_t

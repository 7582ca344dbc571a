-- @@stderr --
dtrace: failed to compile script err.D_DECL_SIGNINT.float.d: [D_DECL_SIGNINT] line 1: invalid type declaration: signed and unsigned may only be used with integer type

-- @@stderr --
dtrace: failed to compile script err.D_DIV_ZERO.const.d: [D_DIV_ZERO] line 3: expression contains division by zero

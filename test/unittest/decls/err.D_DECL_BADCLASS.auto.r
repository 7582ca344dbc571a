-- @@stderr --
dtrace: failed to compile script err.D_DECL_BADCLASS.auto.d: [D_DECL_BADCLASS] line 1: specified storage class not appropriate in D

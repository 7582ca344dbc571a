-- @@stderr --
dtrace: failed to compile script err.D_DECL_PARMCLASS.typedef.d: [D_DECL_PARMCLASS] line 1: inappropriate storage class for function or associative array parameter

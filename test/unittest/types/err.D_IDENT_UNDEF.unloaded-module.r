-- @@stderr --
dtrace: failed to compile script err.D_IDENT_UNDEF.unloaded-module.d: [D_IDENT_UNDEF] line 5: failed to resolve nosuchmodule`nosuchvar: Module is no longer loaded

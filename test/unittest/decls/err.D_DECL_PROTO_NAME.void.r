-- @@stderr --
dtrace: failed to compile script err.D_DECL_PROTO_NAME.void.d: [D_DECL_PROTO_NAME] line 1: void parameter may not have a name: x

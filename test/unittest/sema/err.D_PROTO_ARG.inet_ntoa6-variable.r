-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.inet_ntoa6-variable.d: [D_PROTO_ARG] line 4: inet_ntoa6( ) argument #2 must be an integer constant

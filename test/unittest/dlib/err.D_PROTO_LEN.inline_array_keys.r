-- @@stderr --
dtrace: failed to compile script err.D_PROTO_LEN.inline_array_keys.d: [D_PROTO_LEN] line 6: fds[ ] prototype mismatch: 2 keys passed, 1 expected

-- @@stderr --
dtrace: failed to compile script err.D_ADDROF_VAR.self-assoc-element.d: [D_ADDROF_VAR] line 5: cannot take address of dynamic variable

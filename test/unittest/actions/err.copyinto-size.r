fault 10

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid size (0x11) at BPF pc 37

[a][b]
fault 1
fault 2

-- @@stderr --
dtrace: error in dt_clause_2 for probe ID 3955 (profile:::tick-10ms): invalid address (0x0) at BPF pc 20
dtrace: error in dt_clause_3 for probe ID 3955 (profile:::tick-10ms): invalid address (0x0) at BPF pc 112

de:ad:0b:ef:00:7f
de:ad:0b:ef:00:7f:00:00:00:00:00:00:00:00:00:00:00:00:00:a5 59

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): illegal operation at BPF pc 925

1 10
2 20
2 20
1 10

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): couldn't set option "nosuch" to "BEGIN": Invalid option name


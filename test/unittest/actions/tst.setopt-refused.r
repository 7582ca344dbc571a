done

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): couldn't set option "nosuchoption" to "1": Invalid option name

dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): couldn't set option "quiet" to "perhaps": Invalid value for specified option

dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): couldn't set option "dynvarsize" to "2m": Operation illegal when tracing is active


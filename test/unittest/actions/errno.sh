# The workload of tst.errno-entry.d: an open of a file that does not exist.
exec 2>/dev/null </no/such/file

found: errno 0
missing: errno 2

-- @@stderr --
/bin/cat: /nonexistent-godtrace: No such file or directory

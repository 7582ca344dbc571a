-- @@stderr --
dtrace: failed to execute /nonexistent/command: No such file or directory

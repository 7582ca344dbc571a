-- @@stderr --
dtrace: failed to compile script err.version_unsupported.d: line 4: failed to set option 'version' to '99.1': Requested version is not supported by compiler

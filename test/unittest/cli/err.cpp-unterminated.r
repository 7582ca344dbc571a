-- @@stderr --
/dev/stdin:2: error: unterminated #else
dtrace: failed to compile script err.cpp-unterminated.d: Preprocessor failed to process input program

1 0 1 1 [dtrace] [abc]


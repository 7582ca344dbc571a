argc 4
argv /bin/true one two three 1
envp 1
env0 1
tty 1
ids 0 0 0 0 0


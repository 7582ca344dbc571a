abcdefghijklm


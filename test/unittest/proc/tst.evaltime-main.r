hello
write 6


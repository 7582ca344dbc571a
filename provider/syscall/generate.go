package syscall

//go:generate go run gen_sysnum.go

package usdtgen

import "debug/elf"

// objMachine is the machine of the objects dtrace -G writes: the one
// dtrace runs on, as the objects it is linked with are.
const objMachine = elf.EM_AARCH64

// Package leb128 decodes the variable-length integers of DWARF
// (.debug_info, .debug_abbrev) and of the call frame information in
// .eh_frame, which share one encoding: seven bits a byte, least
// significant first, the top bit set on every byte but the last.
package leb128

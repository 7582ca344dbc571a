e A k n u
CDEFG ijk nop 1


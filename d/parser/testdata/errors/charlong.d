BEGIN { x = /* ERROR D_CHR_OFLOW "character constant is too long" */ 'abcdefghi'; }

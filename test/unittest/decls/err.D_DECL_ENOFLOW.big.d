enum big { HUGE = 0x80000000 };

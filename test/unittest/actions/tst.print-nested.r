0xffffe8ffff80b950 = *
                                            (struct outer) {
                                             .a = (int)-3,
                                             .in = (struct inner) {
                                              .x = (short)7,
                                              .y = (unsigned int)4000000000,
                                             },
                                             .u = (union) {
                                              .c = (unsigned char)65,
                                              .l = (long)321,
                                             },
                                             .col = (enum color)GREEN,
                                            }


0xffffe8ffffd2daa0 = *
                                            (struct outer) {
                                             .a = (int)7,
                                             .in = (struct inner) {
                                              .c = (uint8_t)65,
                                              ...
                                             },
                                            }
0xffffe8ffffd2daa0 = *
                                            (struct outer) {
                                             .a = (int)7,
                                             .in = (struct inner) {
                                              .c = (uint8_t)65,
                                              .d = (long)9,
                                             ...
                                             },
                                            }
0xffffe8ffffd2daa0 = *
                                            (struct outer) {
                                             .a = (int)7,
                                             .in = (struct inner) {
                                              .c = (uint8_t)65,
                                              .d = (long)9,
                                             },
                                             .after = (long)3,
                                            }


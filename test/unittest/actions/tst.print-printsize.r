                                            (struct outer) {
                                             .a = (int)7,
                                             .in = (struct inner) {
                                              .c = (uint8_t)65,
                                              ...
                                             },
                                            }
                                            (struct outer) {
                                             .a = (int)7,
                                             .in = (struct inner) {
                                              .c = (uint8_t)65,
                                              .d = (long)9,
                                             ...
                                             },
                                            }
                                            (struct outer) {
                                             .a = (int)7,
                                             .in = (struct inner) {
                                              .c = (uint8_t)65,
                                              .d = (long)9,
                                             },
                                             .after = (long)3,
                                            }


0xffffe8ffffd2dbb0 = *
                                            (struct out) {
                                             .twice = (int)42,
                                             .name = (char [8]) [
                                              (char)'a',
                                              (char)'b',
                                              (char)'c',
                                             ],
                                             .s = (string) [
                                              (char)'e',
                                              (char)'x',
                                             ],
                                             .neg = (short)-21,
                                            }
0xffffe8ffffd2dbb0 = *
                                            (struct out) {
                                             .twice = (int)8,
                                             .name = (char [8]) [
                                              (char)'a',
                                              (char)'b',
                                              (char)'c',
                                             ],
                                             .s = (string) [
                                              (char)'o',
                                              (char)'t',
                                              (char)'h',
                                              (char)'e',
                                              (char)'r',
                                             ],
                                             .neg = (short)-4,
                                            }
42 abc other -21
abc


0xffffe8ffff805e50 = *
                                            (struct arrs) {
                                             .v = (int [4]) [
                                              (int)10,
                                              (int)30,
                                              (int)40,
                                             ],
                                             .name = (char [6]) [
                                              (char)'h',
                                              (char)'i',
                                             ],
                                            }


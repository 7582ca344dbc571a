0xffffe8ffff805e78 = *
                                            (struct node) {
                                             .next = (struct node *)0xffffe8ffff805e78,
                                             .n = (long)2,
                                            }


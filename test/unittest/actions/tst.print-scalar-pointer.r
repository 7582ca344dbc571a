0xffffe8ffffc2daa8 = *
                                            (int)7
0xffffe8ffffc2daac = *
                                            (char)'A'
0xffffe8ffffc2dab0 = *
                                            (long)-5
0xffffe8ffffc2daa8 = *
                                            (enum e)7


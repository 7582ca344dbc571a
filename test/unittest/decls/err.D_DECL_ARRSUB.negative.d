int slots[2 - 5];

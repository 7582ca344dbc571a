short char c;

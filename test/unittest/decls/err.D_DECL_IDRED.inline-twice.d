inline string who = "me";
inline string who = "you";

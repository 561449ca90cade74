import sys,glob; sys.path.insert(0,'.')
from parse import *
c=corpus(); h={}
for f in glob.glob('out/lm[0-9].hyp'): h.update(hyp(f))
NUM={'5':'five','1':'one','2':'two','3':'three','4':'four'}
def ed(a,b):
    d=list(range(len(b)+1))
    for i in range(1,len(a)+1):
        p=d[:]; d[0]=i
        for j in range(1,len(b)+1):
            d[j]=min(p[j]+1,d[j-1]+1,p[j-1]+(a[i-1]!=b[j-1]))
    return d[len(b)]
E=N=0; byvoice=collections.defaultdict(lambda:[0,0]); exact=0; n=0
lines=[]
for u,r in c.items():
    if u not in h: continue
    ref=norm(r['text']).split(); hy=re.sub(r'\(\d\)','',h[u][0]); hy=norm(hy).split()
    e=ed(ref,hy); E+=e; N+=len(ref); n+=1; exact+= e==0
    byvoice[r['voice']+' '+r['speed']][0]+=e; byvoice[r['voice']+' '+r['speed']][1]+=len(ref)
    lines.append((u,r['label'],r['voice'],r['speed'],r['text'],' '.join(hy),e,len(ref)))
print(f"utterances {n}  WER {E}/{N} = {E/N:.1%}  exact {exact}/{n}")
for k,v in sorted(byvoice.items()): print(f"  {k:14s} WER {v[0]/v[1]:.0%}")
if '-v' in sys.argv:
    for l in lines: print(*l,sep=' | ')

import sys; sys.path.insert(0,'.')
from parse import *
c=corpus(); h=hyp(sys.argv[1])
ta=wa=fa=0; nin=nout=0; fal=collections.Counter()
for u,r in c.items():
    x=' '+norm(h.get(u,('',0))[0])+' '
    det=[p for p in ["i would like to book an appointment","book an appointment","yes please","no thanks","thank you","goodbye","yes","no","bye"] if ' '+p+' ' in x]
    pred=det[0] if det else ''
    if r['label']=='IN':
        nin+=1
        if pred:
            if pred==norm(r['text']): ta+=1
            else: wa+=1
    else:
        nout+=1
        if pred: fa+=1; fal[(r['text'],pred)]+=1
print(f"{sys.argv[1]}: true accepts {ta}/{nin} wrong {wa} false accepts {fa}/{nout}"); print(fal.most_common(6))

import sys; sys.path.insert(0,'.')
from parse import *
c=corpus()
def evalg(path, intents_extra=()):
    h=hyp(path); nin=nout=0; ta=wa=fa=0; fal=collections.Counter(); heard=collections.Counter()
    for u,r in c.items():
        x=re.sub(r'\(\d\)','',h.get(u,('',0))[0]); x=norm(x)
        garbage = (not x) or x.startswith('gb ') or ' gb ' in x
        if r['label']=='IN':
            nin+=1
            if not garbage:
                if x==norm(r['text']): ta+=1
                else: wa+=1
        else:
            nout+=1
            task_phrase = not garbage and x in DEMO
            if task_phrase: fa+=1; fal[(r['text'],x)]+=1
            elif not garbage: heard[(r['text'],x)]+=1
    return nin,nout,ta,wa,fa,fal,heard
DEMO=set(norm(p) for p in ["yes","yes please","no","no thanks","thank you","goodbye","bye","i would like to book an appointment","book an appointment"])
if __name__=='__main__':
    for p in sys.argv[1:]:
        nin,nout,ta,wa,fa,fal,heard=evalg(p)
        print(f"{p}: true accepts {ta}/{nin}, wrong-phrase accepts {wa}, false accepts (OOG -> task phrase) {fa}/{nout}")
        for k,v in fal.most_common(): print('   FA',v,k)
        for k,v in heard.most_common(): print('   heard-as-extra',v,k)

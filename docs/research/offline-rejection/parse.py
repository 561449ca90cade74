import re,sys,collections
def corpus():
    rows={}
    for l in open('corpus.tsv'):
        i,lab,v,s,t=l.rstrip('\n').split('\t'); rows[i]=dict(label=lab,voice=v,speed=s,text=t)
    return rows
def hyp(path):
    d={}
    for l in open(path):
        m=re.match(r'^(.*) \((u\d+) (-?\d+)\)\s*$',l.rstrip('\n'))
        if m: d[m.group(2)]=(m.group(1).strip(),int(m.group(3)))
    return d
def seg(path):
    d={}
    for l in open(path):
        p=l.split()
        if len(p)<7: continue
        u=p[0]; T=int(p[4]); A=int(p[6]); L=int(p[8])
        toks=p[9:]; words=[]; last=int(toks[-1]); toks=toks[:-1]
        for k in range(0,len(toks)-3,4):
            sf,asc,lsc,w=toks[k:k+4]; words.append((int(sf),int(asc),int(lsc),w))
        d[u]=dict(T=T,A=A,L=L,words=words,frames=last)
    return d
def norm(t):
    t=t.lower().replace('-',' ')
    t=re.sub(r"[^a-z' ]",' ',t); return ' '.join(t.split())

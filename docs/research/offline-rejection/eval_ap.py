import sys; sys.path.insert(0,'.')
from parse import *
c=corpus(); g=hyp('out/jsgf.hyp'); gs=seg('out/jsgf.seg'); aps=seg('out/apci.seg')
rows=[]
for u,r in c.items():
    h=re.sub(r'\(\d\)','',g.get(u,('',0))[0])
    if u not in gs or u not in aps: continue
    fr=max(gs[u]['frames'],1)
    # per-frame acoustic difference
    conf=(gs[u]['A']-aps[u]['A'])/fr
    rows.append((u,r['label'],norm(h)==norm(r['text']),h,conf,r))
def table(rows,name,ths):
    nin=sum(1 for x in rows if x[1]=='IN'); nout=len(rows)-nin
    for th in ths:
        ta=sum(1 for x in rows if x[1]=='IN' and x[3] and x[2] and x[4]>=th)
        wa=sum(1 for x in rows if x[1]=='IN' and x[3] and not x[2] and x[4]>=th)
        fa=sum(1 for x in rows if x[1]=='OUT' and x[3] and x[4]>=th)
        print(f"{name} th={th:7.2f}: true accepts {ta}/{nin}  wrong-phrase accepts(IN) {wa}  false accepts {fa}/{nout}")
if __name__=='__main__':
    for x in sorted(rows,key=lambda x:x[4]):
        print(x[0],x[1],'ok' if x[2] else '--',f"{x[4]:8.2f}",x[5]['voice'],x[5]['speed'],repr(x[5]['text']),'->',repr(x[3]))
    table(rows,'jsgf-vs-allphoneCI',[-1e9,-40,-30,-25,-20,-15,-10,-5,0])

#!/bin/bash
# usage: batch.sh NAME extra-args...  (runs under nice, prints CPU)
n=$1; shift
/usr/bin/time -f "$n cpu_user=%U cpu_sys=%S wall=%e" nice -n 19 pocketsphinx_batch -hmm /usr/share/pocketsphinx/model/en-us/en-us -dict ${DICT:-/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict} -samprate 16000 -remove_silence no -adcin yes -cepdir audio -cepext .raw -ctl ${CTL:-all.ctl} -hyp out/$n.hyp -hypseg out/$n.seg -logfn out/$n.log "$@"

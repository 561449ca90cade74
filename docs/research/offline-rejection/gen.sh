#!/bin/bash
# phone path: espeak-ng 22.05k -> 8k mu-law -> 16k s16 + 300 ms lead/trail silence + white noise vol 0.01 (as pocketsphinx.ts)
set -e
cd "${R31:-.}"
: > corpus.tsv
i=0
while IFS=$'\t' read -r label text; do
  for voice in en-us en-us+f3 en-gb en-us+m3; do
    for speed in 140 190; do
      i=$((i+1)); id=$(printf "u%03d" $i)
      espeak-ng -v "$voice" -s "$speed" -w audio/$id.22k.wav "$text"
      sox audio/$id.22k.wav -r 8000 -c 1 -e u-law audio/$id.8k.wav pad 0.3 0.3
      d=$(soxi -D audio/$id.8k.wav)
      sox audio/$id.8k.wav -r 16000 -e signed -b 16 audio/$id.up.wav
      sox -n -r 16000 -c 1 -b 16 -e signed audio/$id.noise.wav synth $d whitenoise vol 0.01
      sox -m -v 1 audio/$id.up.wav -v 1 audio/$id.noise.wav -t raw -r 16000 -e signed -b 16 -c 1 audio/$id.raw
      rm audio/$id.22k.wav audio/$id.up.wav audio/$id.noise.wav
      printf "%s\t%s\t%s\t%s\t%s\n" "$id" "$label" "$voice" "$speed" "$text" >> corpus.tsv
    done
  done
done < sentences.txt

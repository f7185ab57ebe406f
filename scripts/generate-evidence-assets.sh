#!/bin/sh
# Regenerates the simulator's alarm evidence (packages/simulator/assets/evidence/): four JPEG stills and one short
# H.264 MP4 clip, made from ffmpeg's own test patterns, so they are licence-clean and need no download. The
# files are committed; nothing runs this at build or run time, so the product never needs ffmpeg. Re-run it only
# to change the pictures (Debian: apt-get install ffmpeg fonts-dejavu-core).
set -eu

out="$(cd "$(dirname "$0")/.." && pwd)/packages/simulator/assets/evidence"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
command -v ffmpeg >/dev/null || { echo "ffmpeg not found (apt-get install ffmpeg)" >&2; exit 1; }
[ -f "$font" ] || { echo "font $font not found (apt-get install fonts-dejavu-core)" >&2; exit 1; }
mkdir -p "$out"

# Single-quoted text for drawtext; ':' must be escaped inside filter arguments.
label() {
  printf "drawbox=x=0:y=0:w=iw:h=48:color=black@0.6:t=fill,drawtext=fontfile=%s:text='%s':x=16:y=12:fontsize=24:fontcolor=white" \
    "$font" "$1"
}

# name | source pattern | caption
still() {
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$2=size=640x360:rate=1" \
    -vf "$(label "$3"),drawtext=fontfile=$font:text='HEADWAY SIMULATOR':x=w-tw-16:y=h-th-14:fontsize=18:fontcolor=white@0.8" \
    -frames:v 1 -q:v 6 "$out/$1"
}

still adas-1.jpg testsrc2 "CH64 ADAS  forward camera  1/2"
still adas-2.jpg smptebars "CH64 ADAS  forward camera  2/2"
still dsm-1.jpg gradients "CH65 DSM  driver camera  1/2"
still dsm-2.jpg mandelbrot "CH65 DSM  driver camera  2/2"

# 4 s at 15 fps; the running clock makes playback visibly advance. Baseline profile with zerolatency (no
# B-frames) plays in every browser; +faststart puts the index first so playback starts before the last byte.
ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=640x360:rate=15:duration=4" \
  -vf "$(label "Alarm video clip"),drawtext=fontfile=$font:text='%{pts\\:hms}':x=w-tw-16:y=h-th-14:fontsize=28:fontcolor=yellow" \
  -an -c:v libx264 -profile:v baseline -tune zerolatency -threads 1 -pix_fmt yuv420p -crf 32 -g 15 \
  -movflags +faststart "$out/clip.mp4"

ls -l "$out"

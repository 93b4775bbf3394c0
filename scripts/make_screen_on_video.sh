#!/bin/sh
# Makes static/screen_on/blank.mp4 and blank.webm, the video static/wake_lock.js plays to keep the
# screen on where the Wake Lock API is not offered (NoSleep.js's fallback). Run it again only to
# change them: `sh scripts/make_screen_on_video.sh` (Debian: `apt-get install -y ffmpeg`).
#
# A black 16 × 16 square, one frame a second for 10 seconds (a loop, so a restart every 10 s):
# - blank.mp4, H.264 (baseline) with a silent AAC track, which every phone plays; iOS Safari was
#   said to keep the screen on only for a video with sound (NoSleep.js ships one), muted or not;
#   x264's settings note (an SEI of 600 bytes) is left out;
# - blank.webm, VP8 with no sound, for a browser without H.264 (some Linux builds).
# -fflags +bitexact and no metadata: the same bytes from the same ffmpeg.
set -eu
out="$(dirname "$0")/../static/screen_on"
mkdir -p "$out"
picture="color=c=black:s=16x16:r=1:d=10"
ffmpeg -v error -y -f lavfi -i "$picture" -f lavfi -i anullsrc=r=8000:cl=mono -t 10 \
  -c:v libx264 -preset veryslow -tune stillimage -crf 51 -pix_fmt yuv420p -profile:v baseline \
  -bsf:v filter_units=remove_types=6 -c:a aac -b:a 8k \
  -map_metadata -1 -fflags +bitexact -movflags +faststart "$out/blank.mp4"
ffmpeg -v error -y -f lavfi -i "$picture" -c:v libvpx -b:v 1k -auto-alt-ref 0 -an \
  -map_metadata -1 -fflags +bitexact "$out/blank.webm"
ls -l "$out"

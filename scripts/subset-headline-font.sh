#!/bin/sh
# Writes app/fonts/source-serif-4-700-basic.woff2: the headline face (Source Serif 4 Bold, OFL, from
# @fontsource) cut to the characters nearly every headline uses, so it arrives in the first round
# trip of a new connection (under ~14 KB, TCP's first window) instead of the third. app/app.css
# takes every other Latin character from @fontsource's full file, which a browser fetches only
# for a page that uses one (unicode-range). Needs fontTools with brotli: on Debian,
# `apt-get install -y python3-fonttools python3-brotli`. Re-run after upgrading @fontsource.
set -eu
cd "$(dirname "$0")/.."
# Keep in step with the first @font-face's unicode-range in app/app.css.
BASIC="U+0020-007E,U+00A0,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026"
/usr/bin/python3 -m fontTools.subset \
  node_modules/@fontsource/source-serif-4/files/source-serif-4-latin-700-normal.woff2 \
  --unicodes="$BASIC" --flavor=woff2 \
  --output-file=app/fonts/source-serif-4-700-basic.woff2
ls -l app/fonts/source-serif-4-700-basic.woff2

#!/bin/sh
# Bundles Discord's Embedded App SDK (the version package-lock.json pins) into one script the
# bot serves on its Activity page, with the licences of everything in it. Run it after changing
# the SDK's version and commit what it writes; the bot's own build needs neither npm nor this.
set -eu
cd "$(dirname "$0")"
npm ci --no-audit --no-fund
out=../src/web/static
npx esbuild entry.js --bundle --minify --format=iife --global-name=DiscordEmbedded \
  --legal-comments=none --target=es2020 --outfile="$out/discord-sdk.js"
{
  echo "discord-sdk.js bundles @discord/embedded-app-sdk and its dependencies:"
  for p in @discord/embedded-app-sdk big-integer decimal.js-light eventemitter3 lodash.transform uuid zod; do
    dir=node_modules/$p
    echo
    echo "=== $p $(node -p "require('./$dir/package.json').version") ($(node -p "require('./$dir/package.json').license"))"
    echo
    cat "$dir"/LICEN[CS]E* 2>/dev/null || echo "(no licence file; package.json says $(node -p "require('./$dir/package.json').license"))"
  done
} > "$out/discord-sdk.LICENSES.txt"

#!/usr/bin/env bash
# Puts the Miss Dice .app into a compressed disk image with a link to /Applications, so that
# installing is a drag. macOS only (hdiutil).
#   make-dmg.sh "build/dist/Miss Dice.app" dist/missdice-desktop-VERSION-macos-ARCH.dmg
set -euo pipefail
app=${1:?usage: make-dmg.sh APP DMG}
dmg=${2:?usage: make-dmg.sh APP DMG}
[ -d "$app" ] || { echo "make-dmg.sh: no app at $app" >&2; exit 1; }
command -v hdiutil >/dev/null || { echo "make-dmg.sh: hdiutil is macOS's; run this on a Mac" >&2; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# ditto, not cp -R: it keeps the bundle's symbolic links, extended attributes and signature.
ditto "$app" "$stage/$(basename "$app")"
ln -s /Applications "$stage/Applications"
# Not signed: macOS asks once (right-click › Open); sign with codesign before this for release.
rm -f "$dmg"
hdiutil create -volname "$(basename "$app" .app)" -srcfolder "$stage" -fs HFS+ -format UDZO "$dmg"

#!/bin/sh
# Installs Miss Dice for you alone, without root: the app folder, a menu entry, its icons,
# and the opening of missdice: links and .missdice game files.
#   ./install.sh              install (or update) from this folder
#   ./install.sh --uninstall  remove it again (your games and settings stay)
set -eu

app_id=missdice-desktop
program=missdice
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
prefix=$data/$app_id
bin=$HOME/.local/bin

refresh() {
    # Each cache is optional: a desktop without the tool reads the folders directly.
    if command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database "$data/mime" >/dev/null 2>&1 || true
    fi
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database "$data/applications" >/dev/null 2>&1 || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -t "$data/icons/hicolor" >/dev/null 2>&1 || true
    fi
}

forget_associations() {
    # What `xdg-mime default` wrote: our entry leaves each list, a key left empty goes.
    for list in "${XDG_CONFIG_HOME:-$HOME/.config}/mimeapps.list" "$data/applications/mimeapps.list"; do
        [ -f "$list" ] && grep -q "$app_id\.desktop" "$list" || continue
        sed -e "s/$app_id\.desktop;\{0,1\}//g" -e '/^[^=[]*=;*$/d' "$list" >"$list.missdice-new" &&
            mv "$list.missdice-new" "$list"
    done
}

only_generated() {
    # True when folder $1 holds nothing but what the cache tools generate from the rest.
    [ -d "$1" ] && [ -z "$(find "$1" -type f ! -name "$2" ! -path "$3" 2>/dev/null | head -n 1)" ]
}

remove_empty_folders() {
    # The folders the install made, once nothing else is in them (caches of nothing included).
    if [ ! -d "$data/mime/packages" ] || [ -z "$(ls -A "$data/mime/packages")" ]; then
        only_generated "$data/mime" "*" "$data/mime/packages/*" && rm -rf "$data/mime"
    fi
    only_generated "$data/icons/hicolor" icon-theme.cache "" && rm -rf "$data/icons/hicolor"
    only_generated "$data/applications" mimeinfo.cache "" && rm -rf "$data/applications"
    for folder in "$data"/icons/hicolor/*/apps "$data"/icons/hicolor/* "$data/icons/hicolor" \
        "$data/icons" "$data/mime/packages" "$data/mime" "$data/applications" "$bin"; do
        [ -d "$folder" ] && rmdir "$folder" 2>/dev/null || true
    done
}

uninstall() {
    if [ -L "$bin/$program" ] && [ "$(readlink "$bin/$program")" = "$prefix/$program" ]; then
        rm -f "$bin/$program"
    fi
    rm -f "$data/applications/$app_id.desktop" "$data/mime/packages/$app_id.xml"
    rm -f "$data"/icons/hicolor/*/apps/"$app_id".png "$data/icons/hicolor/scalable/apps/$app_id.svg"
    forget_associations
    refresh
    rm -rf "$prefix"
    remove_empty_folders
    echo "Miss Dice is removed. Your games and settings are still in $data/missdice and" \
        "${XDG_CONFIG_HOME:-$HOME/.config}/missdice."
}

install() {
    if [ ! -x "$here/$program" ] || [ ! -d "$here/share" ]; then
        echo "install.sh: run it from the unpacked Miss Dice folder ($here has no $program)." >&2
        exit 1
    fi
    mkdir -p "$data" "$bin"
    if [ "$here" != "$prefix" ]; then
        rm -rf "$prefix.new"
        cp -R "$here" "$prefix.new"
        rm -rf "$prefix"
        mv "$prefix.new" "$prefix"
    fi
    ln -sfn "$prefix/$program" "$bin/$program"
    (cd "$prefix/share" && find icons mime -type f) | while read -r file; do
        mkdir -p "$data/$(dirname "$file")"
        cp "$prefix/share/$file" "$data/$file"
    done
    mkdir -p "$data/applications"
    # The folder goes into the entry's quoted Exec, where \ " ` $ take a backslash (and a
    # backslash is itself written twice) and % doubles; no sed, which would read & and |.
    exec_prefix=$(printf '%s\n' "$prefix" | sed -e 's/\\/\\\\\\\\/g' -e 's/["`$]/\\\\&/g' -e 's/%/%%/g')
    while IFS= read -r line; do
        case $line in
            *@PREFIX@*) line="${line%%@PREFIX@*}$exec_prefix${line#*@PREFIX@}" ;;
        esac
        # GLib checks the program of Exec before expanding %%: a folder with a % would not
        # be found and GNOME would drop the entry, so `env` starts it then.
        case $line in
            Exec=*%%*) line="Exec=env ${line#Exec=}" ;;
        esac
        printf '%s\n' "$line"
    done <"$prefix/share/applications/$app_id.desktop" >"$data/applications/$app_id.desktop"
    refresh
    if command -v xdg-mime >/dev/null 2>&1; then
        types=$(sed -n 's/^MimeType=//p' "$data/applications/$app_id.desktop" | tr ';' ' ')
        # shellcheck disable=SC2086  # one argument per type
        xdg-mime default "$app_id.desktop" $types >/dev/null 2>&1 || true
    fi
    echo "Miss Dice is installed in $prefix."
    echo "Start it from your applications menu, or with $bin/$program."
    echo "To remove it: $prefix/install.sh --uninstall"
}

case "${1:-}" in
    "") install ;;
    --uninstall) uninstall ;;
    *)
        echo "usage: install.sh [--uninstall]" >&2
        exit 2
        ;;
esac

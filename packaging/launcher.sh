#!/bin/sh
# @COMMAND@ of the BrikWars desktop bundle (written by packaging/build.sh from packaging/launcher.sh).
# The bundled libraries (libpython, libstdc++, Qt's system libraries) come from the build host and
# need the GNU C library @GLIBC@ or newer: say so plainly instead of a loader error about symbols.
here=$(dirname "$(readlink -f "$0")")
need=@GLIBC@
have=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')
if [ -z "$have" ]; then
    echo "@COMMAND@: this bundle needs Linux with the GNU C library (glibc) $need or newer;" \
        "this system has no glibc. Install BrikWars from its wheel instead (pip install brikwars_gui)." >&2
    exit 1
fi
if ! awk -v have="$have" -v need="$need" 'BEGIN {
    split(have, h, "."); split(need, n, ".")
    exit !((h[1] + 0 > n[1] + 0) || (h[1] + 0 == n[1] + 0 && h[2] + 0 >= n[2] + 0)) }'; then
    echo "@COMMAND@: this bundle needs the GNU C library (glibc) $need or newer (Debian 12, Ubuntu 23.04," \
        "Fedora 37 or later); this system has glibc $have. Install BrikWars from its wheel instead" \
        "(pip install brikwars_gui), or build the bundle on this system (packaging/build.sh)." >&2
    exit 1
fi
BRIKWARS_COMMAND=@COMMAND@ exec "$here/brikwars-bin" "$@"

#!/usr/bin/env python3
"""Mends a table export that Debian's binaryen (wasm-opt 108) writes wrong: given a module with
a funcref table and wasm-bindgen's externref table, it exports the funcref table under the
externref table's name (`__wbindgen_externrefs`), and the page fails at its start with
"WebAssembly.Table.set(): Argument 1 is invalid for table". That export is pointed back at
the module's one externref table, in place; anything else about the module is left as it is.

    python3 scripts/wasm_table_export.py FILE.wasm      # prints what it changed, if anything"""
import sys


def leb(b, p):
    r = s = 0
    while True:
        x = b[p]
        p += 1
        r |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return r, p


def limits(b, p):
    flags = b[p]
    _, p = leb(b, p + 1)
    if flags & 1:
        _, p = leb(b, p)
    return p


def main(path):
    data = bytearray(open(path, "rb").read())
    assert data[:4] == b"\0asm", f"{path}: not a wasm module"
    pos, tables, exports = 8, [], []
    while pos < len(data):
        sid = data[pos]
        size, p = leb(data, pos + 1)
        end = p + size
        if sid == 2:  # imports: imported tables come first in the index space
            n, q = leb(data, p)
            for _ in range(n):
                for _ in range(2):
                    ln, q = leb(data, q)
                    q += ln
                kind = data[q]
                q += 1
                if kind == 0:
                    _, q = leb(data, q)
                elif kind == 1:
                    tables.append(data[q])
                    q = limits(data, q + 1)
                elif kind == 2:
                    q = limits(data, q)
                elif kind == 3:
                    q += 2
                elif kind == 4:
                    q += 1
                    _, q = leb(data, q)
        elif sid == 4:
            n, q = leb(data, p)
            for _ in range(n):
                tables.append(data[q])
                q = limits(data, q + 1)
        elif sid == 7:
            n, q = leb(data, p)
            for _ in range(n):
                ln, q = leb(data, q)
                name = data[q : q + ln].decode()
                q += ln
                kind = data[q]
                idx, r = leb(data, q + 1)
                if kind == 1:
                    exports.append((name, idx, q + 1, r))
                q = r
        pos = end
    externref = 0x6F
    changed = 0
    for name, idx, at, after in exports:
        if name != "__wbindgen_externrefs":
            continue
        want = externref
        if idx < len(tables) and tables[idx] == want:
            continue
        right = [i for i, t in enumerate(tables) if t == want]
        assert len(right) == 1 and after - at == 1 and right[0] < 0x80, f"{path}: cannot mend the export of table {name!r}"
        data[at] = right[0]
        changed += 1
        print(f"{path}: table export {name!r} pointed at table {idx}, now table {right[0]}")
    if changed:
        open(path, "wb").write(data)


if __name__ == "__main__":
    main(sys.argv[1])

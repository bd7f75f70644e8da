#!/usr/bin/env python3
"""Reads the symbol graphs `swift package dump-symbol-graph` leaves in
.build/<triple>/symbolgraph. Used by scripts/api-listing.sh; see the README.

  api-listing.py SYMBOLGRAPH_DIR OUTPUT_DIR
      writes the public API of Baton's library products as sorted text, one declaration a line
  api-listing.py --undocumented SYMBOLGRAPH_DIR [MODULE...]
      prints each public declaration without a doc comment as `file:line:column: ...` and
      exits 1 when there is one; the modules are DOCUMENTED and SOURCE_MODULES unless named
  api-listing.py --documented
      prints DOCUMENTED, one module a line (.ci/run builds their DocC catalogs)"""
import json
import os
import pathlib
import re
import sys

# The library products an app imports, listed from their symbol graphs.
MODULES = ["BatonModel", "BatonLoader", "BatonSemantics", "BatonLint", "BatonRuntime", "BatonHost"]

# The library products that compile to nothing off Apple platforms: listed from their source,
# each public declaration's line up to its body, under the public type it is in.
SOURCE_MODULES = ["BatonSwiftUI", "BatonUIKit"]

# The modules whose DocC catalog (Sources/<Module>/<Module>.docc) CI builds, and whose every
# public declaration has a doc comment; CI fails on one without. SOURCE_MODULES have catalogs
# too, built on macOS only (.github/workflows/apple.yml), and their doc comments are checked here
# from their source.
DOCUMENTED = ["BatonModel", "BatonLoader", "BatonSemantics", "BatonLint", "BatonRuntime", "BatonHost"]


def declaration(symbol):
    fragments = symbol.get("declarationFragments") or symbol["names"].get("subHeading") or []
    text = "".join(fragment["spelling"] for fragment in fragments)
    return " ".join(text.split())


def public_symbols(graph_dir, module):
    """(extended module or None, symbol) for each public symbol of `module`, its extensions of
    other modules' types included."""
    for path in sorted(graph_dir.glob(f"{module}.symbols.json")) + sorted(graph_dir.glob(f"{module}@*.symbols.json")):
        extended = path.stem.split("@")[1].replace(".symbols", "") if "@" in path.stem else None
        graph = json.loads(path.read_text())
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") in ("public", "open"):
                yield extended, symbol


def line(extended, symbol):
    owner = ".".join(symbol["pathComponents"][:-1])
    prefix = f"[{extended}] " if extended else ""
    place = f"{owner}: " if owner else ""
    return f"{prefix}{place}{declaration(symbol)}"


def listing(graph_dir, module):
    return sorted({line(*public) for public in public_symbols(graph_dir, module)})


def undocumented(graph_dir, module):
    """(file, line, column, declaration) of each public declaration without a doc comment. One
    that implements a protocol requirement (`==`, `description`, `init(from:)`) and has no
    comment of its own carries the requirement's in the symbol graph, and counts as documented.
    One with no place in the source (the `$name` a `@TaskLocal` macro writes) has no line to
    put a comment on; the property it is made for has one."""
    found = set()
    for extended, symbol in public_symbols(graph_dir, module):
        location = symbol.get("location")
        if symbol.get("docComment") or not location:
            continue
        path = location["uri"].removeprefix("file://")
        position = location["position"]
        place = (os.path.relpath(path), position["line"] + 1, position["character"] + 1)
        found.add((*place, line(extended, symbol)))
    return sorted(found)


def undocumented_in_source(module):
    """(file, line, column, declaration) of each public declaration of `module`'s source whose
    line (above its attributes) is not a `///` comment. An `override` counts as documented: it
    shows the documentation of what it overrides."""
    found = []
    for path in sorted(pathlib.Path("Sources", module).glob("*.swift")):
        lines = path.read_text().splitlines()
        for index, text in enumerate(lines):
            stripped = text.strip()
            if not re.match(r"(public|open) ", stripped) or re.match(r"(public|open) (\w+ )*override ", stripped):
                continue
            above = index - 1
            while above >= 0 and re.fullmatch(r"@\w+(\(.*\))?", lines[above].strip()):
                above -= 1
            if above < 0 or not lines[above].strip().startswith("///"):
                column = len(text) - len(text.lstrip()) + 1
                head = re.sub(r"^(public|open) ", "", stripped.split(" {")[0].rstrip("{").strip())
                found.append((str(path), index + 1, column, head))
    return found


def source_listing(module):
    """Each public declaration of `module`'s source as `Owner: declaration`, sorted."""
    found = set()
    for path in sorted(pathlib.Path("Sources", module).glob("*.swift")):
        owner = None
        attributes = []
        for text in path.read_text().splitlines():
            stripped = text.strip()
            if re.fullmatch(r"@\w+(\(.*\))?", stripped):
                attributes.append(stripped)
                continue
            top = text == text.lstrip()
            declared = re.match(r"(public |open )(final )?(class|struct|enum|protocol|extension) (\w+)", stripped)
            if top and stripped and not stripped.startswith(("//", "#", "@_exported", "import")):
                owner = declared.group(4) if declared else None
            if re.match(r"(public|open) ", stripped):
                head = " ".join((attributes + [stripped.split(" {")[0].rstrip("{").strip()]))
                found.add(f"{owner}: {head}" if owner and not top else head)
            attributes = []
    return sorted(found)


def write_listing(graph_dir, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    for module in SOURCE_MODULES:
        header = (f"# Public API of {module}, read from its source (it compiles only on Apple platforms):"
                  " generated by scripts/api-listing.sh; do not edit.\n")
        lines = "".join(text + "\n" for text in source_listing(module))
        (out_dir / f"{module}.txt").write_text(header + lines)
    for module in MODULES:
        if not (graph_dir / f"{module}.symbols.json").exists():
            continue
        header = f"# Public API of {module}: generated by scripts/api-listing.sh; do not edit.\n"
        lines = "".join(text + "\n" for text in listing(graph_dir, module))
        (out_dir / f"{module}.txt").write_text(header + lines)
    return 0


def check_documented(graph_dir, modules):
    missing = 0
    for module in modules:
        if module in SOURCE_MODULES:
            found = undocumented_in_source(module)
        elif not (graph_dir / f"{module}.symbols.json").exists():
            print(f"error: no symbol graph for {module} in {graph_dir}", file=sys.stderr)
            return 2
        else:
            found = undocumented(graph_dir, module)
        for path, row, column, text in found:
            print(f"{path}:{row}:{column}: error: public `{text}` of {module} has no doc comment;"
                  " add a short `///` line")
        missing += len(found)
    if missing:
        print(f"error: {missing} public declarations without a doc comment", file=sys.stderr)
        return 1
    print(f"every public declaration of {', '.join(modules)} has a doc comment")
    return 0


def main():
    arguments = sys.argv[1:]
    if arguments == ["--documented"]:
        print("\n".join(DOCUMENTED))
        return 0
    if len(arguments) >= 2 and arguments[0] == "--undocumented":
        return check_documented(pathlib.Path(arguments[1]), arguments[2:] or DOCUMENTED + SOURCE_MODULES)
    if len(arguments) == 2 and not arguments[0].startswith("-"):
        return write_listing(pathlib.Path(arguments[0]), pathlib.Path(arguments[1]))
    print("usage: api-listing.py SYMBOLGRAPH_DIR OUTPUT_DIR\n"
          "       api-listing.py --undocumented SYMBOLGRAPH_DIR [MODULE...]\n"
          "       api-listing.py --documented", file=sys.stderr)
    return 2


sys.exit(main())

#!/usr/bin/env python3
# check-packaging.py — fails when what we ship says something untrue: the
# desktop entry claims file types that are not ours, the metainfo lacks the
# screenshots or the developer Flathub requires, or the Flatpak manifest is
# not valid JSON, names a source or module that does not exist, or builds
# yajl without its security fixes.
#
# Usage: data/check-packaging.py SOURCE_ROOT
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import re
import sys
import xml.etree.ElementTree as ET

APP_ID = "io.github.hotpath.Hotpath"
TRACE_TYPES = {
    "application/x-hotpath-trace": "*.pt.trace.json",
    "application/x-hotpath-trace-gzip": "*.pt.trace.json.gz",
}
YAJL_CVES = ("CVE-2017-16516", "CVE-2022-24795", "CVE-2023-33460")

errors = []


def fail(where, message):
    errors.append(f"{where}: {message}")


def check_desktop(root):
    path = os.path.join(root, "data", APP_ID + ".desktop.in")
    mime = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("MimeType="):
                mime = [t for t in line.strip()[len("MimeType="):].split(";") if t]
    if mime is None:
        fail(path, "no MimeType line")
        return
    # folders, as IDEs do, and our own trace types; never every JSON or gzip file
    for generic in ("application/json", "application/gzip", "application/x-gzip", "text/plain"):
        if generic in mime:
            fail(path, f"claims {generic}: Hotpath would open every such file")
    for wanted in ["inode/directory", *TRACE_TYPES]:
        if wanted not in mime:
            fail(path, f"does not list {wanted}")
    for t in mime:
        if t != "inode/directory" and t not in TRACE_TYPES:
            fail(path, f"lists {t}, which is not a Hotpath trace type")


def check_mime_xml(root):
    path = os.path.join(root, "data", APP_ID + ".mime.xml")
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    tree = ET.parse(path)
    found = {}
    for node in tree.getroot().findall("m:mime-type", ns):
        found[node.get("type")] = [g.get("pattern") for g in node.findall("m:glob", ns)]
    for t, glob in TRACE_TYPES.items():
        if t not in found:
            fail(path, f"does not define {t}")
        elif found[t] != [glob]:
            fail(path, f"{t} should match only Kineto's {glob}, not {found[t]}")


def meson_executables(root):
    names = set()
    for sub in ("src/app/meson.build", "src/cli/meson.build"):
        with open(os.path.join(root, sub), encoding="utf-8") as f:
            names.update(re.findall(r"executable\('([^']+)'", f.read()))
    return names


def check_metainfo(root):
    path = os.path.join(root, "data", APP_ID + ".metainfo.xml.in")
    comp = ET.parse(path).getroot()
    shots = comp.findall("screenshots/screenshot")
    if not shots:
        fail(path, "no <screenshots> (Flathub requires them)")
    defaults = [s for s in shots if s.get("type") == "default"]
    if len(defaults) != 1:
        fail(path, f"{len(defaults)} default screenshots, want 1")
    for shot in shots:
        image = shot.find("image")
        if image is None or not (image.text or "").startswith("https://"):
            fail(path, "a screenshot without an https image")
            continue
        # the picture must be one the repository holds (and the README shows)
        m = re.search(r"/(data/screenshots/[^/]+\.png)$", image.text)
        if m is None or not os.path.exists(os.path.join(root, m.group(1))):
            fail(path, f"{image.text} is not a file under data/screenshots")
        if shot.find("caption") is None:
            fail(path, "a screenshot without a caption")
    dev = comp.find("developer")
    if dev is None or dev.get("id") is None or dev.find("name") is None:
        fail(path, "no <developer id=…><name>…</name></developer>")
    executables = meson_executables(root)
    for binary in comp.findall("provides/binary"):
        if binary.text not in executables:
            fail(path, f"provides binary {binary.text}, which meson does not build")
    for media in comp.findall("provides/mediatype"):
        if media.text not in TRACE_TYPES:
            fail(path, f"provides {media.text}, which is not a Hotpath trace type")


def check_manifest(root):
    flatpak = os.path.join(root, "flatpak")
    path = os.path.join(flatpak, APP_ID + ".json")
    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        fail(path, f"not valid JSON: {e}")
        return
    if manifest.get("id") != APP_ID:
        fail(path, f"id is {manifest.get('id')!r}, not {APP_ID}")
    if manifest.get("runtime") != "org.gnome.Platform" or manifest.get("sdk") != "org.gnome.Sdk":
        fail(path, "not built on the GNOME runtime and SDK")
    version = str(manifest.get("runtime-version", ""))
    if not version.isdigit() or int(version) < 48:
        fail(path, f"runtime-version {version!r}: use a current GNOME runtime")
    if manifest.get("command") not in meson_executables(root):
        fail(path, f"command {manifest.get('command')!r} is not an executable meson builds")

    modules = manifest.get("modules", [])
    names = [m.get("name") if isinstance(m, dict) else m for m in modules]
    if not modules or names[-1] != "hotpath":
        fail(path, "the last module must be hotpath itself")
    for module in modules:
        if isinstance(module, str):
            # a module in a file of its own
            if not os.path.exists(os.path.join(flatpak, module)):
                fail(path, f"module file {module} does not exist")
            continue
        name = module.get("name")
        if not name:
            fail(path, "a module without a name")
            continue
        if module.get("buildsystem") not in ("meson", "cmake", "cmake-ninja", "autotools", "simple"):
            fail(path, f"module {name}: unknown buildsystem {module.get('buildsystem')!r}")
        sources = module.get("sources", [])
        if not sources:
            fail(path, f"module {name} has no sources")
        for source in sources:
            kind = source.get("type")
            if kind == "git":
                if not source.get("url") or not source.get("tag"):
                    fail(path, f"module {name}: a git source needs a url and a tag")
                if not re.fullmatch(r"[0-9a-f]{40}", source.get("commit", "")):
                    fail(path, f"module {name}: a git source needs the tag's full commit")
            elif kind in ("archive", "file") and "url" in source:
                if not re.fullmatch(r"[0-9a-f]{64}", source.get("sha256", "")):
                    fail(path, f"module {name}: {source['url']} needs a sha256")
            elif kind in ("patch", "file", "dir"):
                target = os.path.normpath(os.path.join(flatpak, source.get("path", "")))
                if not os.path.exists(target):
                    fail(path, f"module {name}: {source.get('path')} does not exist")
            else:
                fail(path, f"module {name}: unexpected source {source}")
        if name == "yajl":
            patches = " ".join(s.get("path", "") for s in sources if s.get("type") == "patch")
            for cve in YAJL_CVES:
                if cve not in patches:
                    fail(path, f"yajl is built without the fix for {cve}")
        if name == "hotpath":
            with open(os.path.join(root, "meson_options.txt"), encoding="utf-8") as f:
                options = re.findall(r"option\('([^']+)'", f.read())
            builtin = {"buildtype", "optimization", "prefix", "b_lto", "b_sanitize"}
            for opt in module.get("config-opts", []):
                m = re.match(r"-D([^=]+)=", opt)
                if m and m.group(1) not in options and m.group(1) not in builtin:
                    fail(path, f"module hotpath: {opt} is not an option of meson_options.txt")


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    check_desktop(root)
    check_mime_xml(root)
    check_metainfo(root)
    check_manifest(root)
    for e in errors:
        print(f"check-packaging: {e}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

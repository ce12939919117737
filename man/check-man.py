#!/usr/bin/env python3
# check-man.py — checks a manual page: it renders without a single groff or
# man warning, and, given the program, it documents every command the
# program's --help lists and every long option of each command's --help, so
# that the page cannot drift from the program.
#
# Usage: check-man.py PAGE [--cli HOTPATH_CLI] [--app HOTPATH]
# Exits 1 and names every problem when the page fails a check.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import os
import re
import subprocess
import sys

LONG_OPTION = re.compile(r"^\s+(?:-\w, )?--([a-z0-9][a-z0-9-]*)", re.MULTILINE)
COMMAND_LINE = re.compile(r"^  ([a-z][a-z0-9-]*)\s+\S")


def run(argv, **kwargs):
    env = dict(os.environ, LC_ALL="C.UTF-8", MANWIDTH="80")
    return subprocess.run(argv, capture_output=True, text=True, env=env, **kwargs)


def check_render(page, problems):
    result = run(["man", "--warnings", "-l", "-E", "UTF-8", page])
    if result.returncode != 0:
        problems.append(f"man exits with status {result.returncode}")
    for line in result.stderr.splitlines():
        problems.append(f"man: {line}")
    if not result.stdout.strip():
        problems.append("man renders nothing")


def page_text(page):
    """The page's source with troff's font changes and escaped hyphens undone."""
    with open(page, encoding="utf-8") as f:
        text = f.read()
    text = text.replace("\\-", "-")
    return re.sub(r"\\f[BIRP]", "", text)


def documented(text, option):
    return re.search(r"--" + re.escape(option) + r"(?![a-z0-9-])", text) is not None


def help_options(program, *args):
    result = run([program, *args, "--help"])
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join([program, *args])} --help exits with status {result.returncode}")
    return [o for o in LONG_OPTION.findall(result.stdout) if not o.startswith("help")]


def check_cli(page, cli, problems):
    text = page_text(page)
    result = run([cli, "--help"])
    # the lines of the "Commands:" block, up to the blank line after it
    block = result.stdout.partition("Commands:\n")[2].partition("\n\n")[0]
    commands = [m.group(1) for m in map(COMMAND_LINE.match, block.splitlines()) if m]
    if result.returncode != 0 or not commands:
        problems.append(f"{cli} --help lists no commands")
        return
    for command in commands:
        if not re.search(r"^\.SS " + re.escape(command) + r"$", text, re.MULTILINE):
            problems.append(f"command '{command}' has no '.SS {command}' section")
        for option in help_options(cli, command):
            if not documented(text, option):
                problems.append(f"option --{option} of '{command}' is not documented")


def check_app(page, app, problems):
    text = page_text(page)
    for option in help_options(app):
        if not documented(text, option):
            problems.append(f"option --{option} is not documented")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--cli")
    parser.add_argument("--app")
    args = parser.parse_args()

    problems = []
    check_render(args.page, problems)
    if args.cli:
        check_cli(args.page, args.cli, problems)
    if args.app:
        check_app(args.page, args.app, problems)
    for problem in problems:
        print(f"{args.page}: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"{args.page}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())

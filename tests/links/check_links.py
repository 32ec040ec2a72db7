#!/usr/bin/env python3
"""Every relative link of every Markdown file of the course resolves.

  check_links.py ROOT               check the tracked .md files under ROOT (git ls-files; without git,
                                    every .md file outside build folders)
  check_links.py --self-test        check the checker on files it writes (a broken link must be found)

A link is [text](target), [text](target "title"), a reference definition [id]: target, or an HTML
href="..."/src="..." attribute, outside fenced code blocks and `code spans`. Links with a scheme
(https:, mailto:) are not followed. The target's path, relative to the Markdown file's folder (or
to ROOT when it starts with /), must exist (a file or a folder). A #fragment on a Markdown file (or
on the file itself, "#name") must name one of its headings, as GitHub makes their anchors: the
heading's text, lower case, with everything but letters, digits, marks, "_", "-" and spaces removed,
spaces turned into "-", and "-1", "-2"... added to repeats; an <a name="..."> or id="..." counts
too. A fragment on another kind of file is accepted when it is a GitHub line anchor (#L12, #L12-L20).
Exit status 0: every link resolves; 1: some do not (each printed as FILE:LINE: target: reason).
"""
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
from urllib.parse import unquote

FENCE = re.compile(r'^ {0,3}(`{3,}|~{3,})')
ATX = re.compile(r'^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$')
SETEXT = re.compile(r'^ {0,3}(=+|-+)\s*$')
INLINE = re.compile(r'!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+"[^"]*"|\s+\'[^\']*\')?\s*\)')
REFDEF = re.compile(r'^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)')
HTML = re.compile(r'\b(?:href|src)\s*=\s*"([^"]*)"')
HTML_ANCHOR = re.compile(r'<a\s+[^>]*\b(?:name|id)\s*=\s*"([^"]+)"|\bid\s*=\s*"([^"]+)"')
CODE_SPAN = re.compile(r'(`+)(?:(?!\1).)+?\1')
SCHEME = re.compile(r'^[A-Za-z][A-Za-z0-9+.-]*:')
LINE_ANCHOR = re.compile(r'^L\d+(?:C\d+)?(?:-L\d+(?:C\d+)?)?$')


def strip_code_spans(line):
    return CODE_SPAN.sub(lambda m: ' ' * len(m.group(0)), line)


def heading_text(raw):
    """The text GitHub renders for a heading's Markdown (close enough for anchors)."""
    text = re.sub(r'!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\([^)]*\)', r'\1', raw)  # links: their text
    text = re.sub(r'<[^>]+>', '', text)                                       # HTML tags
    text = text.replace('`', '')
    text = re.sub(r'(\*\*|__|\*|(?<!\w)_|_(?!\w))', '', text)                 # emphasis markers
    return text


def slug(text):
    out = []
    for ch in heading_text(text).strip().lower():
        cat = unicodedata.category(ch)
        if ch in ' -_' or cat[0] in 'LMN':
            out.append(ch)
    return ''.join(out).replace(' ', '-')


def scan(path):
    """(links, anchors): links as (line number, target) outside code; anchors the file defines."""
    links, anchors, counts = [], set(), {}
    fence = None
    previous = ''
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    for number, line in enumerate(lines, 1):
        m = FENCE.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not line.strip()[len(m.group(1)):].strip():
                fence = None
            previous = ''
            continue
        if m:
            fence = m.group(1)
            previous = ''
            continue
        title = None
        h = ATX.match(line)
        if h:
            title = h.group(2)
        elif SETEXT.match(line) and previous.strip() and not previous.lstrip().startswith(('|', '-', '*', '>')) \
                and not (line.strip().startswith('-') and previous.strip().startswith('-')):
            title = previous.strip()
        if title is not None:
            base = slug(title)
            n = counts.get(base, 0)
            counts[base] = n + 1
            anchors.add(base if n == 0 else f'{base}-{n}')
        for a in HTML_ANCHOR.finditer(line):
            anchors.add(a.group(1) or a.group(2))
        code_free = strip_code_spans(line)
        for m in INLINE.finditer(code_free):
            links.append((number, m.group(1).strip('<>')))
        m = REFDEF.match(code_free)
        if m:
            links.append((number, m.group(1).strip('<>')))
        for m in HTML.finditer(code_free):
            links.append((number, m.group(1)))
        previous = line
    return links, anchors


def markdown_files(root):
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '-z', '--', '*.md'], check=True,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.decode()
        files = [f for f in out.split('\0') if f]
        if files:
            return sorted(f for f in files if os.path.isfile(os.path.join(root, f)))
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(('.', 'build'))]
        files += [os.path.relpath(os.path.join(folder, n), root) for n in names if n.endswith('.md')]
    return sorted(files)


def check(root, files):
    root = os.path.abspath(root)
    anchor_cache = {}

    def anchors_of(path):
        if path not in anchor_cache:
            anchor_cache[path] = scan(path)[1]
        return anchor_cache[path]

    problems = []
    for rel in files:
        source = os.path.join(root, rel)
        links, own = scan(source)
        anchor_cache[source] = own
        for number, target in links:
            if not target or SCHEME.match(target) or target.startswith('//'):
                continue
            path, _, fragment = target.partition('#')
            path = unquote(path)
            if path:
                base = root if path.startswith('/') else os.path.dirname(source)
                resolved = os.path.normpath(os.path.join(base, path.lstrip('/')))
                if not os.path.exists(resolved):
                    problems.append(f'{rel}:{number}: {target}: no such file or folder')
                    continue
            else:
                resolved = source
            if not fragment:
                continue
            fragment = unquote(fragment)
            if resolved.endswith('.md') and os.path.isfile(resolved):
                if fragment.lower() not in {a.lower() for a in anchors_of(resolved)}:
                    problems.append(f'{rel}:{number}: {target}: no heading of '
                                    f'{os.path.relpath(resolved, root)} has the anchor #{fragment}')
            elif not LINE_ANCHOR.match(fragment):
                problems.append(f'{rel}:{number}: {target}: #{fragment} is no heading (the target is '
                                f'not Markdown) and no line anchor')
    return problems


def self_test():
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, 'docs'))
        with open(os.path.join(root, 'docs', 'page.md'), 'w', encoding='utf-8') as f:
            f.write('# Exercise 9b: The C = A · B competition\n\n## What the `--json` option does\n\n'
                    '## Repeat\n\n## Repeat\n\nSetext title\n------------\n')
        with open(os.path.join(root, 'README.md'), 'w', encoding='utf-8') as f:
            f.write('# Top\n\n'
                    '[good](docs/page.md#exercise-9b-the-c--a--b-competition)\n'
                    '[good](docs/page.md#what-the---json-option-does) [good](docs/page.md#repeat-1)\n'
                    '[good](docs/page.md#setext-title) [good](#top) [good](docs/) [good](/docs/page.md)\n'
                    '[web](https://example.org/missing) `[code](missing.md)`\n'
                    '```\n[fenced](missing.md)\n```\n'
                    '[bad file](docs/missing.md)\n'
                    '[bad anchor](docs/page.md#repeat-2)\n'
                    '[bad self](#nowhere)\n')
        problems = check(root, ['README.md', 'docs/page.md'])
        expected = ['README.md:10: docs/missing.md: no such file or folder',
                    'README.md:11: docs/page.md#repeat-2: no heading of docs/page.md has the anchor #repeat-2',
                    'README.md:12: #nowhere: no heading of README.md has the anchor #nowhere']
        if problems != expected:
            print('self-test FAILED: expected\n  ' + '\n  '.join(expected) + '\ngot\n  ' + '\n  '.join(problems))
            return 1
    print('self-test passed: good links accepted, a missing file, a missing anchor and a missing own anchor reported')
    return 0


def main(argv):
    if argv[1:] == ['--self-test']:
        return self_test()
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = argv[1]
    files = markdown_files(root)
    problems = check(root, files)
    for p in problems:
        print(p)
    if problems:
        print(f'{len(problems)} broken relative link(s) in {len(files)} Markdown files')
        return 1
    print(f'every relative link resolves ({len(files)} Markdown files)')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

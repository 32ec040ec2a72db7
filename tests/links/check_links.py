#!/usr/bin/env python3
"""Every relative link of every Markdown file of the course resolves.

  check_links.py ROOT               check the tracked .md files under ROOT (git ls-files; without git,
                                    every .md file outside build folders)
  check_links.py --self-test        check the checker on files it writes (a broken link must be found)
  check_links.py --tables ROOT      every table of the tracked .md files under ROOT: each row (the
                                    delimiter row included) has as many cells as its header row
  check_links.py --course-table ROOT [MATERIAL]
                                    the source map: every row of the top README's course table (the
                                    table under "## The course" whose header has "source") names its
                                    source, a document number 000-004 with a quoted section or slide
                                    title, or says "added by the course"; every folder of Exercises/
                                    has a row; with ROOT/course.json, the rows are its entries (id,
                                    folder, learn, source) in its order. With MATERIAL (a folder
                                    of the course material's NNN_*.txt files; default $HOC_COURSE_MATERIAL, else
                                    ROOT/../shared/course-material where it exists) every quoted title
                                    must also appear in the document it is credited to.

A link is [text](target), [text](target "title"), a reference definition [id]: target, or an HTML
href="..."/src="..." attribute, outside fenced code blocks and `code spans`. Links with a scheme
(https:, mailto:) are not followed. The target's path, relative to the Markdown file's folder (or
to ROOT when it starts with /), must exist (a file or a folder). A #fragment on a Markdown file (or
on the file itself, "#name") must name one of its headings, as GitHub makes their anchors: the
heading's text, lower case, with everything but letters, digits, marks, "_", "-" and spaces removed,
spaces turned into "-", and "-1", "-2"... added to repeats; an <a name="..."> or id="..." counts
too. A fragment on another kind of file is accepted when it is a GitHub line anchor (#L12, #L12-L20).
Exit status 0: every link resolves; 1: some do not (each printed as FILE:LINE: target: reason).

A table is found as GitHub finds one: a line with a "|" followed by a delimiter row (|---|:--:|),
outside fenced code blocks; its rows run to the first blank line, and every line until then is a row,
one without a "|" too (GitHub shows it as a one-cell row). Cells are split at every "|" that is not
escaped as "\\|", inside `code spans` too (GitHub splits there as well); a leading and a trailing "|"
open and close the row. GitHub drops a row's extra cells and pads a short row with empty ones: either
way what the table shows is not what its author wrote, so any row unlike its header is reported.
"""
import json
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
INLINE = re.compile(r'!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]'  # [text], one level of brackets inside
                    r'\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)'  # (target, balanced parentheses inside
                    r'(?:\s+"[^"]*"|\s+\'[^\']*\')?\s*\)')  # an optional "title")
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
            if (m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence)
                    and not line.strip()[len(m.group(1)):].strip()):
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


DELIMITER_ROW = re.compile(r'^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$')
UNESCAPED_PIPE = re.compile(r'(?<!\\)\|')


def table_cells(line):
    """How many cells GitHub makes of a table row."""
    text = line.strip()
    parts = UNESCAPED_PIPE.split(text)
    if text.startswith('|'):
        parts = parts[1:]
    if len(text) > 1 and text.endswith('|') and not text.endswith('\\|'):
        parts = parts[:-1]
    return len(parts)


def table_problems(root, files):
    """Rows (and delimiter rows) whose cell count differs from their table's header row."""
    problems = []
    for rel in files:
        with open(os.path.join(root, rel), encoding='utf-8') as f:
            lines = f.read().split('\n')
        fence, i = None, 0
        while i < len(lines):
            line = lines[i]
            m = FENCE.match(line)
            if fence:
                if (m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence)
                        and not line.strip()[len(m.group(1)):].strip()):
                    fence = None
                i += 1
                continue
            if m:
                fence = m.group(1)
                i += 1
                continue
            if '|' in line and i + 1 < len(lines) and DELIMITER_ROW.match(lines[i + 1]):
                header = table_cells(line)
                j = i + 1
                while j < len(lines) and lines[j].strip() and not FENCE.match(lines[j]):
                    n = table_cells(lines[j])
                    if n != header:
                        what = 'the delimiter row' if j == i + 1 else 'this row'
                        problems.append(f'{rel}:{j + 1}: {what} has {n} cell(s), the header (line {i + 1}) '
                                        f'{header}: {lines[j].strip()[:80]}')
                    j += 1
                i = j
                continue
            i += 1
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
        with open(os.path.join(root, 'tables.md'), 'w', encoding='utf-8') as f:
            f.write('# Tables\n\n'
                    '| a | b |\n|---|---:|\n| 1 | 2 |\n| `x \\|\\| y` | 3 |\n\n'
                    'a | b\n--|--\n1 | 2\n\n'
                    '```\n| a | b |\n|---|\n| 1 | 2 | 3 |\n```\n\n'
                    '| a | b |\n|---|---|---|\n| 1 | 2 | 3 |\n| 4 | 5 |\n\n'
                    '| a | b |\n|---|---|\n| `x || y` | 3 |\ntext run on\n')
        problems = table_problems(root, ['tables.md'])
        expected = ['tables.md:19: the delimiter row has 3 cell(s), the header (line 18) 2: |---|---|---|',
                    'tables.md:20: this row has 3 cell(s), the header (line 18) 2: | 1 | 2 | 3 |',
                    'tables.md:25: this row has 4 cell(s), the header (line 23) 2: | `x || y` | 3 |',
                    'tables.md:26: this row has 1 cell(s), the header (line 23) 2: text run on']
        if problems != expected:
            print('self-test FAILED (tables): expected\n  ' + '\n  '.join(expected) + '\ngot\n  ' +
                  '\n  '.join(problems))
            return 1
        os.makedirs(os.path.join(root, 'Exercises', 'Exercise01_Vadd'))
        os.makedirs(os.path.join(root, 'Exercises', 'Exercise02_Lost'))
        os.makedirs(os.path.join(root, 'material'))
        with open(os.path.join(root, 'material', '000_x.txt'), 'w', encoding='utf-8') as f:
            f.write('# Exercise 1: Running the Vector Add kernel\n')
        with open(os.path.join(root, 'README.md'), 'w', encoding='utf-8') as f:
            f.write('# Top\n\n## The course\n\n| # | folder | what | source |\n|---|---|---|---|\n'
                    '| 01 | `Exercise01_Vadd` | vadd | 000 "Exercise 1: Running the Vector Add kernel" |\n'
                    '| 03 | `Exercise03_Empty` | x |  |\n'
                    '| 04 | `Exercise04_Vague` | x | the slides |\n'
                    '| 05 | `Exercise05_Wrong` | x | 000 "Exercise 5: Not there" |\n'
                    '| 06 | `Exercise06_Own` | x | **added by the course** |\n\n## Next\n')
        with open(os.path.join(root, 'course.json'), 'w', encoding='utf-8') as f:
            json.dump({'exercises': [
                {'id': '01', 'folder': 'Exercise01_Vadd', 'learn': 'vadd',
                 'source': '000 "Exercise 1: Running the Vector Add kernel"'},
                {'id': '06', 'folder': 'Exercise06_Own', 'learn': 'y', 'source': '**added by the course**'}]}, f)
        problems = course_table_problems(root, os.path.join(root, 'material'))
        expected = ['README.md:8: Exercise03_Empty: the source cell is empty',
                    'README.md:9: Exercise04_Vague: the source names no document (000-004) with a quoted section '
                    'title and does not say "added by the course": the slides',
                    ('README.md:10: Exercise05_Wrong: "Exercise 5: Not there" is not in document 000 of the '
                     'course material'),
                    'README.md:11: the row of Exercise06_Own differs from its entry in course.json: '
                    'write | 06 | `Exercise06_Own` | y | **added by the course** |',
                    'README.md: Exercises/Exercise02_Lost has no row in the course table']
        if problems != expected:
            print('self-test FAILED (course table): expected\n  ' + '\n  '.join(expected) + '\ngot\n  ' +
                  '\n  '.join(problems))
            return 1
    print('self-test passed: good links accepted, a missing file, a missing anchor and a missing own anchor '
          'reported; table rows unlike their header reported; the course table\'s empty, vague and wrong '
          'sources, a folder without a row and a row unlike course.json reported')
    return 0


def material_text(text):
    text = text.replace('\\_', '_').replace('**', '').replace('`', '').replace('$', '')
    return re.sub(r'\s+', ' ', text).strip().lower()


def course_table_problems(root, material=None):
    """The source map's problems: rows without a source, folders without a row, titles not found."""
    with open(os.path.join(root, 'README.md'), encoding='utf-8') as f:
        lines = f.read().split('\n')
    problems, rows, in_course, header = [], [], False, None
    for number, line in enumerate(lines, 1):
        if line.startswith('## '):
            in_course = line.strip() == '## The course'
            continue
        if not in_course or not line.startswith('|'):
            continue
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if header is None:
            if any('source' in c.lower() for c in cells):
                header = cells
            continue
        if set(line.replace('|', '').strip()) <= set('-: '):
            continue
        rows.append((number, cells))
    if header is None:
        return ['README.md: no course table with a "source" column under "## The course"']
    column = next(i for i, c in enumerate(header) if 'source' in c.lower())
    documents = {}
    if material:
        for name in sorted(os.listdir(material)):
            m = re.match(r'^(\d{3})_.*\.txt$', name)
            if m:
                with open(os.path.join(material, name), encoding='utf-8') as f:
                    documents[m.group(1)] = material_text(f.read())
    folders = set()
    for number, cells in rows:
        folder = cells[1].strip('`') if len(cells) > 1 else ''
        folders.add(folder)
        source = cells[column] if len(cells) > column else ''
        if not source:
            problems.append(f'README.md:{number}: {folder}: the source cell is empty')
            continue
        credited = re.findall(r'\b(00[0-4])\b[^"]*"[^"]+"', source)
        if not credited and 'added by the course' not in source.lower():
            problems.append(f'README.md:{number}: {folder}: the source names no document (000-004) with a '
                            f'quoted section title and does not say "added by the course": {source}')
        if documents:
            document = None
            for token in re.finditer(r'\b(00[0-4])\b|"([^"]+)"', source):
                if token.group(1):
                    document = token.group(1)
                elif document is not None and document in documents:
                    title = material_text(token.group(2))
                    parts = [p.strip(' .') for p in title.split('...') if p.strip(' .')]
                    if not all(p in documents[document] for p in parts):
                        problems.append(f'README.md:{number}: {folder}: "{token.group(2)}" is not in '
                                        f'document {document} of the course material')
    problems += manifest_problems(root, rows)
    exercises = os.path.join(root, 'Exercises')
    if os.path.isdir(exercises):
        for name in sorted(os.listdir(exercises)):
            if os.path.isdir(os.path.join(exercises, name)) and name.startswith('Exercise') and name not in folders:
                problems.append(f'README.md: Exercises/{name} has no row in the course table')
    return problems


def manifest_problems(root, rows):
    """The table against course.json (when the tree has one): one row per exercise, in its order, whose
    number, folder, what-you-learn and source cells are the entry's id, folder, learn and source."""
    path = os.path.join(root, 'course.json')
    if not os.path.isfile(path):
        return []
    with open(path, encoding='utf-8') as f:
        exercises = json.load(f)['exercises']
    problems = []
    by_folder = {cells[1].strip('`'): (number, cells) for number, cells in rows if len(cells) > 1}
    for entry in exercises:
        found = by_folder.get(entry['folder'])
        if found is None:
            problems.append(f'README.md: {entry["folder"]} (course.json) has no row in the course table')
            continue
        number, cells = found
        want = [entry['id'], f'`{entry["folder"]}`', entry['learn'], entry['source']]
        if cells[:4] != want:
            problems.append(f'README.md:{number}: the row of {entry["folder"]} differs from its entry in '
                            f'course.json: write | {" | ".join(want)} |')
    order = [cells[1].strip('`') for _, cells in rows]
    listed = [e['folder'] for e in exercises if e['folder'] in order]
    if [f for f in order if f in listed] != listed:
        problems.append('README.md: the course table is not in course.json\'s order')
    return problems


def course_table(root, material):
    if material is None:
        guess = os.environ.get('HOC_COURSE_MATERIAL') or os.path.join(root, '..', 'shared', 'course-material')
        material = guess if os.path.isdir(guess) else None
    problems = course_table_problems(root, material)
    for p in problems:
        print(p)
    checked = f'titles checked against {os.path.abspath(material)}' if material else \
        'titles not checked: the course material was not found (set HOC_COURSE_MATERIAL)'
    if problems:
        print(f'{len(problems)} problem(s) in the course table\'s source map ({checked})')
        return 1
    print(f'every row of the course table names its source; {checked}')
    return 0


def main(argv):
    if argv[1:] == ['--self-test']:
        return self_test()
    if len(argv) == 3 and argv[1] == '--tables':
        files = markdown_files(argv[2])
        problems = table_problems(argv[2], files)
        for p in problems:
            print(p)
        if problems:
            print(f'{len(problems)} table row(s) unlike their header in {len(files)} Markdown files')
            return 1
        print(f'every table row has its header\'s cells ({len(files)} Markdown files)')
        return 0
    if len(argv) in (3, 4) and argv[1] == '--course-table':
        return course_table(argv[2], argv[3] if len(argv) == 4 else None)
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

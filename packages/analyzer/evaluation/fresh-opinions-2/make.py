#!/usr/bin/env python3
"""Rebuild texts/001.txt ... texts/020.txt of this set.

Usage: python3 make.py <git-dir of chansooligans/Federal-Appellate-Court-Opinions-Text-Analysis>

1. Files already used (the `source` fields of the real corpus' labels.json and of
   ../fresh-opinions/labels.json) are excluded.
2. The other Midterm_Report/data/*.json files are sorted by the SHA-256 hex of
   "sentinel-fresh-persons-2-2026-11-28:<file name>", ascending.
3. In that order the first 20 are kept whose plain_text has >= 3,000 characters and whose
   opening (first 300 characters after collapsing whitespace) does not occur in any text of
   the real corpus or of ../fresh-opinions/texts (whitespace collapsed there too).
4. Each text: plain_text with runs of 4+ line breaks cut to 3, then cut at the last blank
   line ("\n\n") starting at or before character 6,000 (at 6,000 if there is none).
   Nothing else is changed.
"""
import glob, hashlib, json, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.environ.get('SENTINEL_REAL_CORPUS', os.path.join(HERE, '..', '..', '..', '..', '..', 'shared', 'corpus', 'real'))
FIRST = os.path.join(HERE, '..', 'fresh-opinions')
SALT = 'sentinel-fresh-persons-2-2026-11-28:'
PREFIX = 'Midterm_Report/data/'
N, MIN_CHARS, CUT, OPENING = 20, 3000, 6000, 300


def git(gd, *args):
    return subprocess.check_output(['git', '--git-dir=' + gd, *args])


def collapse(s):
    return re.sub(r'\s+', ' ', s).strip()


def used_files():
    used = set()
    for p in (os.path.join(CORPUS, 'labels.json'), os.path.join(FIRST, 'labels.json')):
        for e in json.load(open(p, encoding='utf-8')):
            for m in re.finditer(r'Midterm_Report/data/([^\s)]+\.json)', e.get('source', '')):
                used.add(m.group(1))
    return used


def known_texts():
    out = []
    for d in (os.path.join(CORPUS, 'texts'), os.path.join(FIRST, 'texts')):
        for p in sorted(glob.glob(os.path.join(d, '*.txt'))):
            out.append(collapse(open(p, encoding='utf-8').read()))
    return out


def cut(text):
    text = re.sub(r'\n{4,}', '\n\n\n', text)
    pos = text.rfind('\n\n', 0, CUT + 1)
    return text[:pos] if pos > 0 else text[:CUT]


def main(gd):
    used = used_files()
    names = [l[len(PREFIX):] for l in git(gd, 'ls-tree', '-r', 'HEAD', '--name-only').decode().splitlines()
             if l.startswith(PREFIX) and l.endswith('.json') and '/' not in l[len(PREFIX):]]
    names = [n for n in names if n not in used]
    names.sort(key=lambda n: hashlib.sha256((SALT + n).encode()).hexdigest())
    known = known_texts()
    kept = []
    for n in names:
        d = json.loads(git(gd, 'show', 'HEAD:' + PREFIX + n))
        t = d.get('plain_text') or ''
        if len(t) < MIN_CHARS:
            continue
        opening = collapse(t)[:OPENING]
        if any(opening in k for k in known):
            continue
        kept.append((n, d, t))
        if len(kept) == N:
            break
    os.makedirs(os.path.join(HERE, 'texts'), exist_ok=True)
    for i, (n, d, t) in enumerate(kept, 1):
        with open(os.path.join(HERE, 'texts', '%03d.txt' % i), 'w', encoding='utf-8', newline='') as f:
            f.write(cut(t))
        print('%03d.txt  %s  https://www.courtlistener.com%s' % (i, n, d.get('absolute_url', '')))


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])

#!/usr/bin/env python3
"""Point citations of the external briefs at the repository's own documents (decision 036).

Comments used to cite SPEC.md, ARCHITECTURE.md and DESIGN.md, which live outside the repository.
This rewrites those citations, only inside comments (and, in test files, inside string literals:
test titles say what they prove), across apps/ and packages/, plus docs/architecture.md:

    SPEC 9, SPEC section 4, SPEC 2 and 4   ->  docs/product.md §9, §4, §2 and §4
    DESIGN: ..., DESIGN's first impression ->  docs/design.md §1-§3
    ARCHITECTURE 7, 11.3, 11 item 2        ->  the decision record of ARCHITECTURE_TARGETS

Exact phrases come first (PHRASES), then the numbered forms, then a plain fallback for whatever is
left (listed, so a human can polish it). Running it twice changes nothing.

    python3 scripts/cite-repo-docs.py           rewrite, print counts
    python3 scripts/cite-repo-docs.py --check   change nothing; exit 1 if any citation remains
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIRS = ('apps', 'packages')
SOURCE_SUFFIXES = {'.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.css'}
SKIP_DIRS = {'node_modules', 'dist', 'dist-ssr', 'build', 'coverage', 'test-results', 'playwright-report', '.vite'}
# Prose files: every line is fair game. Decision records are history and keep their wording; decision
# 036 says how to read their citations.
PROSE_FILES = ('docs/architecture.md',)

PRODUCT = 'docs/product.md'
DESIGN_DOC = 'docs/design.md'

# ARCHITECTURE.md section -> where that rule lives in the repository (the table of decision 036).
ARCHITECTURE_TARGETS = {
    '1': 'docs/architecture.md',
    '2': 'docs/decisions/001-stack.md',
    '3': 'docs/architecture.md',
    '4': 'docs/decisions/003-data-model-and-search.md',
    '5': f'{PRODUCT} §7',
    '6': 'docs/architecture.md, packages/editor',
    '7': 'docs/decisions/004-realtime-and-co-editing.md',
    '8': 'docs/architecture.md, security rules',
    '9': 'docs/architecture.md, quality gates',
    '10': 'docs/architecture.md, budgets',
    '11': PRODUCT,
    '11.1': 'docs/decisions/003-data-model-and-search.md',
    '11.2': 'docs/decisions/005-ai-providers.md',
    '11.3': 'docs/decisions/005-ai-providers.md',
    '11.4': 'docs/decisions/002-auth-and-plans.md',
    '11.5': 'docs/decisions/025-export-import.md',
    '11.6': 'docs/decisions/021-uploads-and-storage.md',
    '11.7': 'docs/decisions/008-shared-project-permissions.md',
}

# Citations without a section number, phrase by phrase, so each reads as a sentence afterwards.
# A space in the phrase also matches a line break with a comment's leading `*` or `//`.
PHRASES: list[tuple[str, str]] = [
    # SPEC
    ("(SPEC's check_and_update_expired_trials)", f'(check_and_update_expired_trials in {PRODUCT} §4)'),
    ("SPEC's check_and_update_expired_trials", f'the expiry sweep of {PRODUCT} §4 (check_and_update_expired_trials)'),
    ("SPEC's current_input", f'the drafts of {PRODUCT} §3 (current_input)'),
    ("SPEC's enhanced_notes status model", f'the AI job states of {PRODUCT} §4'),
    ("SPEC's enhanced_notes", f'the AI jobs of {PRODUCT} §3 (enhanced_notes)'),
    ("SPEC's Add Note", f'Add Note of {PRODUCT} §4'),
    ("SPEC's scoring", f'the scoring of {PRODUCT} §9'),
    ("SPEC's payment success page", f'the payment success page of {PRODUCT} §2'),
    ("SPEC's checkout texts", f'the checkout texts of {PRODUCT} §8'),
    ("the SPEC's failure text", f'the failure text of {PRODUCT} §8'),
    ("SPEC's network/config texts", f'the network and configuration texts of {PRODUCT} §8'),
    ("SPEC's text", f'the text of {PRODUCT} §8'),
    ('The SPEC\'s picture texts', f'The picture texts of {PRODUCT} §8'),
    ('the SPEC network text', f'the network text of {PRODUCT} §8'),
    ('the SPEC authentication text', f'the authentication text of {PRODUCT} §8'),
    ('SPEC texts for known failures', f'the texts of {PRODUCT} §8 for known failures'),
    ('the SPEC texts', f'the texts of {PRODUCT} §5'),
    ('carries the SPEC text', f'carries the text of {PRODUCT} §5'),
    ('with the SPEC text', f'with the text of {PRODUCT} §5'),
    ('the SPEC text', f'the text of {PRODUCT} §2'),
    ('SPEC names and colours', f'the names and colours of {PRODUCT} §3'),
    ('SPEC ranking', f'the ranking of {PRODUCT} §9'),
    ('every SPEC route', f'every route of {PRODUCT} §2'),
    ('(SPEC allowed it)', '(allowed before decision 009)'),
    ('SPEC 5 says 6', 'The original said 6'),
    ('(a deliberate change from SPEC 6)', '(a deliberate change: the original asked for 6, decision 009)'),
    ("SPEC's upload failure names the image host of the original", "The original's upload failure named its image host"),
    ('SPEC 2 "Voice assistant card", 4,', f'{PRODUCT} §2 "Voice assistant card", §4,'),
    ('(SPEC uses ', f'({PRODUCT} §9 uses '),
    ('Not SPEC texts: SPEC has no permission model;', f'Listed in {PRODUCT} §8;\n * the original had no permission model, so'),
    ('not SPEC texts: SPEC says export is planned', f'listed in {PRODUCT} §8; the original only planned export'),
    ('SPEC: shared projects need', f'{PRODUCT} §6: shared projects need'),
    ('SPEC: 10 s', f'{PRODUCT} §9: 10 s'),
    ('SPEC: 0.4 s', f'{PRODUCT} §2: 0.4 s'),
    ('SPEC: highlightNote', f'{PRODUCT} §2: highlightNote'),
    ('SPEC: always under 768 px', f'{PRODUCT} §2: always under 768 px'),
    ('SPEC: under 768 px', f'{PRODUCT} §2: under 768 px'),
    # ARCHITECTURE
    ('ARCHITECTURE: every list is cursor-paginated;', 'Every list is cursor-paginated (docs/decisions/015-cursor-pagination.md);'),
    ("ARCHITECTURE's budget:", 'The first-route budget (docs/decisions/028-lazy-toasts-and-bundle-budget-test.md):'),
    # DESIGN: §1 Look, §2 Behaviour (the default below), §3 First impression.
    ("DESIGN's first impression", f'{DESIGN_DOC} §3, first impression'),
    ('DESIGN: Look', f'{DESIGN_DOC} §1'),
    ('DESIGN: colours only', f'{DESIGN_DOC} §1: colours only'),
    ('DESIGN: 16 px in the editor', f'{DESIGN_DOC} §1: 16 px in the editor'),
    ("DESIGN: the light theme's", f"{DESIGN_DOC} §1: the light theme's"),
]

CITED = r'(?:SPEC|ARCHITECTURE|DESIGN)'
# What --check refuses: any mention of the briefs' names as words, or their files or folder.
REMAINING = re.compile(rf'\b{CITED}\b|\b{CITED}\.md\b|/work/shared\b')

# SPEC 9 / SPEC section 4 / SPEC sections 5 and 8 / SPEC 4/9 (sections 1-9 only: `SPEC: 10 s` is no
# citation). Also the possessive `SPEC 8's`, which the rest of the sentence keeps.
SPEC_NUMBERED = re.compile(
    r'\bSPEC(?:\.md)?\s+(?:sections?\s+|§\s*)?([1-9])(?![\d.])((?:\s*(?:,|/|and|or|&)\s*[1-9](?![\d.]))*)'
)
ARCH_NUMBERED = re.compile(
    r'\bARCHITECTURE(?:\.md)?\s+(?:sections?\s+|§\s*)?(\d{1,2}(?:\.\d)?)(?:\s+items?\s+(\d))?\b'
)
DESIGN_DEFAULT = re.compile(r"\bDESIGN(?:\.md)?\b('s)?")
FALLBACKS = [
    (re.compile(r"\bSPEC(?:\.md)?\b('s)?"), PRODUCT),
    (re.compile(r"\bARCHITECTURE(?:\.md)?\b('s)?"), 'docs/architecture.md'),
]


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    words = [re.escape(word) for word in phrase.split(' ')]
    return re.compile(r'(?:\s+(?:\*(?!/)|//)?\s*|\s+)'.join(words))


PHRASE_PATTERNS = [(phrase_pattern(old), new) for old, new in PHRASES]


def at_sentence_start(text: str, start: int) -> bool:
    """Nothing but comment punctuation (or a sentence end) before `start` on its line."""
    line = text[text.rfind('\n', 0, start) + 1:start]
    return re.fullmatch(r'\s*(?:\{?/\*+|//+|\*|-)?\s*', line) is not None or re.search(r'[.:]\s+$', line) is not None


def replace_phrase(match: re.Match[str], new: str) -> str:
    if new[:1].islower() and at_sentence_start(match.string, match.start()) and not new.startswith('docs/'):
        return new[0].upper() + new[1:]
    return new


def numbered_spec(match: re.Match[str]) -> str:
    rest = re.sub(r'([1-9])', r'§\1', match.group(2))
    return f'{PRODUCT} §{match.group(1)}{rest}'


def numbered_architecture(match: re.Match[str]) -> str:
    section = match.group(1) + (f'.{match.group(2)}' if match.group(2) else '')
    target = ARCHITECTURE_TARGETS.get(section) or ARCHITECTURE_TARGETS.get(section.split('.')[0])
    return target or 'docs/architecture.md'


def rewrite(text: str) -> tuple[str, int, list[str]]:
    """The text with every citation replaced, how many, and the fallback ones (for a human to read)."""
    count = 0
    for pattern, new in PHRASE_PATTERNS:
        text, n = pattern.subn(lambda m, new=new: replace_phrase(m, new), text)
        count += n
    text, n = SPEC_NUMBERED.subn(numbered_spec, text)
    count += n
    text, n = ARCH_NUMBERED.subn(numbered_architecture, text)
    count += n
    # DESIGN's citations without a named section are about behaviour.
    text, n = DESIGN_DEFAULT.subn(lambda m: f"{DESIGN_DOC} §2{m.group(1) or ''}", text)
    count += n
    fallbacks: list[str] = []
    for pattern, new in FALLBACKS:
        def replace(match: re.Match[str], new: str = new) -> str:
            fallbacks.append(match.group(0))
            return f"{new}'s" if match.group(1) else new

        text, n = pattern.subn(replace, text)
        count += n
    return text, count, fallbacks


# --- Finding comments (and strings) in TypeScript, JavaScript and CSS ------------------------------

REGEX_AFTER = set('(,=:[!&|?{};+-*%<>~^')
REGEX_KEYWORDS = {'return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw',
                  'yield', 'await', 'instanceof'}


def regions(source: str, css: bool) -> list[tuple[int, int, str]]:
    """(start, end, kind) of each comment and string literal; kind is 'comment' or 'string'.

    A small scanner, not a parser: template literals nest through `${}`, a `/` starts a regular
    expression where an operand is expected, and quote strings end at a line break, so a stray
    apostrophe in JSX text cannot swallow more than its line.
    """
    found: list[tuple[int, int, str]] = []
    i, n = 0, len(source)
    # Brace depth of each open `${` of a template literal, innermost last.
    template_stack: list[int] = []
    depth = 0
    last = ''  # last significant character of code
    last_word = ''

    def scan_template(start: int) -> int:
        """From after a backtick to after the closing backtick or the `${` that opens code."""
        j = start
        while j < n:
            c = source[j]
            if c == '\\':
                j += 2
                continue
            if c == '`':
                return j + 1
            if c == '$' and j + 1 < n and source[j + 1] == '{':
                return j + 2
            j += 1
        return n

    while i < n:
        c = source[i]
        nxt = source[i + 1] if i + 1 < n else ''
        if c == '/' and nxt == '*':
            end = source.find('*/', i + 2)
            end = n if end < 0 else end + 2
            found.append((i, end, 'comment'))
            i = end
            continue
        if not css and c == '/' and nxt == '/':
            end = source.find('\n', i)
            end = n if end < 0 else end
            found.append((i, end, 'comment'))
            i = end
            continue
        if c in '\'"':
            j = i + 1
            while j < n and source[j] != c and source[j] != '\n':
                j += 2 if source[j] == '\\' else 1
            end = min(j + 1, n)
            found.append((i, end, 'string'))
            i = end
            last, last_word = c, ''
            continue
        if css:
            i += 1
            continue
        if c == '`' or (c == '}' and template_stack and template_stack[-1] == depth):
            if c == '}':
                template_stack.pop()
            end = scan_template(i + 1)
            found.append((i, end, 'string'))
            if source[end - 2:end] == '${':
                template_stack.append(depth)
            i = end
            last, last_word = '`', ''
            continue
        # `</` closes a JSX element: not a regular expression.
        if c == '/' and last != '<' and (last == '' or last in REGEX_AFTER or last_word in REGEX_KEYWORDS):
            j, in_class = i + 1, False
            while j < n and source[j] != '\n':
                ch = source[j]
                if ch == '\\':
                    j += 2
                    continue
                if ch == '[':
                    in_class = True
                elif ch == ']':
                    in_class = False
                elif ch == '/' and not in_class:
                    break
                j += 1
            i = j + 1
            last, last_word = ')', ''
            continue
        if c == '{':
            depth += 1
        elif c == '}':
            depth -= 1
        if c.isalnum() or c in '_$':
            j = i
            while j < n and (source[j].isalnum() or source[j] in '_$'):
                j += 1
            last_word, last = source[i:j], 'a'
            i = j
            continue
        if not c.isspace():
            last, last_word = c, ''
        i += 1
    return found


def is_test_file(path: Path) -> bool:
    name = path.name
    parts = set(path.parts)
    return '.test.' in name or '.spec.' in name or 'test' in parts or 'e2e' in parts


def source_files() -> list[Path]:
    files: list[Path] = []
    for top in SOURCE_DIRS:
        for path in sorted((ROOT / top).rglob('*')):
            if any(part in SKIP_DIRS for part in path.relative_to(ROOT).parts):
                continue
            if path.is_file() and path.suffix in SOURCE_SUFFIXES:
                files.append(path)
    return files


class Result:
    def __init__(self) -> None:
        self.text = ''
        self.count = 0
        self.fallbacks: list[str] = []
        # (line, text) of the citations found: rewritten (or to rewrite), and left alone in code.
        self.cited: list[tuple[int, str]] = []
        self.untouched: list[tuple[int, str]] = []


def cited_lines(source: str, start: int, end: int) -> list[tuple[int, str]]:
    first = source.count('\n', 0, start) + 1
    lines = source[start:end].split('\n')
    return [(first + k, line.strip()[:110]) for k, line in enumerate(lines) if REMAINING.search(line)]


def process(path: Path, source: str) -> Result:
    result = Result()
    if path.suffix == '.md':
        spans = [(0, len(source), 'comment')]
        editable = {'comment'}
    else:
        spans = regions(source, css=path.suffix == '.css')
        editable = {'comment', 'string'} if is_test_file(path) else {'comment'}
    pieces: list[str] = []
    cursor = 0
    for start, end, kind in spans:
        pieces.append(source[cursor:start])
        chunk = source[start:end]
        if kind in editable:
            new, n, fallbacks = rewrite(chunk)
            # A string must keep its quotes: a replacement with the same quote would end it early.
            if n and kind == 'string' and new.count(chunk[0]) != chunk.count(chunk[0]):
                result.untouched += cited_lines(source, start, end)
                n = 0
            if n:
                result.cited += cited_lines(source, start, end)
                result.count += n
                result.fallbacks += fallbacks
                chunk = new
        elif REMAINING.search(chunk):
            result.untouched += cited_lines(source, start, end)
        pieces.append(chunk)
        cursor = end
    pieces.append(source[cursor:])
    result.text = ''.join(pieces)
    return result


def main() -> int:
    check = '--check' in sys.argv[1:]
    paths = source_files() + [ROOT / p for p in PROSE_FILES if (ROOT / p).is_file()]
    total, changed_files = 0, 0
    remaining: list[str] = []
    for path in paths:
        source = path.read_text(encoding='utf-8')
        if not REMAINING.search(source):
            continue
        rel = path.relative_to(ROOT)
        result = process(path, source)
        for line, text in result.untouched:
            print(f'{rel}:{line}: in code, not a comment: left alone: {text}')
        if result.count == 0:
            continue
        total += result.count
        changed_files += 1
        if check:
            remaining += [f'{rel}:{line}: {text}' for line, text in result.cited]
            continue
        path.write_text(result.text, encoding='utf-8')
        print(f'{rel}: {result.count}')
        for text in result.fallbacks:
            print(f'  plain fallback for "{text}": read that sentence')
    if check:
        for line in remaining:
            print(line)
        print(f'{total} citation(s) of SPEC/ARCHITECTURE/DESIGN in {changed_files} file(s)'
              + ('; run python3 scripts/cite-repo-docs.py' if total else ''))
        return 1 if total else 0
    print(f'{total} citation(s) rewritten in {changed_files} file(s)')
    return 0


if __name__ == '__main__':
    sys.exit(main())

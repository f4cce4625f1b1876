#!/usr/bin/python3
"""Write the board and the font-drawn piece SVGs under packages/web/src/assets/:
the boards, Xiangqi's and Janggi's `traditional` sets and Sittuyin's `western`
set. The other sets (drawn shapes, and sets re-using these sets' character
paths) are written by gen-piece-sets.py, which needs no font: run it after this.

Characters and chess glyphs become SVG paths, so the art never depends on the
fonts of the visitor's machine. Outlines come from Debian's fonts-noto-cjk
(SIL OFL 1.1) and fonts-dejavu-core (Bitstream Vera licence); see
src/assets/LICENSE.md. Output is deterministic: the same fonts give the same
bytes.

Run with Debian's Python and its font library, fontTools (apt install
python3-fonttools fonts-noto-cjk fonts-dejavu-core):
/usr/bin/python3 scripts/gen-pieces.py

Boards: `_grid_lines(files, ranks, river)`, `_palaces(files, ranks)` and
`_marks(points, files)` take any size; a new game's board is a function like
`janggi_board()` with its own files and ranks (viewBox files*10 x ranks*10)
and a line in main().
"""
from __future__ import annotations

import math
from pathlib import Path

from fontTools.pens.basePen import BasePen
from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTFont

ASSETS = Path(__file__).resolve().parent.parent / 'src' / 'assets'
NOTO_SERIF_BOLD = '/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc'
# Collection indexes in NotoSerifCJK-Bold.ttc: 1 = KR, 3 = TC.
NOTO_KR, NOTO_TC = 1, 3
DEJAVU_SANS = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'


# ---------------------------------------------------------------- paths

def _num(tenths: int) -> str:
    s = f'{tenths / 10:.1f}'.removesuffix('.0')
    if s.startswith('0.'):
        s = s[1:]
    elif s.startswith('-0.'):
        s = '-' + s[2:]
    return s


class _RelPen(BasePen):
    """Pen writing compact relative path data, coordinates rounded to 0.1.

    Rounding happens on absolute positions (kept in integer tenths) so the
    relative steps never drift.
    """

    def __init__(self, glyph_set, transform):
        super().__init__(glyph_set)
        self._t = transform
        self._parts: list[str] = []
        self._cur = (0, 0)
        self._start = (0, 0)
        self._last_cmd = ''

    def _pt(self, p):
        x, y = self._t(p)
        return round(x * 10), round(y * 10)

    def _emit(self, cmd: str, pts: list[tuple[int, int]]):
        nums: list[int] = []
        cx, cy = self._cur
        for x, y in pts:
            nums += [x - cx, y - cy]
        self._cur = pts[-1]
        self._emit_nums(cmd, nums)

    def _emit_nums(self, cmd: str, nums: list[int]):
        out = '' if cmd == self._last_cmd else cmd
        tail = out or (self._parts[-1][-1] if self._parts else 'M')
        for n in nums:
            s = _num(n)
            if tail not in 'MmlhvcLz' and not s.startswith('-'):
                s = ' ' + s
            out += s
            tail = s[-1]
        self._parts.append(out)
        self._last_cmd = cmd

    def _moveTo(self, p):
        q = self._pt(p)
        if self._parts:
            self._emit('m', [q])
            self._last_cmd = 'l'  # further pairs after m are implicit lines
        else:
            # Absolute, so that paths can be concatenated.
            self._cur = (0, 0)
            self._emit('M', [q])
            self._last_cmd = 'L'
        self._start = q

    def _lineTo(self, p):
        x, y = self._pt(p)
        cx, cy = self._cur
        if (x, y) == (cx, cy):
            return
        if y == cy:
            self._cur = (x, y)
            self._emit_nums('h', [x - cx])
        elif x == cx:
            self._cur = (x, y)
            self._emit_nums('v', [y - cy])
        else:
            self._emit('l', [(x, y)])

    def _curveToOne(self, p1, p2, p3):
        a, b, c = self._pt(p1), self._pt(p2), self._pt(p3)
        cx, cy = self._cur
        self._emit_nums('c', [a[0] - cx, a[1] - cy, b[0] - cx, b[1] - cy, c[0] - cx, c[1] - cy])
        self._cur = c

    def _closePath(self):
        self._parts.append('z')
        self._last_cmd = 'z'
        self._cur = self._start

    def _endPath(self):  # an open contour: glyphs have none, keep it open
        self._last_cmd = ''

    def d(self) -> str:
        return ''.join(self._parts)


class Font:
    def __init__(self, path: str, number: int | None = None):
        self.tt = TTFont(path, fontNumber=number) if number is not None else TTFont(path)
        self.glyphs = self.tt.getGlyphSet()
        self.cmap = self.tt.getBestCmap()
        self.upm = self.tt['head'].unitsPerEm

    def name(self, char: str) -> str:
        return self.cmap[ord(char)]

    def bounds(self, char: str):
        pen = BoundsPen(self.glyphs)
        self.glyphs[self.name(char)].draw(pen)
        return pen.bounds

    def path(self, char: str, cx: float, cy: float, *, em: float = 0, fit: float = 0, contours=None) -> str:
        """The glyph as path data, its ink box centred on (cx, cy), scaled so that
        one em is `em` units or, given `fit`, so that the ink box's longer side
        is `fit` units. `contours` keeps only those contour indexes."""
        x0, y0, x1, y1 = self.bounds(char)
        k = fit / max(x1 - x0, y1 - y0) if fit else em / self.upm
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2

        def t(p):
            return cx + (p[0] - mx) * k, cy - (p[1] - my) * k

        pen = _RelPen(self.glyphs, t)
        for i, contour in enumerate(_split_contours(self._record(char))):
            if contours is None or i in contours:
                for op, args in contour:
                    getattr(pen, op)(*args)
        return pen.d()

    def outer_contours(self, char: str) -> set[int]:
        """Indexes of contours not inside another contour's box: the glyph's silhouette."""
        boxes = []
        for c in _split_contours(self._record(char)):
            pen = BoundsPen(self.glyphs)
            for op, args in c:
                getattr(pen, op)(*args)
            boxes.append(pen.bounds)
        inside = lambda a, b: a != b and b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]
        return {i for i, a in enumerate(boxes) if not any(inside(a, b) for b in boxes)}

    def _record(self, char: str):
        rec = RecordingPen()
        self.glyphs[self.name(char)].draw(rec)
        return rec.value


def _split_contours(ops):
    out, cur = [], []
    for op, args in ops:
        cur.append((op, args))
        if op in ('closePath', 'endPath'):
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


# ---------------------------------------------------------------- svg text

def _svg(view_box: str, body: str, extra: str = '') -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view_box}"{extra}>{body}</svg>\n'


def _f(x: float) -> str:
    return _num(round(x * 10))


def _poly(points) -> str:
    return ' '.join(f'{_f(x)},{_f(y)}' for x, y in points)


# ---------------------------------------------------------------- xiangqi

XIANGQI_CHARS = {
    'white': dict(k='帥', a='仕', b='相', n='傌', r='俥', c='炮', p='兵'),
    'black': dict(k='將', a='士', b='象', n='馬', r='車', c='砲', p='卒'),
}
XIANGQI_INK = {'white': '#b0161c', 'black': '#1c1a18'}


def xiangqi_piece(font: Font, color: str, letter: str) -> str:
    ink = XIANGQI_INK[color]
    char = font.path(XIANGQI_CHARS[color][letter], 50, 48.5, em=54)
    body = (
        '<defs><radialGradient id="g" cx=".42" cy=".36" r=".7">'
        '<stop offset="0" stop-color="#fbecc8"/><stop offset="1" stop-color="#dcae6c"/>'
        '</radialGradient></defs>'
        '<circle cx="50" cy="52" r="45" fill="#7b4a1f"/>'
        '<circle cx="50" cy="48.5" r="45" fill="url(#g)" stroke="#6a3f18" stroke-width="1.2"/>'
        f'<circle cx="50" cy="48.5" r="38.5" fill="none" stroke="{ink}" stroke-width="2.2"/>'
        f'<path fill="{ink}" d="{char}"/>'
    )
    return _svg('0 0 100 100', body)


# ---------------------------------------------------------------- janggi

JANGGI_CHARS = {
    'white': dict(k='楚', a='士', b='象', n='馬', r='車', c='包', p='卒'),
    'black': dict(k='漢', a='士', b='象', n='馬', r='車', c='包', p='兵'),
}
JANGGI_INK = {'white': '#0b6b4f', 'black': '#b3161c'}
# Circumradius of the octagon by rank: general largest, guards and soldiers smallest.
JANGGI_SIZE = dict(k=49, r=44, c=44, n=44, b=44, a=37, p=37)


def _octagon(r: float, cx: float, cy: float):
    return [(cx + r * math.cos(math.radians(22.5 + 45 * i)), cy + r * math.sin(math.radians(22.5 + 45 * i)))
            for i in range(8)]


def janggi_piece(font: Font, color: str, letter: str) -> str:
    ink = JANGGI_INK[color]
    r = JANGGI_SIZE[letter]
    cy = 48.5
    char = font.path(JANGGI_CHARS[color][letter], 50, cy, em=r * 1.12)
    body = (
        '<defs><radialGradient id="g" cx=".4" cy=".35" r=".75">'
        '<stop offset="0" stop-color="#fffaf0"/><stop offset="1" stop-color="#e6d6b4"/>'
        '</radialGradient></defs>'
        f'<polygon points="{_poly(_octagon(r, 50, cy + 3.5))}" fill="#8c6c3e"/>'
        f'<polygon points="{_poly(_octagon(r, 50, cy))}" fill="url(#g)" stroke="#5e4523" stroke-width="1.2"'
        ' stroke-linejoin="round"/>'
        f'<polygon points="{_poly(_octagon(r - 5, 50, cy))}" fill="none" stroke="{ink}" stroke-width="1.3"'
        ' stroke-linejoin="round" opacity=".55"/>'
        f'<path fill="{ink}" d="{char}"/>'
    )
    return _svg('0 0 100 100', body)


# ---------------------------------------------------------------- sittuyin

# k king, f general (met), s elephant, n horse, r rook (chariot), p pawn.
SITTUYIN_GLYPHS = dict(k='\u265a', f='\u265b', s='\u265d', n='\u265e', r='\u265c', p='\u265f')
SITTUYIN_INK = {'white': ('#c0221d', '#5c0b08'), 'black': ('#211e1b', '#000')}
SITTUYIN_LIGHT = '#f6ead2'


def sittuyin_piece(font: Font, color: str, letter: str) -> str:
    fill, edge = SITTUYIN_INK[color]
    char = SITTUYIN_GLYPHS[letter]
    fit = 70 if letter == 'p' else 84
    # The silhouette alone, filled light, shows through the glyph's inner lines.
    base = font.path(char, 50, 50, fit=fit, contours=font.outer_contours(char))
    glyph = font.path(char, 50, 50, fit=fit)
    body = (
        f'<path fill="{SITTUYIN_LIGHT}" d="{base}"/>'
        f'<path fill="{fill}" stroke="{edge}" stroke-width="1.6" stroke-linejoin="round" d="{glyph}"/>'
    )
    return _svg('0 0 100 100', body)


# ---------------------------------------------------------------- boards

LINE = '#4a2e14'


def _grid_lines(files: int, ranks: int, river: bool) -> str:
    """Path data for the lines through the centres of files x ranks cells of 10 units."""
    x0, x1 = 5, files * 10 - 5
    y0, y1 = 5, ranks * 10 - 5
    d = [f'M{x0} {y}H{x1}' for y in range(y0, y1 + 1, 10)]
    mid = ranks * 10 // 2
    for x in range(x0, x1 + 1, 10):
        if river and x not in (x0, x1):
            d.append(f'M{x} {y0}V{mid - 5}M{x} {mid + 5}V{y1}')
        else:
            d.append(f'M{x} {y0}V{y1}')
    return ''.join(d)


def _palaces(files: int, ranks: int) -> str:
    """The diagonals of a 3x3 palace on the middle files, at each side's edge (files odd)."""
    x0 = (files // 2 - 1) * 10 + 5
    x1 = x0 + 20
    top = f'M{x0} 5L{x1} 25M{x1} 5L{x0} 25'
    y = ranks * 10 - 25
    return top + f'M{x0} {y}L{x1} {y + 20}M{x1} {y}L{x0} {y + 20}'


def _marks(points, files: int) -> str:
    """Small corner brackets around intersections (cannon and soldier points)."""
    g, n = 1.2, 2.6
    d = []
    for x, y in points:
        for sx in (-1, 1):
            if (sx < 0 and x == 5) or (sx > 0 and x == files * 10 - 5):
                continue
            for sy in (-1, 1):
                d.append(f'M{_f(x + sx * (g + n))} {_f(y + sy * g)}h{_f(-sx * n)}v{_f(sy * n)}')
    return ''.join(d)


def xiangqi_board(font: Font) -> str:
    pts = [(15, 25), (75, 25), (15, 75), (75, 75)]
    pts += [(x, y) for x in (5, 25, 45, 65, 85) for y in (35, 65)]
    river = ''.join(font.path(ch, x, 50, em=7.2) for ch, x in (('楚', 18), ('河', 28), ('漢', 62), ('界', 72)))
    body = (
        '<rect width="90" height="100" fill="#e9c88e"/>'
        f'<rect x="2.6" y="2.6" width="84.8" height="94.8" fill="none" stroke="{LINE}" stroke-width=".8"/>'
        f'<path fill="none" stroke="{LINE}" stroke-width=".38" stroke-linecap="square" d="'
        f'{_grid_lines(9, 10, True)}{_palaces(9, 10)}"/>'
        f'<path fill="none" stroke="{LINE}" stroke-width=".32" d="{_marks(pts, 9)}"/>'
        f'<path fill="{LINE}" opacity=".8" d="{river}"/>'
    )
    return _svg('0 0 90 100', body, ' preserveAspectRatio="none"')


def janggi_board() -> str:
    body = (
        '<rect width="90" height="100" fill="#efcf94"/>'
        f'<rect x="2.6" y="2.6" width="84.8" height="94.8" fill="none" stroke="{LINE}" stroke-width=".8"/>'
        f'<path fill="none" stroke="{LINE}" stroke-width=".38" stroke-linecap="square" d="'
        f'{_grid_lines(9, 10, False)}{_palaces(9, 10)}"/>'
    )
    return _svg('0 0 90 100', body, ' preserveAspectRatio="none"')


def sittuyin_board() -> str:
    d = ''.join(f'M{i * 10} 0V80M0 {i * 10}H80' for i in range(1, 8))
    body = (
        '<rect width="80" height="80" fill="#e3bb7c"/>'
        f'<path fill="none" stroke="{LINE}" stroke-width=".35" d="{d}"/>'
        f'<path fill="none" stroke="{LINE}" stroke-width=".55" d="M0 0L80 80M80 0L0 80"/>'
        f'<rect x=".4" y=".4" width="79.2" height="79.2" fill="none" stroke="{LINE}" stroke-width=".8"/>'
    )
    return _svg('0 0 80 80', body, ' preserveAspectRatio="none"')


# ---------------------------------------------------------------- main

def _write(rel: str, text: str) -> None:
    path = ASSETS / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding='utf-8')


def main() -> None:
    tc = Font(NOTO_SERIF_BOLD, NOTO_TC)
    kr = Font(NOTO_SERIF_BOLD, NOTO_KR)
    dejavu = Font(DEJAVU_SANS)
    for color in ('white', 'black'):
        for letter in 'kabnrcp':
            _write(f'pieces/xiangqi/traditional/{color}-{letter}.svg', xiangqi_piece(tc, color, letter))
            _write(f'pieces/janggi/traditional/{color}-{letter}.svg', janggi_piece(kr, color, letter))
        for letter in 'kfsnrp':
            _write(f'pieces/sittuyin/western/{color}-{letter}.svg', sittuyin_piece(dejavu, color, letter))
    _write('boards/xiangqi.svg', xiangqi_board(tc))
    _write('boards/janggi.svg', janggi_board())
    _write('boards/sittuyin.svg', sittuyin_board())


if __name__ == '__main__':
    main()

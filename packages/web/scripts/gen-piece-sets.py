#!/usr/bin/python3
"""Write the piece sets that need no font, and the logo, under src/assets/.

- `beginner` (every game): a tile that shows how the piece moves: filled dots
  where it steps, arrows where it slides (dashed with a ring: it captures by
  jumping one piece, the cannon), hollow dots for moves it gains later
  or only on the palace lines, thin arrows with hollow heads for rays along
  the palace's diagonals only (Janggi's chariot and cannon); the piece's own
  character (or figure) in the
  middle. A piece that moves forward differently from backward is drawn for
  the board seen from the first side; `<color>-<letter>-turned.svg` is the
  same piece seen from the other side (art.ts uses it on a flipped board).
- `contrast` (Xiangqi, Janggi): solid discs or octagons in the side's colour,
  the character in white; Janggi's octagons keep their sizes by rank.
- `burmese` (Sittuyin): carved figures of a Burmese set, drawn as shapes: the
  king (min-gyi) under a tiered pagoda crown, the general (sit-ke) under a
  parasol, the elephant (sin), the horse (myin), the chariot (yahhta) with
  its wheel and roof, the soldier (ne) with a spear.

The Hán characters are taken from the `traditional` sets that gen-pieces.py
wrote from Noto Serif CJK (see LICENSE.md), so run that script first when the
characters change. Only the standard library: /usr/bin/python3 scripts/gen-piece-sets.py
"""
from __future__ import annotations

import math
import re
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / 'src' / 'assets'
COLORS = ('white', 'black')


def f(x: float) -> str:
    s = f'{round(x, 1):.1f}'.removesuffix('.0')
    return s.replace('-0.', '-.') if s.startswith('-0.') else s.removeprefix('0') if s.startswith('0.') else s


def svg(body: str) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{body}</svg>\n'


def write(rel: str, text: str) -> None:
    path = ASSETS / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding='utf-8')


def glyph(game: str, color: str, letter: str) -> str:
    """The character's path data in the traditional set (its ink centred on 50,48.5)."""
    text = (ASSETS / f'pieces/{game}/traditional/{color}-{letter}.svg').read_text(encoding='utf-8')
    return re.findall(r'<path fill="#[0-9a-f]{6}" d="([^"]+)"/>', text)[-1]


def placed(d: str, fill: str, cx: float, cy: float, k: float) -> str:
    """A traditional-set character moved from (50,48.5) to (cx,cy) and scaled by k."""
    return f'<path fill="{fill}" transform="translate({f(cx - 50 * k)} {f(cy - 48.5 * k)}) scale({k:.4g})" d="{d}"/>'


def octagon(r: float, cx: float, cy: float) -> str:
    return ' '.join(f'{f(cx + r * math.cos(math.radians(22.5 + 45 * i)))},{f(cy + r * math.sin(math.radians(22.5 + 45 * i)))}' for i in range(8))


# ---------------------------------------------------------------- contrast

XQ_SOLID = {'white': '#b3121a', 'black': '#141414'}


def xiangqi_contrast(color: str, letter: str) -> str:
    body = (
        '<circle cx="50" cy="52" r="46" fill="#000" opacity=".35"/>'
        f'<circle cx="50" cy="48.5" r="45" fill="{XQ_SOLID[color]}" stroke="#fff" stroke-width="3"/>'
        '<circle cx="50" cy="48.5" r="37.5" fill="none" stroke="#fff" stroke-width="2"/>'
        + placed(glyph('xiangqi', color, letter), '#fff', 50, 48.5, 1.06)
    )
    return svg(body)


# Cho (first side, white in FEN) blue-green, Han red; sizes as the traditional set's (gen-pieces.py JANGGI_SIZE).
JG_SOLID = {'white': '#05553f', 'black': '#a80f18'}
JANGGI_SIZE = dict(k=49, r=44, c=44, n=44, b=44, a=37, p=37)


def janggi_contrast(color: str, letter: str) -> str:
    r = JANGGI_SIZE[letter]
    body = (
        f'<polygon points="{octagon(r, 50, 52)}" fill="#000" opacity=".35"/>'
        f'<polygon points="{octagon(r, 50, 48.5)}" fill="{JG_SOLID[color]}" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>'
        + placed(glyph('janggi', color, letter), '#fff', 50, 48.5, 1.08)
    )
    return svg(body)


# ---------------------------------------------------------------- beginner

# How each piece moves, seen from the first side (forward is up): ('step', dx, dy) a square it reaches,
# ('later', dx, dy) one it reaches only later or on the palace lines, ('slide', dx, dy) a ray,
# ('jump', dx, dy) a ray over one piece (the cannon); ('slide-later', ...) and ('jump-later', ...) rays only
# along the palace's diagonals. dy > 0 is forward.
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
KNIGHT = [(a * x, b * y) for x, y in ((1, 2), (2, 1)) for a in (1, -1) for b in (1, -1)]

MOVES = {
    'xiangqi': dict(
        k=[('step', *d) for d in ORTHO],
        a=[('step', *d) for d in DIAG],
        b=[('step', 2 * x, 2 * y) for x, y in DIAG],
        n=[('step', *d) for d in KNIGHT],
        r=[('slide', *d) for d in ORTHO],
        c=[('jump', *d) for d in ORTHO],
        p=[('step', 0, 1), ('later', 1, 0), ('later', -1, 0)],
    ),
    'janggi': dict(
        k=[('step', *d) for d in ORTHO] + [('later', *d) for d in DIAG],
        a=[('step', *d) for d in ORTHO] + [('later', *d) for d in DIAG],
        b=[('step', a * x, b * y) for x, y in ((2, 3), (3, 2)) for a in (1, -1) for b in (1, -1)],
        n=[('step', *d) for d in KNIGHT],
        r=[('slide', *d) for d in ORTHO] + [('slide-later', *d) for d in DIAG],
        c=[('jump', *d) for d in ORTHO] + [('jump-later', *d) for d in DIAG],
        # The site rule: no diagonal steps in the palace (RULES.md).
        p=[('step', 0, 1), ('step', 1, 0), ('step', -1, 0)],
    ),
    'sittuyin': dict(
        k=[('step', *d) for d in ORTHO + DIAG],
        f=[('step', *d) for d in DIAG],
        s=[('step', *d) for d in DIAG] + [('step', 0, 1)],
        n=[('step', *d) for d in KNIGHT],
        r=[('slide', *d) for d in ORTHO],
        p=[('step', 0, 1)],
    ),
}
# Distance from the tile's centre of a point 1, 2 or 3 squares away (squeezed so 3 fits).
REACH = {1: 21, 2: 31, 3: 39}
INK = {
    'xiangqi': {'white': '#b0161c', 'black': '#1c1a18'},
    'janggi': {'white': '#0b6b4f', 'black': '#b3161c'},
    'sittuyin': {'white': '#b3261e', 'black': '#1c1a18'},
}


def _pt(dx: int, dy: int) -> tuple[float, float]:
    sx = math.copysign(REACH[abs(dx)], dx) if dx else 0
    sy = math.copysign(REACH[abs(dy)], dy) if dy else 0
    return 50 + sx, 50 - sy


def _arrow(dx: int, dy: int, ink: str, jump: bool, later: bool = False) -> str:
    # A diagonal is drawn shorter, so that its head stays inside the tile's rounded corner.
    k = 0.8 if dx and dy else 1
    ux, uy = dx * k, -dy * k
    x0, y0, x1, y1 = 50 + ux * 17, 50 + uy * 17, 50 + ux * 36, 50 + uy * 36
    # The head's half-width across the ray (unit normal), the same size on a diagonal.
    n = math.hypot(ux, uy)
    px, py = -uy / n, ux / n
    head = f'{f(50 + ux * 44)},{f(50 + uy * 44)} {f(x1 + px * 6)},{f(y1 + py * 6)} {f(x1 - px * 6)},{f(y1 - py * 6)}'
    dash = ' stroke-dasharray="3 2.4"' if jump else ''
    width = '2' if later else '3.4'
    fill = f'fill="#fff" stroke="{ink}" stroke-width="1.6"' if later else f'fill="{ink}"'
    out = f'<path d="M{f(x0)} {f(y0)}L{f(x1)} {f(y1)}" stroke="{ink}" stroke-width="{width}"{dash}/><polygon points="{head}" {fill}/>'
    if jump:  # the piece it jumps over
        out += f'<circle cx="{f(50 + ux * 27)}" cy="{f(50 + uy * 27)}" r="4" fill="#fff" stroke="{ink}" stroke-width="2"/>'
    return out


def beginner(game: str, color: str, letter: str, centre: str, turned: bool) -> str:
    ink = INK[game][color]
    # Forward is up for the first side's pieces seen from the first side; the other side's go down.
    down = (color == 'black') != turned
    marks = []
    for kind, dx, dy in MOVES[game][letter]:
        if down:
            dy = -dy
        if kind in ('slide', 'jump', 'slide-later', 'jump-later'):
            marks.append(_arrow(dx, dy, ink, kind.startswith('jump'), kind.endswith('-later')))
        else:
            x, y = _pt(dx, dy)
            if kind == 'step':
                marks.append(f'<circle cx="{f(x)}" cy="{f(y)}" r="4.3" fill="{ink}"/>')
            else:
                marks.append(f'<circle cx="{f(x)}" cy="{f(y)}" r="3.6" fill="#fff" stroke="{ink}" stroke-width="1.8"/>')
    body = (
        '<rect x="4" y="6.5" width="92" height="92" rx="14" fill="#000" opacity=".3"/>'
        f'<rect x="4" y="4" width="92" height="92" rx="14" fill="#fbf4e4" stroke="{ink}" stroke-width="3.5"/>'
        + ''.join(marks)
        + f'<circle cx="50" cy="50" r="16" fill="#fbf4e4" stroke="{ink}" stroke-width="1.5"/>'
        + centre
    )
    return svg(body)


def directional(game: str, letter: str) -> bool:
    """Whether a piece's moves differ forward and backward (it needs a turned picture)."""
    moves = MOVES[game][letter]
    return {(dx, dy) for _, dx, dy in moves} != {(dx, -dy) for _, dx, dy in moves}


# ---------------------------------------------------------------- burmese

BURMESE_INK = {'white': ('#b3261e', '#5a0d09'), 'black': ('#28231f', '#000')}
LIGHT = '#f3e2bf'

# Each figure in a 100-unit box standing on a plinth at y 80-90: its silhouette (filled with the side's
# colour) and light detail lines. Drawn for this club; proportions follow carved Burmese sets, where the
# king and general are tall robed figures, the soldiers small.
PLINTH = '<ellipse cx="50" cy="86" rx="{rx}" ry="7" fill="{edge}"/><ellipse cx="50" cy="83" rx="{rx}" ry="7" fill="{fill}" stroke="{edge}" stroke-width="1.5"/>'

BURMESE = dict(
    # King: robed figure under a three-tier pagoda (pyatthat) crown with a spire.
    k=dict(
        rx=30,
        shape='M31 82C33 68 38 58 42 50H58C62 58 67 68 69 82Z'
        'M50 34A9 9 0 1 1 50 52A9 9 0 1 1 50 34Z'
        'M36 36L50 27L64 36Z M39 28L50 20L61 28Z M42 21L50 13L58 21Z M48.6 14V4H51.4V14Z',
        detail='M42 62H58M39 72H61M50 52V82',
    ),
    # General: robed figure under a parasol (hti) on a staff.
    f=dict(
        rx=28,
        shape='M33 82C35 69 39 60 43 53H57C61 60 65 69 67 82Z'
        'M50 37A8.5 8.5 0 1 1 50 54A8.5 8.5 0 1 1 50 37Z'
        'M22 30C26 16 40 10 50 10C60 10 74 16 78 30Z M48.8 8V3H51.2V8Z M71 30H74V80H71Z',
        detail='M43 64H57M40 73H60M28 29C34 22 42 19 50 19',
    ),
    # Elephant: side view, trunk down, a saddle-cloth and a howdah.
    s=dict(
        rx=34,
        shape='M20 56C20 42 32 36 46 36H62C72 36 80 42 82 52C84 60 82 70 80 80H72L70 66H36L34 80H26L24 64C21 62 20 60 20 56Z'
        'M20 56C14 58 12 66 14 76L18 76C17 70 18 64 22 62Z'
        'M40 36V26H64V36Z M38 26L52 18L66 26Z',
        detail='M30 48C30 54 34 58 38 58M46 40H64V56H46ZM25 49A2 2 0 1 0 25.1 49',
    ),
    # Horse: standing side view, head up, mane and tail.
    n=dict(
        rx=32,
        shape='M26 48C28 42 34 40 42 41H62L66 30C66 22 70 16 74 14L78 8L80 15C86 20 88 28 86 34L80 34L76 44C76 52 74 58 70 60L72 80H65L62 62H40L38 80H31L30 60C26 58 22 58 19 66L16 64C18 56 22 50 26 48Z',
        detail='M69 20C66 28 65 36 62 42M76 22A1.6 1.6 0 1 0 76.1 22',
    ),
    # Chariot: a two-wheeled car with a tiered roof on posts.
    r=dict(
        rx=34,
        shape='M20 58H80V64H20Z M24 34H76L70 28H30Z M32 26L50 14L68 26Z M26 34H31V58H26Z M69 34H74V58H69Z'
        'M50 50A17 17 0 1 1 50 84A17 17 0 1 1 50 50Z',
        detail='M50 55V79M38 67H62M41.5 58.5L58.5 75.5M58.5 58.5L41.5 75.5M50 64A3 3 0 1 0 50.1 64',
    ),
    # Soldier: a small figure with a spear.
    p=dict(
        rx=24,
        shape='M37 82C38 72 41 64 44 58H56C59 64 62 72 63 82Z'
        'M50 42A8 8 0 1 1 50 58A8 8 0 1 1 50 42Z M43 44C44 38 47 35 50 35C53 35 56 38 57 44Z'
        'M66 16L69 26H67.5V82H64.5V26H63Z',
        detail='M42 70H58',
    ),
)


def burmese_figure(color: str, letter: str, k: float = 1, cx: float = 50, cy: float = 50) -> str:
    """The figure's group, scaled by k about the box's centre and moved to (cx, cy)."""
    fill, edge = BURMESE_INK[color]
    p = BURMESE[letter]
    inner = (
        PLINTH.format(rx=p['rx'], fill=fill, edge=edge)
        + f'<path fill="{fill}" stroke="{edge}" stroke-width="2" stroke-linejoin="round" d="{p["shape"]}"/>'
        + f'<path fill="none" stroke="{LIGHT}" stroke-width="1.8" stroke-linecap="round" d="{p["detail"]}"/>'
    )
    if k == 1:
        return inner
    return f'<g transform="translate({f(cx - 50 * k)} {f(cy - 50 * k)}) scale({k})">{inner}</g>'


def burmese(color: str, letter: str) -> str:
    return svg(burmese_figure(color, letter))


# ---------------------------------------------------------------- logo

def logo() -> str:
    body = (
        '<circle cx="50" cy="50" r="47" fill="#b0161c"/>'
        '<circle cx="50" cy="50" r="39" fill="none" stroke="#fbecc8" stroke-width="3"/>'
        + placed(glyph('xiangqi', 'white', 'k'), '#fbecc8', 50, 50, 1.05)
    )
    return svg(body)


# ---------------------------------------------------------------- main

def main() -> None:
    for color in COLORS:
        for letter in 'kabnrcp':
            write(f'pieces/xiangqi/contrast/{color}-{letter}.svg', xiangqi_contrast(color, letter))
            write(f'pieces/janggi/contrast/{color}-{letter}.svg', janggi_contrast(color, letter))
            for game, k in (('xiangqi', 0.5), ('janggi', None)):
                # Janggi's characters are drawn at em = 1.12 x the octagon's radius; bring each to one size.
                scale = k if k else 0.5 * 54 / (JANGGI_SIZE[letter] * 1.12)
                centre = placed(glyph(game, color, letter), INK[game][color], 50, 50, scale)
                write(f'pieces/{game}/beginner/{color}-{letter}.svg', beginner(game, color, letter, centre, False))
                if directional(game, letter):
                    write(f'pieces/{game}/beginner/{color}-{letter}-turned.svg', beginner(game, color, letter, centre, True))
        for letter in 'kfsnrp':
            write(f'pieces/sittuyin/burmese/{color}-{letter}.svg', burmese(color, letter))
            centre = burmese_figure(color, letter, 0.36)
            write(f'pieces/sittuyin/beginner/{color}-{letter}.svg', beginner('sittuyin', color, letter, centre, False))
            if directional('sittuyin', letter):
                write(f'pieces/sittuyin/beginner/{color}-{letter}-turned.svg', beginner('sittuyin', color, letter, centre, True))
    write('logo.svg', logo())


if __name__ == '__main__':
    main()

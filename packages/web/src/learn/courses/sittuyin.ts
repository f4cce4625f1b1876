/** The Sittuyin course: one lesson per piece, then placement, promotion, check and mate (RULES.md, the rules page). */
import { setupFen, type Course } from '../lessons.ts';

const f = (pieces: string) => setupFen('sittuyin', pieces);
const stars = (n: number) => ({ vi: `Lấy hết các ngôi sao trong ${n} nước.`, en: `Collect every star in ${n} move${n > 1 ? 's' : ''}.` });
const all = (n: number) => ({ vi: `Ăn hết quân Đen trong ${n} nước.`, en: `Capture all of Black's pieces in ${n} move${n > 1 ? 's' : ''}.` });
/** Both sides placed but for their rooks: the pawns of the start, kings, generals, elephants and horses on their first three ranks. */
const PLACED = 'Pa3 Pb3 Pc3 Pd3 Pe4 Pf4 Pg4 Ph4 Kd2 Fe2 Sc2 Sf2 Nb2 Ng2 pa5 pb5 pc5 pd5 pe6 pf6 pg6 ph6 kd7 fe7 sc7 sf7 nb7 ng7';

export const course: Course = {
  variant: 'sittuyin',
  lessons: [
    {
      id: 'rook',
      role: 'r',
      intro: { vi: 'Xe đi thẳng theo hàng dọc hoặc hàng ngang, bao xa cũng được.', en: 'The rook moves any distance along a file or a rank.' },
      exercises: [
        { fen: f('Kh1 ka8 Rb2'), goal: { kind: 'stars', squares: ['b6', 'g6'] }, maxMoves: 2, opponent: 'still', prompt: stars(2) },
        { fen: f('Kh1 ka8 Rb2 nb6 sg6'), goal: { kind: 'capture' }, maxMoves: 2, opponent: 'still', prompt: all(2) },
      ],
    },
    {
      id: 'horse',
      role: 'n',
      intro: {
        vi: 'Mã nhảy như Mã cờ vua: hai ô thẳng rồi một ô ngang, không bị cản.',
        en: 'The horse jumps like the chess knight: two squares straight then one aside, never blocked.',
      },
      exercises: [
        { fen: f('Kh1 ka8 Nb1'), goal: { kind: 'stars', squares: ['c3', 'd5'] }, maxMoves: 2, opponent: 'still', prompt: stars(2) },
        { fen: f('Kh1 ka8 Nb1 pc3 fd5'), goal: { kind: 'capture' }, maxMoves: 2, opponent: 'still', prompt: all(2) },
      ],
    },
    {
      id: 'elephant',
      role: 's',
      intro: { vi: 'Tượng đi một ô chéo, hoặc một ô thẳng về phía trước.', en: 'The elephant moves one square diagonally, or one square straight forward.' },
      exercises: [
        { fen: f('Kh1 ka8 Sd2'), goal: { kind: 'stars', squares: ['e3', 'e4'] }, maxMoves: 2, opponent: 'still', prompt: stars(2) },
        { fen: f('Kh1 ka8 Sd2 pe3 ne4'), goal: { kind: 'capture' }, maxMoves: 2, opponent: 'still', prompt: all(2) },
      ],
    },
    {
      id: 'general',
      role: 'f',
      intro: { vi: 'Tướng (Sit-ke) đi một ô chéo.', en: 'The general moves one square diagonally.' },
      exercises: [
        { fen: f('Kh1 ka8 Fd2'), goal: { kind: 'stars', squares: ['e3', 'f4'] }, maxMoves: 2, opponent: 'still', prompt: stars(2) },
        { fen: f('Kh1 ka8 Fd2 ne3 rf4'), goal: { kind: 'capture' }, maxMoves: 2, opponent: 'still', prompt: all(2) },
      ],
    },
    {
      id: 'king',
      role: 'k',
      intro: { vi: 'Vua đi một ô theo mọi hướng.', en: 'The king moves one square in any direction.' },
      exercises: [
        { fen: f('Ke1 ka8'), goal: { kind: 'stars', squares: ['e2', 'f3'] }, maxMoves: 2, opponent: 'still', prompt: stars(2) },
        { fen: f('Ke1 ka8 ne2 rf3'), goal: { kind: 'capture' }, maxMoves: 2, opponent: 'still', prompt: all(2) },
      ],
    },
    {
      id: 'pawn',
      role: 'p',
      intro: {
        vi: 'Tốt đi thẳng một ô về phía trước và ăn chéo một ô phía trước.',
        en: 'The pawn moves one square forward and captures one square diagonally forward.',
      },
      exercises: [
        { fen: f('Kh1 ka8 Pb4'), goal: { kind: 'stars', squares: ['b6'] }, maxMoves: 2, opponent: 'still', prompt: stars(2) },
        { fen: f('Kh1 ka8 Pc4 nd5 se6'), goal: { kind: 'capture' }, maxMoves: 2, opponent: 'still', prompt: all(2) },
      ],
    },
    {
      id: 'placement',
      title: { vi: 'Bày quân', en: 'Placing the pieces' },
      intro: {
        vi: 'Ván cờ bắt đầu chỉ với các Tốt. Hai bên lần lượt đặt từng quân lên ô trống trong ba hàng đầu của mình, Đỏ trước; Xe chỉ được đặt ở hàng cuối.',
        en: 'The game starts with only the pawns. The sides take turns placing one piece each on an empty square of their first three ranks, Red first; rooks only on the back rank.',
      },
      exercises: [
        {
          fen: setupFen('sittuyin', PLACED, 'w', 'RRrr'),
          goal: { kind: 'place', squares: ['a1', 'h1'] },
          maxMoves: 2,
          opponent: 'reply',
          prompt: { vi: 'Đặt hai Xe lên các ngôi sao (kéo quân từ khay).', en: 'Place your two rooks on the stars (drag them from the tray).' },
        },
      ],
    },
    {
      id: 'promotion',
      title: { vi: 'Phong cấp', en: 'Promotion' },
      intro: {
        vi: 'Khi không còn Tướng trên bàn, một Tốt đứng trên đường chéo lớn ở nửa bàn đối phương có thể hoá Tướng, tại chỗ hoặc bước chéo một ô sang ô trống; không được ăn quân, và Tướng mới không được đe dọa quân đối phương.',
        en: "With no general on the board, a pawn on a long diagonal in the opponent's half may become a general, in place or by stepping one square diagonally onto an empty square; it may not capture, and the new general may not attack an enemy piece.",
      },
      exercises: [
        {
          fen: f('Ke1 kh8 Pd5 Pa4'),
          goal: { kind: 'promote', square: 'c6' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Phong Tốt d5 thành Tướng bằng cách bước chéo lên ngôi sao.', en: 'Promote the d5 pawn by stepping diagonally onto the star.' },
        },
      ],
    },
    {
      id: 'check-mate',
      title: { vi: 'Chiếu và chiếu hết', en: 'Check and checkmate' },
      intro: {
        vi: 'Chiếu là đe dọa ăn Vua. Bên bị chiếu phải thoát; không thoát được là thua.',
        en: 'A check threatens the king. The side in check must escape it; if it cannot, it loses.',
      },
      exercises: [
        {
          fen: f('Kh1 ke8 Ra1'),
          goal: { kind: 'check' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Chiếu Vua Đen bằng Xe.', en: "Check Black's king with the rook." },
        },
        {
          fen: f('Ke1 ka8 Rc7 Rh1'),
          goal: { kind: 'mate' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Chiếu hết trong 1 nước.', en: 'Checkmate in 1 move.' },
        },
      ],
    },
  ],
};

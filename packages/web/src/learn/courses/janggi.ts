/** The Janggi course: one lesson per piece, then the pass, the palace diagonals, check and mate (RULES.md, the rules page). */
import { setupFen, type Course } from '../lessons.ts';

const f = (pieces: string) => setupFen('janggi', pieces);
const stars = { vi: 'Lấy hết các ngôi sao', en: 'Collect every star' };
const all = { vi: 'Ăn hết quân Hàn', en: "Capture all of Han's pieces" };
const within = (n: number) => ({ vi: ` trong ${n} nước.`, en: ` in ${n} move${n > 1 ? 's' : ''}.` });
const say = (a: { vi: string; en: string }, n: number) => ({ vi: a.vi + within(n).vi, en: a.en + within(n).en });

export const course: Course = {
  variant: 'janggi',
  lessons: [
    {
      id: 'chariot',
      role: 'r',
      intro: {
        vi: 'Xe đi thẳng bao xa cũng được; trong cung còn đi được theo các đường chéo của cung.',
        en: 'The chariot moves any distance straight; inside a palace it may also follow the palace diagonals.',
      },
      exercises: [
        { fen: f('Ke2 ke9 Ra1'), goal: { kind: 'stars', squares: ['a5', 'h5'] }, maxMoves: 2, opponent: 'still', prompt: say(stars, 2) },
        { fen: f('Ke2 ke9 Ra1 na7 cg7'), goal: { kind: 'capture' }, maxMoves: 2, opponent: 'still', prompt: say(all, 2) },
      ],
    },
    {
      id: 'horse',
      role: 'n',
      intro: {
        vi: 'Mã đi một bước thẳng rồi một bước chéo ra ngoài, bị cản nếu có quân ở bước đầu.',
        en: 'The horse moves one point straight then one diagonally outward, blocked by a piece on the first point.',
      },
      exercises: [
        { fen: f('Ke2 ke9 Nb1'), goal: { kind: 'stars', squares: ['c3', 'd5'] }, maxMoves: 2, opponent: 'still', prompt: say(stars, 2) },
        { fen: f('Ke2 ke9 Nb1 rc3 bd5'), goal: { kind: 'capture' }, maxMoves: 2, opponent: 'still', prompt: say(all, 2) },
      ],
    },
    {
      id: 'elephant',
      role: 'b',
      intro: {
        vi: 'Tượng đi một bước thẳng rồi hai bước chéo ra ngoài; cả hai ô đi qua phải trống. Không có sông: Tượng đi khắp bàn.',
        en: 'The elephant moves one point straight then two diagonally outward; both points passed must be empty. There is no river: it goes anywhere.',
      },
      exercises: [
        { fen: f('Ke2 ke9 Bc1'), goal: { kind: 'stars', squares: ['e4', 'g7'] }, maxMoves: 2, opponent: 'still', prompt: say(stars, 2) },
        { fen: f('Ke2 ke9 Bc1 pe4 ng7'), goal: { kind: 'capture' }, maxMoves: 2, opponent: 'still', prompt: say(all, 2) },
      ],
    },
    {
      id: 'cannon',
      role: 'c',
      intro: {
        vi: 'Luật của câu lạc bộ: Pháo đi như Xe khi không ăn quân. Muốn ăn, Pháo phải nhảy qua đúng một quân không phải Pháo, và không được ăn Pháo.',
        en: 'The club rule: the cannon moves like the chariot when not capturing. To capture it jumps exactly one piece that is not a cannon, and it never captures a cannon.',
      },
      exercises: [
        { fen: f('Ke2 ke9 Cb3'), goal: { kind: 'stars', squares: ['b8', 'h8'] }, maxMoves: 2, opponent: 'still', prompt: say(stars, 2) },
        {
          fen: f('Ke2 ke9 Cb3 Pb5 nb9'),
          goal: { kind: 'capture' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Ăn Mã Hàn, nhảy qua Tốt của mình.', en: "Capture Han's horse, jumping your own soldier." },
        },
      ],
    },
    {
      id: 'guard',
      role: 'a',
      intro: {
        vi: 'Sĩ đi một ô trong cung, thẳng hoặc theo đường chéo của cung.',
        en: 'The guard moves one point inside the palace, straight or along the palace diagonals.',
      },
      exercises: [
        { fen: f('Ke2 ke9 Ad1'), goal: { kind: 'stars', squares: ['e1', 'f1'] }, maxMoves: 2, opponent: 'still', prompt: say(stars, 2) },
        { fen: f('Ke2 ke9 Ad1 nd2 cd3'), goal: { kind: 'capture' }, maxMoves: 2, opponent: 'still', prompt: say(all, 2) },
      ],
    },
    {
      id: 'general',
      role: 'k',
      intro: {
        vi: 'Tướng đi như Sĩ: một ô trong cung, thẳng hoặc theo đường chéo của cung.',
        en: 'The general moves like the guard: one point inside the palace, straight or along the palace diagonals.',
      },
      exercises: [
        { fen: f('Ke2 ke9'), goal: { kind: 'stars', squares: ['d1', 'f1'] }, maxMoves: 3, opponent: 'still', prompt: say(stars, 3) },
        {
          fen: f('Ke2 ke9 nd3'),
          goal: { kind: 'capture' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Tướng ăn Mã Hàn theo đường chéo.', en: "Capture Han's horse with the general, along the diagonal." },
        },
      ],
    },
    {
      id: 'soldier',
      role: 'p',
      intro: {
        vi: 'Tốt đi một ô về phía trước hoặc sang ngang, không bao giờ lùi.',
        en: 'The soldier moves one point forward or sideways, never back.',
      },
      exercises: [
        { fen: f('Ke2 ke9 Pe4'), goal: { kind: 'stars', squares: ['e6', 'f6'] }, maxMoves: 3, opponent: 'still', prompt: say(stars, 3) },
        { fen: f('Ke2 ke9 Pc4 nc5 cd5'), goal: { kind: 'capture' }, maxMoves: 2, opponent: 'still', prompt: say(all, 2) },
      ],
    },
    {
      id: 'pass',
      title: { vi: 'Bỏ lượt', en: 'The pass' },
      intro: {
        vi: 'Trong cờ Janggi, bên không bị chiếu có thể bỏ lượt thay vì đi. Bên đang bị chiếu thì không được bỏ lượt.',
        en: 'In Janggi a side that is not in check may pass instead of moving. A side in check may not pass.',
      },
      exercises: [
        {
          fen: f('Ke2 ke9 Ra1'),
          goal: { kind: 'pass' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Bỏ lượt (nút "Bỏ lượt" bên cạnh bàn cờ).', en: 'Pass (the "Pass" button beside the board).' },
        },
      ],
    },
    {
      id: 'palace',
      title: { vi: 'Đường chéo trong cung', en: 'The palace diagonals' },
      intro: {
        vi: 'Trong cung, Xe, Pháo, Tướng, Sĩ đi được theo đường chéo: từ góc vào tâm, hoặc góc sang góc đối diện qua tâm trống.',
        en: 'Inside a palace the chariot, cannon, general and guards may follow the diagonals: corner to centre, or corner to the opposite corner through an empty centre.',
      },
      exercises: [
        {
          fen: f('Ke1 ke9 Rd1'),
          goal: { kind: 'stars', squares: ['f3'] },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Đi Xe tới ngôi sao trong 1 nước: theo đường chéo.', en: 'Reach the star with the chariot in 1 move: along the diagonal.' },
        },
        {
          fen: f('Ke1 ke10 Rd8 af10'),
          goal: { kind: 'capture' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Ăn Sĩ Hàn trong 1 nước, theo đường chéo cung.', en: "Capture Han's guard in 1 move, along the palace diagonal." },
        },
      ],
    },
    {
      id: 'check-mate',
      title: { vi: 'Chiếu và chiếu hết', en: 'Check and checkmate' },
      intro: {
        vi: 'Chiếu là đe dọa ăn Tướng. Bên bị chiếu phải thoát (không được nhường nước); không thoát được là thua.',
        en: 'A check threatens the general. The side in check must escape (it may not pass); if it cannot, it loses.',
      },
      exercises: [
        {
          fen: f('Ke2 ke9 Ra1'),
          goal: { kind: 'check' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Chiếu Tướng Hàn bằng Xe.', en: "Check Han's general with the chariot." },
        },
        {
          fen: f('Ke2 kd10 Ra9 Rb1'),
          goal: { kind: 'mate' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Chiếu hết trong 1 nước.', en: 'Checkmate in 1 move.' },
        },
      ],
    },
  ],
};

/** The Xiangqi course: one lesson per piece, then check, mate and the house rules (RULES.md, the rules page). */
import { setupFen, type Course } from '../lessons.ts';

const f = (pieces: string) => setupFen('xiangqi', pieces);

export const course: Course = {
  variant: 'xiangqi',
  lessons: [
    {
      id: 'chariot',
      role: 'r',
      intro: {
        vi: 'Xe đi thẳng theo hàng dọc hoặc hàng ngang, bao xa cũng được, miễn không có quân chắn đường.',
        en: 'The chariot moves any distance along a file or a rank, as long as nothing stands in its way.',
      },
      exercises: [
        {
          fen: f('Ke1 kf10 Ra1'),
          goal: { kind: 'stars', squares: ['a6', 'h6'] },
          maxMoves: 2,
          opponent: 'still',
          prompt: { vi: 'Đi Xe lấy hết các ngôi sao trong 2 nước.', en: 'Collect every star with the chariot in 2 moves.' },
        },
        {
          fen: f('Ke1 kf10 Ra1 na7 cd7'),
          goal: { kind: 'capture' },
          maxMoves: 2,
          opponent: 'still',
          prompt: { vi: 'Ăn hết quân đen trong 2 nước.', en: "Capture all of Black's pieces in 2 moves." },
        },
      ],
    },
    {
      id: 'horse',
      role: 'n',
      intro: {
        vi: 'Mã đi một bước thẳng rồi một bước chéo ra ngoài (chữ "nhật"). Nếu có quân đứng ngay cạnh theo hướng đi, Mã bị cản (cản chân Mã).',
        en: 'The horse moves one point straight, then one diagonally outward. A piece on the first point blocks it (hobbling the horse).',
      },
      exercises: [
        {
          fen: f('Ke1 kf10 Nb1'),
          goal: { kind: 'stars', squares: ['c3', 'd5'] },
          maxMoves: 2,
          opponent: 'still',
          prompt: { vi: 'Đi Mã lấy hết các ngôi sao trong 2 nước.', en: 'Collect every star with the horse in 2 moves.' },
        },
        {
          fen: f('Ke1 kf10 Nb1 rc3 cd5'),
          goal: { kind: 'capture' },
          maxMoves: 2,
          opponent: 'still',
          prompt: { vi: 'Ăn hết quân đen trong 2 nước.', en: "Capture all of Black's pieces in 2 moves." },
        },
      ],
    },
    {
      id: 'cannon',
      role: 'c',
      intro: {
        vi: 'Pháo đi như Xe khi không ăn quân. Muốn ăn, Pháo phải nhảy qua đúng một quân (ngòi), của bên nào cũng được.',
        en: 'The cannon moves like the chariot when not capturing. To capture it must jump exactly one piece (the screen), of either side.',
      },
      exercises: [
        {
          fen: f('Ke1 kf10 Cb3'),
          goal: { kind: 'stars', squares: ['b7', 'g7'] },
          maxMoves: 2,
          opponent: 'still',
          prompt: { vi: 'Đi Pháo lấy hết các ngôi sao trong 2 nước.', en: 'Collect every star with the cannon in 2 moves.' },
        },
        {
          fen: f('Ke1 kf10 Cc3 Pc5 nc9'),
          goal: { kind: 'capture' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Ăn Mã đen: dùng Tốt của mình làm ngòi.', en: "Capture Black's horse, jumping your own soldier." },
        },
      ],
    },
    {
      id: 'elephant',
      role: 'b',
      intro: {
        vi: 'Tượng đi chéo đúng hai ô (chữ "điền"), không qua sông, và bị cản nếu có quân ở ô giữa.',
        en: 'The elephant moves exactly two points diagonally, never across the river, and is blocked by a piece on the point between.',
      },
      exercises: [
        {
          fen: f('Ke1 kf10 Bc1'),
          goal: { kind: 'stars', squares: ['e3', 'g5'] },
          maxMoves: 2,
          opponent: 'still',
          prompt: { vi: 'Đi Tượng lấy hết các ngôi sao trong 2 nước.', en: 'Collect every star with the elephant in 2 moves.' },
        },
        {
          fen: f('Ke1 kf10 Bc1 pe3 nc5'),
          goal: { kind: 'capture' },
          maxMoves: 2,
          opponent: 'still',
          prompt: { vi: 'Ăn hết quân đen trong 2 nước.', en: "Capture all of Black's pieces in 2 moves." },
        },
      ],
    },
    {
      id: 'advisor',
      role: 'a',
      intro: {
        vi: 'Sĩ đi chéo một ô và không bao giờ ra khỏi cung.',
        en: 'The advisor moves one point diagonally and never leaves the palace.',
      },
      exercises: [
        {
          fen: f('Ke1 kf10 Ad1'),
          goal: { kind: 'stars', squares: ['e2', 'f3'] },
          maxMoves: 2,
          opponent: 'still',
          prompt: { vi: 'Đi Sĩ lấy hết các ngôi sao trong 2 nước.', en: 'Collect every star with the advisor in 2 moves.' },
        },
        {
          fen: f('Ke1 kf10 Ad3 ce2 nf1'),
          goal: { kind: 'capture' },
          maxMoves: 2,
          opponent: 'still',
          prompt: { vi: 'Ăn hết quân đen trong 2 nước.', en: "Capture all of Black's pieces in 2 moves." },
        },
      ],
    },
    {
      id: 'general',
      role: 'k',
      intro: {
        vi: 'Tướng đi thẳng một ô trong cung. Hai Tướng không được đối mặt trên cùng một cột trống.',
        en: 'The general moves one point straight inside the palace. The two generals may never face each other on an open file.',
      },
      exercises: [
        {
          fen: f('Ke1 kf10'),
          goal: { kind: 'stars', squares: ['e3', 'd3'] },
          maxMoves: 3,
          opponent: 'still',
          prompt: { vi: 'Đi Tướng lấy hết các ngôi sao trong 3 nước.', en: 'Collect every star with the general in 3 moves.' },
        },
        {
          fen: f('Ke1 kf10 ne2'),
          goal: { kind: 'capture' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Tướng ăn Mã đen.', en: "Capture Black's horse with the general." },
        },
      ],
    },
    {
      id: 'soldier',
      role: 'p',
      intro: {
        vi: 'Tốt đi thẳng một ô về phía trước; qua sông rồi thì được đi ngang. Tốt không bao giờ lùi.',
        en: 'The soldier moves one point forward; once across the river it may also step sideways. It never moves back.',
      },
      exercises: [
        {
          fen: f('Ke1 kf10 Pe4'),
          goal: { kind: 'stars', squares: ['e6', 'f6'] },
          maxMoves: 3,
          opponent: 'still',
          prompt: { vi: 'Đi Tốt lấy hết các ngôi sao trong 3 nước.', en: 'Collect every star with the soldier in 3 moves.' },
        },
        {
          fen: f('Ke1 kf10 Pc5 nc6 cb6'),
          goal: { kind: 'capture' },
          maxMoves: 2,
          opponent: 'still',
          prompt: { vi: 'Ăn hết quân đen trong 2 nước.', en: "Capture all of Black's pieces in 2 moves." },
        },
      ],
    },
    {
      id: 'check-mate',
      title: { vi: 'Chiếu và chiếu hết', en: 'Check and checkmate' },
      intro: {
        vi: 'Chiếu là đe dọa ăn Tướng. Bên bị chiếu phải thoát; không thoát được là bị chiếu hết và thua.',
        en: 'A check threatens the general. The side in check must escape it; if it cannot, it is checkmated and loses.',
      },
      exercises: [
        {
          fen: f('Kd1 ke10 ae9 Ch5'),
          goal: { kind: 'check' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Chiếu Tướng đen bằng Pháo.', en: "Check Black's general with the cannon." },
        },
        {
          fen: f('Kd1 ke10 Ra9 Rb1'),
          goal: { kind: 'mate' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Chiếu hết trong 1 nước.', en: 'Checkmate in 1 move.' },
        },
      ],
    },
    {
      id: 'flying-general',
      title: { vi: 'Lộ mặt Tướng', en: 'The flying general' },
      intro: {
        vi: 'Hai Tướng không được nhìn nhau trên một cột trống: Tướng của bạn khống chế cả cột của nó, và giúp chiếu hết.',
        en: 'The two generals may not face each other on an open file: your general controls its whole file and can help to mate.',
      },
      exercises: [
        {
          fen: f('Ke1 kd10 Ra2'),
          goal: { kind: 'mate' },
          maxMoves: 1,
          opponent: 'still',
          prompt: { vi: 'Chiếu hết trong 1 nước, nhờ Tướng của bạn giữ cột e.', en: 'Checkmate in 1 move: your general holds the e-file.' },
        },
      ],
    },
    {
      id: 'perpetual',
      title: { vi: 'Luật cấm chiếu dai, đuổi dai', en: 'No perpetual check or chase' },
      intro: {
        vi: 'Chiếu mãi hoặc đuổi mãi một quân không được bảo vệ là phạm luật: một chuỗi chỉ được tối đa 6 nước nếu do 1 quân, 12 nước nếu 2 quân, 18 nước nếu 3 quân trở lên. Trên bàn cờ, mỗi bên luôn thấy chuỗi hiện tại của mình và của đối phương cùng giới hạn, và được cảnh báo trước khi đi một nước sẽ phạm luật.',
        en: "Checking forever, or chasing an unprotected piece forever, is forbidden: a run may hold at most 6 moves made by 1 piece, 12 by 2 pieces, 18 by 3 or more. On the board each side always sees its own and the opponent's current run with its limit, and is warned before a move that would break the rule.",
      },
      exercises: [
        {
          fen: f('Kd1 ke10 Ra1'),
          goal: { kind: 'check' },
          maxMoves: 1,
          opponent: 'still',
          prompt: {
            vi: 'Chiếu một nước bằng Xe: trong ván thật, chuỗi chiếu của một quân dừng ở 6 nước.',
            en: 'Give one check with the chariot: in a real game, one piece may check 6 times in a row at most.',
          },
        },
        {
          // The chariot has checked 6 times in a row (the limit for one piece): a seventh loses; a check by
          // another piece makes it a run of 2 pieces, whose limit is 12. The club's referee judges it.
          fen: f('Kd1 Ra1 Ch3 Pe5 ke10'),
          before: ['a1a10', 'e10e9', 'a10a9', 'e9e10', 'a9a10', 'e10e9', 'a10a9', 'e9e10', 'a9a10', 'e10e9', 'a10a9', 'e9e10'],
          goal: { kind: 'check' },
          maxMoves: 1,
          opponent: 'still',
          prompt: {
            vi: 'Xe vừa chiếu 6 nước liên tiếp, đúng giới hạn của một quân. Hãy chiếu thêm một nước mà không phạm luật.',
            en: 'Your chariot has just checked 6 times in a row, the limit for one piece. Check once more without breaking the rule.',
          },
        },
      ],
    },
  ],
};

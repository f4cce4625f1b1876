/**
 * Rules page: Janggi (Cờ tướng Triều Tiên), as the server enforces it
 * (shared/RULES.md), site rules included. Checked against the rules library
 * by rules-pages.test.ts.
 */
import type { RulesDoc } from './types.ts';

export const vi: RulesDoc = {
  title: 'Luật Janggi (Cờ tướng Triều Tiên)',
  intro:
    'Janggi (장기) là cờ tướng của bán đảo Triều Tiên. Nó cùng gốc với cờ tướng nhưng không có sông, và các quân được đi theo đường chéo trong cung. Trang này trình bày luật đúng như máy chủ của câu lạc bộ cờ Youzai áp dụng, kể cả các luật riêng của trang. Luật giải đấu và luật của các trang khác có thể khác; ở đây, luật trên trang này là căn cứ.',
  sections: [
    {
      id: 'board',
      heading: 'Bàn cờ và cách bày quân',
      paragraphs: [
        'Bàn cờ gồm 9×10 giao điểm và không có sông. Mỗi bên có một cung 3×3 ở các cột d–f của hàng 1–3 và hàng 8–10; trong cung có hai đường chéo nối bốn góc qua tâm. Trang này gọi tên các điểm theo tọa độ: cột từ a đến i, từ trái sang phải nhìn từ phía Cho, và hàng từ 1 đến 10 tính từ hàng cuối của Cho. Bàn cờ thì mặc định ghi số theo kiểu Hàn Quốc (xem phần Ghi nước đi).',
        'Cho (초, quân xanh lục) ngồi phía dưới và đi trước; Han (한, quân đỏ) ngồi phía trên. Câu lạc bộ dùng một thế bày quân tiêu chuẩn cố định, không có bước chọn cách bày quân; Tướng đứng ở tâm cung.',
        'Mỗi bên có 16 quân: 1 Tướng, 2 Sĩ, 2 Tượng, 2 Mã, 2 Xe, 2 Pháo và 5 Tốt. Thế bày quân ban đầu:',
      ],
      list: [
        'Tướng: e2 (Han: e9), ở tâm cung.',
        'Sĩ: d1 và f1 (Han: d10 và f10).',
        'Tượng: c1 và g1 (Han: c10 và g10).',
        'Mã: b1 và h1 (Han: b10 và h10).',
        'Xe: a1 và i1 (Han: a10 và i10).',
        'Pháo: b3 và h3 (Han: b8 và h8).',
        'Tốt: a4, c4, e4, g4 và i4 (Han: a7, c7, e7, g7 và i7).',
      ],
    },
    {
      id: 'notation',
      heading: 'Ghi nước đi',
      paragraphs: [
        'Danh sách nước đi mặc định ghi Janggi theo ký hiệu Hàn Quốc, như Hiệp hội Janggi Hàn Quốc quy định. Mỗi điểm là hai chữ số, số hàng trước rồi số cột, đều nhìn từ phía Cho: các hàng đánh số 1 đến 9 từ trên xuống (hàng cuối của Han là 1), hàng dưới cùng, hàng cuối của Cho, là 0; các cột đánh số 1 đến 9 từ trái sang phải. Tâm cung của Cho (e2) là 95, của Han (e9) là 25. Các số gắn với điểm trên bàn: khi lật bàn cờ, các số lật theo.',
        'Một nước đi ghi điểm xuất phát, tên quân bằng tiếng Hàn rồi điểm đến: 08마87 là Mã đi từ 08 đến 87 (từ h1 đến g3). Tên quân: 차 Xe, 포 Pháo, 마 Mã, 상 Tượng, 사 Sĩ, 장 Tướng, 졸 Tốt của Cho và 병 Tốt của Han. Như trong biên bản Hàn Quốc, nước chiếu và nước ăn quân không có dấu riêng. Nước bỏ lượt trong ký hiệu này là 한수쉼 (danh sách nước đi ghi là bỏ lượt).',
        'Có thể chọn ký hiệu tọa độ (ví dụ Hg3, Cxe7+, pass), theo các tọa độ a–i và 1–10 của trang này, trong phần Cài đặt hoặc ngay trên danh sách nước đi; nhãn quanh bàn cờ đổi theo. Khi gõ nước đi, có thể dùng cả hai ký hiệu, tên quân bằng chữ Hàn hoặc chữ Hán (08馬87) hoặc bỏ tên quân (0887).',
      ],
    },
    {
      id: 'moves',
      heading: 'Cách đi quân',
      paragraphs: [
        'Quân đi đến điểm có quân đối phương thì ăn quân đó. Đường chéo của cung nối mỗi góc với tâm cung; chỉ những quân được nói rõ dưới đây mới được đi theo đường chéo đó.',
      ],
      list: [
        'Tướng: đi một điểm trong cung, theo chiều ngang, dọc, hoặc theo đường chéo của cung (giữa góc và tâm).',
        'Sĩ: đi giống Tướng, một điểm trong cung, ngang, dọc, hoặc theo đường chéo của cung.',
        'Tượng: đi một điểm thẳng (ngang hoặc dọc) rồi hai điểm chéo ra ngoài, qua tổng cộng ba điểm; cả hai điểm trung gian phải trống. Vì không có sông, Tượng đi được khắp bàn.',
        'Mã: đi một điểm thẳng rồi một điểm chéo ra ngoài; bị cản chân giống Mã trong cờ tướng.',
        'Xe: đi ngang hoặc dọc bao xa cũng được. Trong cung, Xe còn đi theo đường chéo: từ góc vào tâm, hoặc từ góc thẳng sang góc đối diện khi tâm cung trống.',
        'Pháo: khi không ăn quân thì đi như Xe, kể cả theo đường chéo trong cung. Muốn ăn quân, Pháo phải nhảy qua đúng một quân làm ngòi (xem phần Luật Pháo của câu lạc bộ).',
        'Tốt: đi một điểm thẳng lên trước hoặc sang ngang, không bao giờ lùi. Theo luật của trang, Tốt không được đi chéo trong cung.',
      ],
    },
    {
      id: 'cannon',
      heading: 'Luật Pháo của câu lạc bộ',
      paragraphs: [
        'Pháo ở câu lạc bộ theo luật riêng của trang, khác với luật Janggi truyền thống (ở đó Pháo luôn phải nhảy qua ngòi, kể cả khi không ăn quân):',
      ],
      list: [
        'Khi không ăn quân, Pháo đi như Xe: ngang, dọc, và theo đường chéo trong cung. Nước đi không ăn quân không bao giờ nhảy qua quân nào.',
        'Muốn ăn quân, giữa Pháo và quân bị ăn phải có đúng một quân làm ngòi.',
        'Ngòi có thể là bất kỳ quân nào của cả hai bên, kể cả Tướng, trừ Pháo: Pháo không làm ngòi cho Pháo.',
        'Pháo không bao giờ ăn được Pháo.',
        'Các quy định trên áp dụng cả trên đường chéo của cung.',
      ],
    },
    {
      id: 'pass',
      heading: 'Bỏ lượt',
      paragraphs: [
        'Bên tới lượt, nếu không bị chiếu, có thể bỏ lượt thay vì đi quân. Bên đang bị chiếu thì không được bỏ lượt mà phải đỡ chiếu.',
        'Số lần bỏ lượt không bị giới hạn, và hai bên bỏ lượt liên tiếp cũng không làm kết thúc ván. Mỗi lần bỏ lượt vẫn được tính là một nửa nước trong luật 200 nửa nước không ăn quân (xem phần Kết thúc ván cờ).',
        'Trong biên bản ván cờ, nước bỏ lượt được ghi bằng ô của Tướng hai lần, ví dụ e2e2.',
      ],
    },
    {
      id: 'legality',
      heading: 'Nước đi hợp lệ và hai Tướng đối mặt',
      paragraphs: [
        'Sau nước đi của mình, Tướng của bạn không được ở vị trí mà đối phương có thể ăn ngay. Máy chủ không nhận nước đi không hợp lệ.',
        'Khác với cờ tướng, hai Tướng được đối mặt nhau trên một cột không có quân nào ở giữa: điều đó không phạm luật và cũng không làm ván hòa.',
      ],
    },
    {
      id: 'game-end',
      heading: 'Kết thúc ván cờ',
      paragraphs: ['Ván cờ kết thúc trong các trường hợp sau:'],
      list: [
        'Chiếu hết: bên bị chiếu mà không còn cách nào đỡ thì thua.',
        'Không có thế hết nước đi: bên không bị chiếu luôn có thể bỏ lượt, nên không có hòa do hết nước đi.',
        '200 nửa nước (100 nước mỗi bên) liên tiếp không có nước ăn quân thì hòa; nước bỏ lượt cũng được tính.',
        'Xin thua, hết giờ, hai bên thỏa thuận hòa, hoặc một bên rời ván quá lâu (xem các phần Thời gian và Quy định khi chơi).',
        'Câu lạc bộ không tính điểm quân. Lặp lại thế cờ, hay hai bên không còn quân tấn công, không tự động làm ván hòa (hai bên vẫn có thể thỏa thuận hòa): ván chỉ kết thúc theo các cách trên.',
      ],
    },
    {
      id: 'clock',
      heading: 'Thời gian',
      paragraphs: [
        'Janggi có hai kiểu đồng hồ. Fischer: mỗi bên có một lượng thời gian ban đầu, và được cộng thêm một số giây cố định sau mỗi nước đi; ví dụ 10+5 là 10 phút, cộng 5 giây mỗi nước.',
        'Byo-yomi (đọc giây), kiểu người chơi Janggi quen dùng: thời gian chính, sau đó là một số lượt đọc giây, mỗi lượt dài một số giây cố định; ví dụ 10 phút + 3×30 giây. Khi hết thời gian chính, mỗi nước phải đi xong trong một lượt đọc giây. Đi kịp thì lượt đó được tính lại từ đầu cho nước sau; để trôi hết một lượt thì mất lượt đó và chuyển sang lượt tiếp theo. Hết lượt cuối cùng là hết giờ.',
        'Nước đầu tiên của mỗi bên không tính giờ; thay vào đó là thời hạn đi nước đầu (xem phần Quy định khi chơi).',
        'Hết giờ thì thua, trừ khi đối phương không thể nào chiếu hết được, tức là không còn Xe, Pháo, Mã, Tượng hay Tốt nào: khi đó ván hòa.',
      ],
    },
    {
      id: 'conduct',
      heading: 'Quy định khi chơi',
      paragraphs: ['Ngoài luật trên bàn cờ, máy chủ áp dụng các quy định sau:'],
      list: [
        'Nước đầu tiên: mỗi bên phải đi nước đầu tiên của mình trong vòng 30 giây (Cho tính từ lúc ván bắt đầu, Han tính từ lúc Cho đi nước đầu). Quá thời hạn, ván bị hủy và không tính điểm xếp hạng.',
        'Hủy ván: khi hai bên chưa cùng đi nước đầu tiên, bất kỳ bên nào cũng có thể hủy ván; ván bị hủy không tính điểm xếp hạng.',
        'Xin thua: được phép bất cứ lúc nào trong ván.',
        'Đề nghị hòa: lời đề nghị giữ nguyên cho đến khi đối phương đồng ý, từ chối, hoặc đi nước tiếp theo (coi như từ chối). Đề nghị hòa khi đối phương đang đề nghị hòa thì coi như đồng ý. Khi đã bị chiếu hết thì ván đã kết thúc, không thể đề nghị hòa nữa.',
        'Mất kết nối: nếu một người mất kết nối quá 60 giây, đối phương có thể yêu cầu xử thắng. Nếu bên yêu cầu không thể nào chiếu hết được (không còn Xe, Pháo, Mã, Tượng hay Tốt) thì ván hòa.',
      ],
    },
  ],
};

export const en: RulesDoc = {
  title: 'Janggi rules (Korean chess)',
  intro:
    "Janggi (장기) is the chess of the Korean peninsula. It shares its roots with Xiangqi, but has no river, and pieces may move along the diagonals of the palace. This page sets out the rules exactly as the Youzai chess club's server applies them, the site's own rules included. Tournament rulebooks and other sites may differ; here, the rules on this page apply.",
  sections: [
    {
      id: 'board',
      heading: 'The board and the setup',
      paragraphs: [
        "The board has 9×10 points and no river. Each side has a 3×3 palace on files d–f of ranks 1–3 and ranks 8–10; inside it two diagonals join the four corners through the centre. This page names points in algebraic coordinates: files a to i, left to right as Cho sees them, and ranks 1 to 10 from Cho's back rank. The board itself shows the Korean numbers by default (see Writing moves).",
        'Cho (초, green) sits at the bottom and moves first; Han (한, red) sits at the top. The club uses one fixed standard setup, with no choice of arrangement; the generals stand in the centre of their palaces.',
        'Each side has 16 pieces: 1 general, 2 guards, 2 elephants, 2 horses, 2 chariots, 2 cannons and 5 soldiers. The starting position:',
      ],
      list: [
        'General: e2 (Han: e9), in the centre of the palace.',
        'Guards: d1 and f1 (Han: d10 and f10).',
        'Elephants: c1 and g1 (Han: c10 and g10).',
        'Horses: b1 and h1 (Han: b10 and h10).',
        'Chariots: a1 and i1 (Han: a10 and i10).',
        'Cannons: b3 and h3 (Han: b8 and h8).',
        'Soldiers: a4, c4, e4, g4 and i4 (Han: a7, c7, e7, g7 and i7).',
      ],
    },
    {
      id: 'notation',
      heading: 'Writing moves',
      paragraphs: [
        "The move list writes Janggi in its own Korean notation by default, as the Korea Janggi Association does. A point is two digits, its rank then its file, both as seen from Cho's side: the ranks are numbered 1 to 9 from the top (Han's back rank is 1) and the bottom one, Cho's back rank, is 0; the files are numbered 1 to 9 from left to right. Cho's palace centre (e2) is 95 and Han's (e9) is 25. The numbers belong to the points: when the board is turned round, they turn with it.",
        "A move is written as its starting point, the piece's Korean name and its destination: 08마87 is the horse from 08 to 87 (h1 to g3). The names are 차 chariot, 포 cannon, 마 horse, 상 elephant, 사 guard, 장 general, 졸 for Cho's soldiers and 병 for Han's. As in Korean game records, checks and captures carry no mark. A pass is 한수쉼 in this notation (the move list says pass).",
        'The algebraic notation (for example Hg3, Cxe7+, pass), in the a–i and 1–10 coordinates of this page, can be chosen in the settings or above the move list; the labels around the board follow it. A typed move may use either notation, with the piece named in Korean or Chinese characters (08馬87) or not named at all (0887).',
      ],
    },
    {
      id: 'moves',
      heading: 'How the pieces move',
      paragraphs: [
        'A piece that moves onto a point held by an enemy piece captures it. The palace diagonals join each corner to the centre; only the pieces said so below may move along them.',
      ],
      list: [
        'General: one point inside the palace, orthogonally or along a palace diagonal (between a corner and the centre).',
        'Guard: moves like the general, one point inside the palace, orthogonally or along a palace diagonal.',
        'Elephant: one point orthogonally, then two points diagonally outward, passing three points in all; both points on the way must be empty. With no river, the elephant may go anywhere on the board.',
        'Horse: one point orthogonally, then one point diagonally outward; it is blocked like the Xiangqi horse.',
        'Chariot: any distance orthogonally. Inside a palace it also moves along the diagonals: from a corner to the centre, or from a corner straight to the opposite corner when the centre is empty.',
        "Cannon: moves like a chariot when not capturing, palace diagonals included. To capture, it must jump exactly one piece, the screen (see The club's cannon rule).",
        'Soldier: one point straight forward or sideways, never backward. Under the site rules a soldier never steps diagonally inside a palace.',
      ],
    },
    {
      id: 'cannon',
      heading: "The club's cannon rule",
      paragraphs: [
        "At the club the cannon follows the site's own rule, which differs from traditional Janggi (where the cannon must always jump a screen, even when not capturing):",
      ],
      list: [
        'When not capturing, the cannon moves like a chariot: orthogonally, and along the palace diagonals. A non-capturing move never jumps over a piece.',
        'To capture, exactly one piece, the screen, must stand between the cannon and the piece it captures.',
        'Any piece of either side can be the screen, the general included, except a cannon: a cannon never screens for a cannon.',
        'A cannon can never capture a cannon.',
        'These rules hold on the palace diagonals too.',
      ],
    },
    {
      id: 'pass',
      heading: 'Passing',
      paragraphs: [
        'The side to move may pass instead of moving a piece, provided it is not in check. A side in check may not pass: it must meet the check.',
        'There is no limit on the number of passes, and passes by both sides in a row do not end the game. Each pass still counts as a ply toward the 200-ply no-capture rule (see How the game ends).',
        "In a game record a pass is written as the general's square twice, for example e2e2.",
      ],
    },
    {
      id: 'legality',
      heading: 'Legal moves and facing generals',
      paragraphs: [
        'After your move your general may not stand where the opponent could capture it at once. The server does not accept illegal moves.',
        'Unlike Xiangqi, the two generals may face each other on a file with nothing between them: that is neither illegal nor a draw.',
      ],
    },
    {
      id: 'game-end',
      heading: 'How the game ends',
      paragraphs: ['The game ends in the following cases:'],
      list: [
        'Checkmate: the side that is in check and cannot meet it loses.',
        'No stalemate: a side that is not in check can always pass, so no game is drawn for lack of a legal move.',
        '200 plies (100 moves by each side) in a row without a capture is a draw; passes count.',
        'Resignation, running out of time, a draw agreed by both sides, or a player leaving the game for too long (see Time control and Conduct).',
        'The club does not count points. Repetition, or neither side having an attacking piece left, does not draw the game by itself (the players may still agree a draw): the game ends only in the ways above.',
      ],
    },
    {
      id: 'clock',
      heading: 'Time control',
      paragraphs: [
        'Janggi offers two kinds of clock. Fischer: each side starts with a time allowance and gains a fixed number of seconds after each move; for example 10+5 means 10 minutes plus 5 seconds per move.',
        'Byo-yomi, as Janggi players expect: main time, then a number of byo-yomi periods of a fixed number of seconds each; for example 10 minutes + 3×30 seconds. Once the main time is spent, each move must be made within one period. A move made in time starts the period afresh for the next move; letting a whole period run out uses it up and moves on to the next one. When the last period runs out, time is up.',
        "Each side's first move is not timed; the first-move deadline applies instead (see Conduct).",
        'A side whose time runs out loses, unless the opponent cannot possibly checkmate, that is, has no chariot, cannon, horse, elephant or soldier left: then the game is drawn.',
      ],
    },
    {
      id: 'conduct',
      heading: 'Conduct',
      paragraphs: ['Besides the rules on the board, the server applies the following:'],
      list: [
        "First move: each side must make its first move within 30 seconds (Cho from the start of the game, Han from Cho's first move). If not, the game is aborted and not rated.",
        'Aborting: until both sides have made their first move, either side may abort the game; an aborted game is not rated.',
        'Resignation: allowed at any time during the game.',
        "Draw offers: an offer stands until the opponent accepts it, declines it, or makes their next move (which declines it). Offering a draw while the opponent's offer stands accepts it. Once a player is checkmated the game is over, and no draw can be offered.",
        'Disconnection: if a player has been disconnected for more than 60 seconds, the opponent may claim the win. If the claimant cannot possibly checkmate (has no chariot, cannon, horse, elephant or soldier left), the game is drawn instead.',
      ],
    },
  ],
};

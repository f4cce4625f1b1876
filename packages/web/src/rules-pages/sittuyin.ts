/**
 * Rules page: Sittuyin (Cờ Myanmar), as the server enforces it
 * (shared/RULES.md): placement, promotion on the long diagonals, the one-pawn
 * rule, the 100-ply rule. Checked against the rules library by
 * rules-pages.test.ts.
 */
import type { RulesDoc } from './types.ts';

export const vi: RulesDoc = {
  title: 'Luật Sittuyin (Cờ Myanmar)',
  intro:
    'Sittuyin là cờ vua truyền thống của Myanmar, hậu duệ của trò chaturanga Ấn Độ. Lúc đầu trên bàn chỉ có Tốt; hai bên tự bày các quân còn lại rồi mới đánh, và Tốt phong cấp trên hai đường chéo lớn. Trang này trình bày luật đúng như máy chủ của câu lạc bộ cờ Youzai áp dụng. Luật giải đấu và luật của các trang khác có thể khác; ở đây, luật trên trang này là căn cứ.',
  sections: [
    {
      id: 'board',
      heading: 'Bàn cờ và thế ban đầu',
      paragraphs: [
        'Bàn cờ 8×8 ô, không tô màu xen kẽ. Hai đường chéo dài a1–h8 và a8–h1 là đường phong cấp. Đỏ ngồi phía dưới, Đen ngồi phía trên. Các cột được ghi từ a đến h, từ trái sang phải nhìn từ phía Đỏ, và các hàng từ 1 đến 8 tính từ phía Đỏ.',
        'Mỗi bên có 16 quân: 1 Vua, 1 Tướng, 2 Tượng, 2 Mã, 2 Xe và 8 Tốt. Lúc bắt đầu trên bàn chỉ có Tốt: Đỏ ở a3–d3 và e4–h4, Đen ở a5–d5 và e6–h6. 8 quân còn lại của mỗi bên nằm trong tay, chờ được bày lên bàn.',
      ],
    },
    {
      id: 'placement',
      heading: 'Bày quân',
      paragraphs: ['Trước khi đánh, hai bên bày quân. Đỏ bắt đầu, rồi hai bên lần lượt, mỗi lượt đặt một quân trong tay vào một ô trống:'],
      list: [
        'Mỗi bên chỉ đặt quân trong ba hàng đầu của mình: Đỏ ở hàng 1–3, Đen ở hàng 6–8.',
        'Xe chỉ được đặt ở hàng cuối của mình: Đỏ ở hàng 1, Đen ở hàng 8.',
        'Quân được bày từng quân một, nên bạn có thể nhìn đội hình của đối thủ trước khi chọn chỗ cho quân tiếp theo.',
        'Khi cả 16 quân trong tay hai bên đã được đặt, Đỏ đi nước đầu tiên.',
        'Trong biên bản, một lượt đặt quân được ghi là chữ của quân, dấu @ và ô, ví dụ K@d2 là đặt Vua ở d2. Các chữ: K là Vua, F là Tướng, S là Tượng, N là Mã, R là Xe.',
      ],
    },
    {
      id: 'moves',
      heading: 'Cách đi quân',
      paragraphs: [
        'Quân đi đến ô có quân đối phương thì ăn quân đó. Chỉ Mã được nhảy qua quân khác.',
        'Sau nước đi của mình, Vua của bạn không được ở vị trí mà đối phương có thể ăn ngay. Máy chủ không nhận nước đi không hợp lệ.',
      ],
      list: [
        'Vua: đi một ô theo mọi hướng.',
        'Tướng: đi một ô chéo, theo hướng chéo bất kỳ.',
        'Tượng: đi một ô chéo (tiến hoặc lùi), hoặc một ô thẳng lên trước.',
        'Mã: đi như Mã cờ vua (hình chữ L) và nhảy qua được quân.',
        'Xe: đi ngang hoặc dọc bao xa cũng được, miễn là không có quân cản trên đường.',
        'Tốt: đi một ô thẳng lên trước, ăn quân một ô chéo lên trước. Tốt không đi hai ô ở nước đầu và không phong cấp khi đến hàng cuối.',
      ],
    },
    {
      id: 'promotion',
      heading: 'Phong cấp',
      paragraphs: [
        'Tốt không phong cấp ở hàng cuối. Thay vào đó, chỉ khi bên bạn không còn Tướng trên bàn, một Tốt đứng trên một ô của hai đường chéo lớn ở nửa bàn đối phương có thể dùng cả nước đi của mình để thành Tướng:',
      ],
      list: [
        'Các ô phong cấp của Đỏ: a8, b7, c6, d5, e5, f6, g7 và h8.',
        'Các ô phong cấp của Đen: a1, b2, c3, d4, e4, f3, g2 và h1.',
        'Tốt thành Tướng ngay tại chỗ, hoặc bước chéo một ô (theo hướng chéo bất kỳ) sang một ô trống rồi thành Tướng.',
        'Nước phong cấp không được ăn quân, và Tướng mới không được tấn công bất kỳ quân nào của đối phương, kể cả Vua.',
        'Nếu bên bạn chỉ còn đúng một Tốt, Tốt đó được phong cấp theo cách trên từ bất kỳ ô nào.',
        'Trong biên bản, nước phong cấp được ghi thêm chữ f: ví dụ d5d5f là phong cấp tại chỗ, d5e6f là bước chéo sang e6 rồi thành Tướng.',
      ],
    },
    {
      id: 'game-end',
      heading: 'Kết thúc ván cờ',
      paragraphs: [
        'Chiếu hết Vua đối phương là thắng. Ván cờ cũng kết thúc khi một bên xin thua, hết giờ, rời ván quá lâu, hoặc hai bên thỏa thuận hòa (xem các phần Thời gian và Quy định khi chơi).',
        'Máy chủ tự xử hòa trong các trường hợp sau:',
      ],
      list: [
        'Hết nước đi (pat): bên tới lượt không bị chiếu nhưng không còn nước hợp lệ nào.',
        'Trên bàn chỉ còn hai Vua.',
        '100 nửa nước (50 nước mỗi bên) liên tiếp không có nước ăn quân hay nước đi Tốt; nước phong cấp cũng tính là nước đi Tốt. Bộ đếm bắt đầu từ nước đi đầu tiên sau khi bày quân xong. Câu lạc bộ không dùng luật đếm nước nào khác.',
        'Cùng một thế cờ xuất hiện 3 lần với cùng bên tới lượt đi.',
      ],
    },
    {
      id: 'clock',
      heading: 'Thời gian',
      paragraphs: [
        'Sittuyin dùng đồng hồ Fischer: mỗi bên có một lượng thời gian ban đầu, và được cộng thêm một số giây cố định sau mỗi nước đi. Ví dụ 10+5 là 10 phút, cộng 5 giây mỗi nước.',
        'Đồng hồ chạy cả trong lúc bày quân, trừ lượt đặt quân đầu tiên của mỗi bên; lượt đó có thời hạn riêng (xem phần Quy định khi chơi).',
        'Hết giờ thì thua, trừ khi đối phương chỉ còn Vua và không thể nào chiếu hết được: khi đó ván hòa.',
      ],
    },
    {
      id: 'conduct',
      heading: 'Quy định khi chơi',
      paragraphs: ['Ngoài luật trên bàn cờ, máy chủ áp dụng các quy định sau:'],
      list: [
        'Lượt đầu tiên: mỗi bên phải đặt quân đầu tiên của mình trong vòng 30 giây (Đỏ tính từ lúc ván bắt đầu, Đen tính từ lúc Đỏ đặt quân đầu). Quá thời hạn, ván bị hủy và không tính điểm xếp hạng.',
        'Hủy ván: khi hai bên chưa cùng đặt quân đầu tiên, bất kỳ bên nào cũng có thể hủy ván; ván bị hủy không tính điểm xếp hạng.',
        'Xin thua: được phép bất cứ lúc nào trong ván, kể cả lúc bày quân.',
        'Đề nghị hòa: lời đề nghị giữ nguyên cho đến khi đối phương đồng ý, từ chối, hoặc đi nước tiếp theo (coi như từ chối). Đề nghị hòa khi đối phương đang đề nghị hòa thì coi như đồng ý. Khi đã bị chiếu hết thì ván đã kết thúc, không thể đề nghị hòa nữa.',
        'Mất kết nối: nếu một người mất kết nối quá 60 giây, đối phương có thể yêu cầu xử thắng. Nếu bên yêu cầu chỉ còn Vua, không thể nào chiếu hết được, thì ván hòa.',
      ],
    },
  ],
};

export const en: RulesDoc = {
  title: 'Sittuyin rules (Burmese chess)',
  intro:
    "Sittuyin is the traditional chess of Myanmar, a descendant of the Indian game chaturanga. At the start only the pawns are on the board; the players set out their other pieces themselves before play begins, and pawns promote on the two long diagonals. This page sets out the rules exactly as the Youzai chess club's server applies them. Tournament rulebooks and other sites may differ; here, the rules on this page apply.",
  sections: [
    {
      id: 'board',
      heading: 'The board and the starting position',
      paragraphs: [
        "The board has 8×8 squares, not chequered. The two long diagonals, a1–h8 and a8–h1, are the promotion lines. Red sits at the bottom, Black at the top. The files are lettered a to h, left to right as Red sees them, and the ranks numbered 1 to 8 from Red's side.",
        "Each side has 16 pieces: 1 king, 1 general, 2 elephants, 2 horses, 2 rooks and 8 pawns. At the start only the pawns are on the board: Red's on a3–d3 and e4–h4, Black's on a5–d5 and e6–h6. Each side's other 8 pieces are in hand, waiting to be placed.",
      ],
    },
    {
      id: 'placement',
      heading: 'Placement',
      paragraphs: [
        'Before play, both sides set out their pieces. Red begins, and the sides take turns, each turn placing one piece from hand on an empty square:',
      ],
      list: [
        'Each side places only on its own first three ranks: Red on ranks 1–3, Black on ranks 6–8.',
        'Rooks may only be placed on their own back rank: Red on rank 1, Black on rank 8.',
        "Pieces are placed one at a time, so you can watch your opponent's set-up before choosing a square for your next piece.",
        'When all 16 pieces in hand have been placed, Red makes the first move.',
        "In a game record a placement is written as the piece's letter, @ and the square; for example K@d2 places the king on d2. The letters: K king, F general, S elephant, N horse, R rook.",
      ],
    },
    {
      id: 'moves',
      heading: 'How the pieces move',
      paragraphs: [
        'A piece that moves onto a square held by an enemy piece captures it. Only the horse may jump over other pieces.',
        'After your move your king may not stand where the opponent could capture it at once. The server does not accept illegal moves.',
      ],
      list: [
        'King: one step in any direction.',
        'General: one step diagonally, in any diagonal direction.',
        'Elephant: one step diagonally (forward or backward), or one step straight forward.',
        'Horse: moves like the chess knight (an L shape) and jumps over pieces.',
        'Rook: any distance orthogonally, as long as no piece stands in the way.',
        'Pawn: one step straight forward; captures one step diagonally forward. A pawn has no two-step first move and does not promote on the last rank.',
      ],
    },
    {
      id: 'promotion',
      heading: 'Promotion',
      paragraphs: [
        "A pawn does not promote on the last rank. Instead, only while your side has no general on the board, a pawn standing on a square of either long diagonal in the opponent's half of the board may spend its whole move to become a general:",
      ],
      list: [
        "Red's promotion squares: a8, b7, c6, d5, e5, f6, g7 and h8.",
        "Black's promotion squares: a1, b2, c3, d4, e4, f3, g2 and h1.",
        'The pawn becomes a general where it stands, or steps one square diagonally (in any diagonal direction) onto an empty square and becomes a general there.',
        'A promotion may not capture, and the new general may not attack any enemy piece, the king included.',
        'If your side has exactly one pawn left, that pawn may promote in this way from any square.',
        'In a game record a promotion ends with the letter f: for example d5d5f promotes in place, and d5e6f steps to e6 and becomes a general there.',
      ],
    },
    {
      id: 'game-end',
      heading: 'How the game ends',
      paragraphs: [
        "Checkmating the opponent's king wins. The game also ends when a player resigns, runs out of time or leaves the game for too long, or when both sides agree a draw (see Time control and Conduct).",
        'The server draws the game by itself in these cases:',
      ],
      list: [
        'Stalemate: the side to move is not in check but has no legal move.',
        'Only the two kings are left on the board.',
        '100 plies (50 moves by each side) in a row without a capture or a pawn move; a promotion counts as a pawn move. The count starts with the first move after placement. The club uses no other counting rule.',
        'The same position occurs 3 times with the same side to move.',
      ],
    },
    {
      id: 'clock',
      heading: 'Time control',
      paragraphs: [
        'Sittuyin uses a Fischer clock: each side starts with a time allowance and gains a fixed number of seconds after each move. For example 10+5 means 10 minutes plus 5 seconds per move.',
        "The clock runs during placement too, except for each side's first placement, which has its own deadline (see Conduct).",
        'A side whose time runs out loses, unless the opponent has only the king left and cannot possibly checkmate: then the game is drawn.',
      ],
    },
    {
      id: 'conduct',
      heading: 'Conduct',
      paragraphs: ['Besides the rules on the board, the server applies the following:'],
      list: [
        "First turn: each side must place its first piece within 30 seconds (Red from the start of the game, Black from Red's first placement). If not, the game is aborted and not rated.",
        'Aborting: until both sides have placed their first piece, either side may abort the game; an aborted game is not rated.',
        'Resignation: allowed at any time during the game, placement included.',
        "Draw offers: an offer stands until the opponent accepts it, declines it, or makes their next move (which declines it). Offering a draw while the opponent's offer stands accepts it. Once a player is checkmated the game is over, and no draw can be offered.",
        'Disconnection: if a player has been disconnected for more than 60 seconds, the opponent may claim the win. If the claimant has only the king left and cannot possibly checkmate, the game is drawn instead.',
      ],
    },
  ],
};

/**
 * Rules page: Xiangqi (Cờ tướng), as the server enforces it (shared/RULES.md).
 * The numbers quoted here are checked against the rules library by
 * rules-pages.test.ts.
 */
import type { RulesDoc } from './types.ts';

export const vi: RulesDoc = {
  title: 'Luật Cờ tướng',
  intro:
    'Trang này trình bày luật Cờ tướng đúng như máy chủ của câu lạc bộ cờ Youzai áp dụng. Máy chủ là trọng tài: nó chỉ nhận nước đi hợp lệ và tự xử thắng, thua, hòa. Luật giải đấu và luật của các trang khác có thể khác; ở đây, luật trên trang này là căn cứ.',
  sections: [
    {
      id: 'board',
      heading: 'Bàn cờ và cách bày quân',
      paragraphs: [
        'Bàn cờ gồm 9 đường dọc và 10 đường ngang cắt nhau tại 90 giao điểm; quân cờ đứng trên các giao điểm. Sông (hà) nằm ngang giữa bàn, giữa hàng 5 và hàng 6, chia bàn cờ thành hai nửa bằng nhau. Mỗi bên có một cung (Cửu cung) 3×3 có vẽ hai đường chéo, ở các cột d–f của hàng 1–3 (bên Đỏ) và hàng 8–10 (bên Đen).',
        'Đỏ ngồi phía dưới và đi trước; Đen ngồi phía trên. Trên trang này, các cột được ghi từ a đến i, từ trái sang phải nhìn từ phía Đỏ, và các hàng từ 1 đến 10 tính từ hàng cuối của Đỏ. Một nước đi được ghi bằng điểm đi và điểm đến, ví dụ h3e3.',
        'Mỗi bên có 16 quân: 1 Tướng, 2 Sĩ, 2 Tượng, 2 Mã, 2 Xe, 2 Pháo và 5 Tốt. Thế bày quân ban đầu:',
      ],
      list: [
        'Tướng: e1 (Đen: e10), ở tâm cung.',
        'Sĩ: d1 và f1 (Đen: d10 và f10).',
        'Tượng: c1 và g1 (Đen: c10 và g10).',
        'Mã: b1 và h1 (Đen: b10 và h10).',
        'Xe: a1 và i1 (Đen: a10 và i10).',
        'Pháo: b3 và h3 (Đen: b8 và h8).',
        'Tốt: a4, c4, e4, g4 và i4 (Đen: a7, c7, e7, g7 và i7).',
      ],
    },
    {
      id: 'moves',
      heading: 'Cách đi quân',
      paragraphs: [
        'Mỗi lượt, bên tới lượt đi một quân của mình. Quân đi đến điểm có quân đối phương thì ăn quân đó, và quân bị ăn được nhấc ra khỏi bàn. Không được đi đến điểm có quân mình.',
      ],
      list: [
        'Tướng: đi một điểm theo chiều ngang hoặc dọc, không bao giờ ra khỏi cung.',
        'Sĩ: đi chéo một điểm, không bao giờ ra khỏi cung.',
        'Tượng: đi chéo đúng hai điểm (ngang 2, dọc 2) và không được qua sông. Nếu điểm ở giữa có quân bất kỳ (cản mắt Tượng) thì Tượng không đi được đường đó.',
        'Mã: đi một điểm ngang hoặc dọc rồi một điểm chéo ra ngoài (ngang 2 dọc 1, hoặc dọc 2 ngang 1). Nếu điểm liền bên cạnh theo hướng đi có quân (cản chân Mã) thì Mã không đi được hướng đó.',
        'Xe: đi ngang hoặc dọc bao xa cũng được, miễn là không có quân cản trên đường.',
        'Pháo: khi không ăn quân thì đi như Xe. Muốn ăn quân, Pháo phải nhảy qua đúng một quân (của bên nào cũng được) nằm giữa nó và quân bị ăn.',
        'Tốt: đi một điểm thẳng lên trước. Khi đã qua sông, Tốt được đi thêm một điểm sang ngang. Tốt không bao giờ đi lùi và không phong cấp khi đến hàng cuối.',
      ],
    },
    {
      id: 'legality',
      heading: 'Nước đi hợp lệ: an toàn của Tướng và chống tướng',
      paragraphs: [
        'Sau nước đi của mình, Tướng của bạn không được ở vị trí mà đối phương có thể ăn ngay: không được tự đưa Tướng vào thế bị chiếu, và khi bị chiếu thì phải đỡ chiếu.',
        'Chống tướng (lộ mặt tướng): hai Tướng không được đứng trên cùng một cột dọc mà giữa chúng không có quân nào. Nước đi tạo ra thế đó là không hợp lệ.',
        'Máy chủ không nhận nước đi không hợp lệ, nên không có chuyện xử thua vì đi sai luật.',
      ],
    },
    {
      id: 'game-end',
      heading: 'Kết thúc ván cờ',
      paragraphs: ['Ván cờ kết thúc ngay khi xảy ra một trong các trường hợp sau:'],
      list: [
        'Chiếu bí: bên bị chiếu mà không còn cách nào đỡ thì thua.',
        'Hết nước đi: bên tới lượt mà không còn nước hợp lệ nào, dù không bị chiếu, thì thua (khác với cờ vua, nơi trường hợp này là hòa).',
        'Hết quân tấn công: khi cả hai bên đều không còn Xe, Mã, Pháo hay Tốt nào thì ván hòa.',
        'Vi phạm luật chiếu dai hoặc đuổi dai: bên vi phạm thua, hoặc hòa nếu cả hai cùng vi phạm (xem các phần dưới).',
        'Lặp lại thế cờ, hoặc một trong ba luật xử hòa đến giới hạn: hòa (xem các phần dưới).',
        'Xin thua, hết giờ, hai bên thỏa thuận hòa, yêu cầu xử hòa theo luật 60 nước, hoặc một bên rời ván quá lâu (xem các phần Thời gian và Quy định khi chơi).',
      ],
    },
    {
      id: 'check-chase',
      heading: 'Thế nào là một nước chiếu, một nước đuổi quân',
      paragraphs: [
        'Luật cao cấp cấm chiếu dai và đuổi dai. Để áp dụng luật này, máy chủ xác định từng nước đi là nước chiếu, nước đuổi quân hay không phải cả hai, như sau:',
      ],
      list: [
        'Nước chiếu: sau nước đi, Tướng đối phương bị tấn công. Một nước vừa chiếu vừa đuổi quân chỉ được tính là nước chiếu.',
        'Nước đuổi quân: sau nước đi, một quân của bạn tấn công một quân của đối phương (không phải Tướng) mà trước nước đó nó chưa tấn công, và quân bị tấn công không được bảo vệ. Tấn công do mở đường cũng tính, ví dụ Pháo vừa có thêm ngòi sau khi một quân khác đi vào giữa.',
        'Quân được bảo vệ: nếu quân đuổi ăn nó thì quân đuổi có thể bị ăn lại một cách hợp lệ ngay nước sau. Riêng Xe bị Mã hoặc Pháo tấn công thì luôn bị coi là không được bảo vệ.',
        'Không tính là đuổi: quân tấn công là Tướng hoặc Tốt.',
        'Không tính là đuổi: dọa ăn một Tốt chưa qua sông.',
        'Không tính là đuổi: nước đổi quân (thí quân), tức là quân tấn công và quân bị tấn công cùng loại, và quân bị tấn công cũng ăn lại được quân tấn công (ví dụ hai Xe đối mặt nhau).',
      ],
    },
    {
      id: 'perpetual',
      heading: 'Chiếu dai và đuổi dai (luật cao cấp)',
      paragraphs: [
        'Máy chủ theo dõi chuỗi nước hiện tại của mỗi bên. Ở đây, một nước là một lần đi của bên đó; nước của đối phương xen giữa không làm đứt chuỗi.',
        'Trên bàn cờ, mỗi bên luôn thấy chuỗi hiện tại của mình và của đối phương cùng giới hạn của nó, và được cảnh báo trước khi đi một nước sẽ phạm luật.',
      ],
      list: [
        'Chuỗi chiếu: các nước liên tiếp của một bên mà nước nào cũng là nước chiếu.',
        'Chuỗi đuổi: các nước liên tiếp của một bên mà nước nào cũng đuổi cùng một quân của đối phương, dù quân đó chạy đi đâu.',
        'Bất kỳ nước nào khác của bên đó (không chiếu, hoặc không đuổi quân ấy nữa) đều chấm dứt chuỗi.',
        'Số quân của chuỗi là số quân khác nhau đã chiếu hoặc đuổi trong chuỗi. Với chiếu hay đuổi do mở đường, quân được tính là quân tấn công chứ không phải quân vừa đi.',
        'Giới hạn: chuỗi do 1 quân tạo ra được tối đa 6 nước, do 2 quân tối đa 12 nước, do 3 quân trở lên tối đa 18 nước.',
        'Ví dụ: dùng một Xe đuổi mãi một Mã không được bảo vệ thì 6 nước đầu vẫn được phép, còn nước đuổi thứ 7 là phạm luật.',
      ],
    },
    {
      id: 'violation',
      heading: 'Khi vượt giới hạn',
      paragraphs: ['Nước đi đưa chuỗi vượt quá giới hạn là phạm luật, và ván cờ kết thúc ngay:'],
      list: [
        'Nếu chuỗi hiện tại của đối phương cũng đã đạt giới hạn của nó, cả hai bên cùng vi phạm: một bên chiếu dai, một bên đuổi dai thì bên chiếu dai thua; cả hai cùng chiếu dai hoặc cùng đuổi dai thì hòa.',
        'Nếu không, bên phạm luật thua.',
        'Nước chiếu bí, hoặc nước làm đối phương hết nước đi, luôn được xử là chiếu bí hoặc hết nước đi (bên đi thắng), không bao giờ bị tính là phạm luật.',
      ],
    },
    {
      id: 'repetition',
      heading: 'Lặp lại thế cờ',
      paragraphs: [
        'Khi một thế cờ xuất hiện lần thứ 3 với cùng bên tới lượt đi, và từ lần xuất hiện đầu tiên đến nay không có nước chiếu hay nước đuổi quân nào, ván cờ hòa: hai bên đều không chịu đổi nước. Thế cờ lúc bắt đầu ván được tính là một lần xuất hiện.',
        'Nếu trong khoảng đó có nước chiếu hoặc đuổi quân, lặp lại không làm kết thúc ván: giới hạn chiếu dai, đuổi dai sẽ quyết định, và nếu không ai vượt giới hạn thì luật tiến triển (30 nước) sẽ xử hòa.',
      ],
    },
    {
      id: 'draw-rules',
      heading: 'Luật xử hòa',
      paragraphs: [
        'Để ván cờ không kéo dài vô ích, máy chủ tự xử hòa theo ba luật sau. Trong ba luật này, một nước gồm một lần đi của mỗi bên, tức 2 nửa nước (giống luật 50 nước của cờ vua). Các bộ đếm bắt đầu từ nửa nước đầu tiên của ván, kể cả khi ván bắt đầu từ một thế cờ cho sẵn. Bàn cờ hiển thị từng bộ đếm trong suốt ván, nên không trận hòa nào đến bất ngờ.',
      ],
      list: [
        'Luật nước đi có hiệu lực: 120 nước (240 nửa nước) không ăn quân thì hòa. Không tính các nửa nước chiếu hoặc đuổi quân, cũng không tính nửa nước đáp lại ngay sau một nước chiếu hay đuổi quân.',
        'Luật tiến triển: 30 nước (60 nửa nước) không có tiến triển thì hòa. Tiến triển là một nước ăn quân, hoặc một Tốt tiến lên phía trước.',
        'Luật số nước: ván cờ đạt 300 nước (600 nửa nước) thì hòa, trừ khi chính nửa nước cuối cùng đó thắng cờ.',
      ],
    },
    {
      id: 'draw-claim',
      heading: 'Yêu cầu xử hòa theo luật 60 nước',
      paragraphs: [
        'Khi mỗi bên đã đi 60 nước (tổng cộng 120 nửa nước) liên tiếp mà không có nước ăn quân nào, bất kỳ bên nào cũng có thể yêu cầu xử hòa, và ván hòa ngay. Ở luật này mọi nước đều được đếm, kể cả nước chiếu và nước đuổi quân.',
        'Đây là quyền của người chơi, có trước khi luật nước đi có hiệu lực tự xử hòa; nếu không ai yêu cầu, ván cờ tiếp tục.',
      ],
    },
    {
      id: 'clock',
      heading: 'Thời gian',
      paragraphs: [
        'Cờ tướng dùng đồng hồ Fischer: mỗi bên có một lượng thời gian ban đầu, và được cộng thêm một số giây cố định sau mỗi nước đi. Ví dụ 10+5 là 10 phút, cộng 5 giây mỗi nước.',
        'Nước đầu tiên của mỗi bên không tính giờ; thay vào đó là thời hạn đi nước đầu (xem phần Quy định khi chơi).',
        'Hết giờ thì thua, trừ khi đối phương không thể nào chiếu bí được, tức là không còn Xe, Mã, Pháo hay Tốt nào: khi đó ván hòa.',
      ],
    },
    {
      id: 'conduct',
      heading: 'Quy định khi chơi',
      paragraphs: ['Ngoài luật trên bàn cờ, máy chủ áp dụng các quy định sau:'],
      list: [
        'Nước đầu tiên: mỗi bên phải đi nước đầu tiên của mình trong vòng 30 giây (Đỏ tính từ lúc ván bắt đầu, Đen tính từ lúc Đỏ đi nước đầu). Quá thời hạn, ván bị hủy và không tính điểm xếp hạng.',
        'Hủy ván: khi hai bên chưa cùng đi nước đầu tiên, bất kỳ bên nào cũng có thể hủy ván; ván bị hủy không tính điểm xếp hạng.',
        'Xin thua: được phép bất cứ lúc nào trong ván.',
        'Đề nghị hòa: lời đề nghị giữ nguyên cho đến khi đối phương đồng ý, từ chối, hoặc đi nước tiếp theo (coi như từ chối). Đề nghị hòa khi đối phương đang đề nghị hòa thì coi như đồng ý. Khi đã bị chiếu bí thì ván đã kết thúc, không thể đề nghị hòa nữa.',
        'Mất kết nối: nếu một người mất kết nối quá 60 giây, đối phương có thể yêu cầu xử thắng. Nếu bên yêu cầu không thể nào chiếu bí được (không còn Xe, Mã, Pháo hay Tốt) thì ván hòa.',
      ],
    },
  ],
};

export const en: RulesDoc = {
  title: 'Xiangqi rules',
  intro:
    "This page sets out the rules of Xiangqi (Chinese chess) exactly as the Youzai chess club's server applies them. The server is the arbiter: it accepts only legal moves and decides wins, losses and draws itself. Tournament rulebooks and other sites may differ; here, the rules on this page apply.",
  sections: [
    {
      id: 'board',
      heading: 'The board and the setup',
      paragraphs: [
        'The board has 9 vertical and 10 horizontal lines crossing at 90 points; the pieces stand on the points. The river runs across the middle, between ranks 5 and 6, splitting the board into two equal halves. Each side has a 3×3 palace marked with two diagonals, on files d–f of ranks 1–3 (Red) and ranks 8–10 (Black).',
        "Red sits at the bottom and moves first; Black sits at the top. On this page the files are lettered a to i, left to right as Red sees them, and the ranks numbered 1 to 10 from Red's back rank. A move is written as its starting and ending points, for example h3e3.",
        'Each side has 16 pieces: 1 general, 2 advisors, 2 elephants, 2 horses, 2 chariots, 2 cannons and 5 soldiers. The starting position:',
      ],
      list: [
        'General: e1 (Black: e10), in the centre of the palace.',
        'Advisors: d1 and f1 (Black: d10 and f10).',
        'Elephants: c1 and g1 (Black: c10 and g10).',
        'Horses: b1 and h1 (Black: b10 and h10).',
        'Chariots: a1 and i1 (Black: a10 and i10).',
        'Cannons: b3 and h3 (Black: b8 and h8).',
        'Soldiers: a4, c4, e4, g4 and i4 (Black: a7, c7, e7, g7 and i7).',
      ],
    },
    {
      id: 'moves',
      heading: 'How the pieces move',
      paragraphs: [
        'On each turn the side to move moves one of its pieces. A piece that moves onto a point held by an enemy piece captures it, and the captured piece leaves the board. A piece may not move onto a point held by its own side.',
      ],
      list: [
        'General: one point orthogonally, never leaving the palace.',
        'Advisor: one point diagonally, never leaving the palace.',
        "Elephant: exactly two points diagonally (2 across, 2 along), and never across the river. If any piece stands on the point in between (blocking the elephant's eye), the elephant cannot go that way.",
        "Horse: one point orthogonally, then one point diagonally outward (2 by 1 in either direction). If a piece stands on the point next to the horse in the direction it sets out (hobbling the horse's leg), it cannot go that way.",
        'Chariot: any distance orthogonally, as long as no piece stands in the way.',
        'Cannon: moves like a chariot when not capturing. To capture, it must jump exactly one piece (of either side) standing between it and the piece it captures.',
        'Soldier: one point straight forward. Once across the river it may also step one point sideways. A soldier never moves backward and does not promote on the last rank.',
      ],
    },
    {
      id: 'legality',
      heading: "Legal moves: the general's safety and the facing generals",
      paragraphs: [
        'After your move your general may not stand where the opponent could capture it at once: you may not move into check, and when in check you must meet it.',
        'Facing generals (the flying general): the two generals may not stand on the same file with no piece between them. A move that brings this about is illegal.',
        'The server does not accept illegal moves, so no game is lost for an illegal move.',
      ],
    },
    {
      id: 'game-end',
      heading: 'How the game ends',
      paragraphs: ['The game ends as soon as one of the following happens:'],
      list: [
        'Checkmate: the side that is in check and cannot meet it loses.',
        'No legal move: the side to move that has no legal move, even when not in check, loses (unlike chess, where this is a draw).',
        'No attacking pieces: when neither side has a chariot, horse, cannon or soldier left, the game is drawn.',
        'Breaking the perpetual check or perpetual chase rule: the side that breaks it loses, or the game is drawn when both do (see below).',
        'Repetition, or one of the three draw rules reaching its limit: draw (see below).',
        'Resignation, running out of time, a draw agreed by both sides, a claimed draw under the 60-move rule, or a player leaving the game for too long (see Time control and Conduct).',
      ],
    },
    {
      id: 'check-chase',
      heading: 'What counts as a check and as a chase',
      paragraphs: [
        'The advanced rules forbid perpetual check and perpetual chase. To apply them, the server decides for every move whether it is a check, a chase, or neither, as follows:',
      ],
      list: [
        "Check: after the move, the opponent's general is attacked. A move that both checks and chases counts as a check only.",
        'Chase: after the move, one of your pieces attacks an enemy piece (not the general) that it did not attack before the move, and the attacked piece is unprotected. Attacks that the move uncovers count too, for example a cannon that gains a screen when another piece moves in between.',
        'Protected piece: if the chasing piece captured it, the chasing piece could at once be legally captured back. A chariot attacked by a horse or a cannon, however, is always treated as unprotected.',
        'Not a chase: an attack by a general or by a soldier.',
        'Not a chase: threatening a soldier that has not crossed the river.',
        'Not a chase: an exchange offer, where the attacking and the attacked piece are of the same kind and the attacked piece can capture the attacker back (for example two chariots facing each other).',
      ],
    },
    {
      id: 'perpetual',
      heading: 'Perpetual check and perpetual chase (advanced rules)',
      paragraphs: [
        "The server follows each side's current run of moves. Here a move is one move of that side; the opponent's moves in between do not break the run.",
        "On the board each side always sees its own and the opponent's current run with its limit, and is warned before a move that would break the rule.",
      ],
      list: [
        "Check run: a side's consecutive moves that are all checks.",
        "Chase run: a side's consecutive moves that all chase the same enemy piece, wherever it goes.",
        'Any other move by that side (one that does not check, or no longer chases that piece) ends the run.',
        "The run's pieces are the distinct pieces that gave the checks or made the chases in it. For a check or chase uncovered by a move, the piece counted is the one that attacks, not the one that moved.",
        'Limits: a run made by 1 piece may hold at most 6 moves, by 2 pieces at most 12 moves, by 3 or more pieces at most 18 moves.',
        'Example: chasing an unprotected horse with one chariot again and again, the first 6 moves are allowed and the 7th chasing move breaks the rule.',
      ],
    },
    {
      id: 'violation',
      heading: 'Going past the limit',
      paragraphs: ['A move that takes a run past its limit breaks the rule, and the game ends at once:'],
      list: [
        "If the opponent's current run has also reached its own limit, both sides break the rule: when one side checks and the other chases, the checking side loses; when both check or both chase, the game is drawn.",
        'Otherwise the side that broke the rule loses.',
        'A move that checkmates the opponent or leaves them without a legal move is always judged as that (the mover wins), never as breaking the rule.',
      ],
    },
    {
      id: 'repetition',
      heading: 'Repetition',
      paragraphs: [
        'When a position occurs for the 3rd time with the same side to move, and no move since its first occurrence was a check or a chase, the game is drawn: neither side will change its moves. The position at the start of the game counts as an occurrence.',
        'If there was a check or a chase in between, repetition does not end the game: the perpetual check and chase limits decide, and if nobody goes past them, the progress rule (30 moves) draws the game.',
      ],
    },
    {
      id: 'draw-rules',
      heading: 'Draw rules',
      paragraphs: [
        "So that a game does not drag on for nothing, the server draws it under the three rules below. In these rules a move is one move by each side, that is 2 plies (like chess's fifty-move rule). The counters start with the game's first ply, even when the game starts from a set-up position. The board shows each counter throughout the game, so no draw comes as a surprise.",
      ],
      list: [
        'Natural limit ("effective moves"): 120 moves (240 plies) without a capture is a draw. Plies that give check or chase are not counted, nor is the ply that replies to a check or a chase.',
        'Progress rule: 30 moves (60 plies) without progress is a draw. Progress is a capture, or a soldier moving forward.',
        'Length limit: when the game reaches 300 moves (600 plies) it is a draw, unless that last ply wins.',
      ],
    },
    {
      id: 'draw-claim',
      heading: 'Claiming a draw under the 60-move rule',
      paragraphs: [
        'When each side has made 60 moves (120 plies in all) in a row without a capture, either side may claim a draw, and the game is drawn at once. This rule counts every move, checks and chases included.',
        "It is the players' right, and comes before the natural limit draws the game by itself; if nobody claims, the game goes on.",
      ],
    },
    {
      id: 'clock',
      heading: 'Time control',
      paragraphs: [
        'Xiangqi uses a Fischer clock: each side starts with a time allowance and gains a fixed number of seconds after each move. For example 10+5 means 10 minutes plus 5 seconds per move.',
        "Each side's first move is not timed; the first-move deadline applies instead (see Conduct).",
        'A side whose time runs out loses, unless the opponent cannot possibly checkmate, that is, has no chariot, horse, cannon or soldier left: then the game is drawn.',
      ],
    },
    {
      id: 'conduct',
      heading: 'Conduct',
      paragraphs: ['Besides the rules on the board, the server applies the following:'],
      list: [
        "First move: each side must make its first move within 30 seconds (Red from the start of the game, Black from Red's first move). If not, the game is aborted and not rated.",
        'Aborting: until both sides have made their first move, either side may abort the game; an aborted game is not rated.',
        'Resignation: allowed at any time during the game.',
        "Draw offers: an offer stands until the opponent accepts it, declines it, or makes their next move (which declines it). Offering a draw while the opponent's offer stands accepts it. Once a player is checkmated the game is over, and no draw can be offered.",
        'Disconnection: if a player has been disconnected for more than 60 seconds, the opponent may claim the win. If the claimant cannot possibly checkmate (has no chariot, horse, cannon or soldier left), the game is drawn instead.',
      ],
    },
  ],
};

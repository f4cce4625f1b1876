/**
 * Until the web client lands (its own issue), the club's pages are a small
 * HTML shell that says what is here and links the API.
 */
const SHELL = (title: string, body: string) => `<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · Youzai</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">
<h1>Youzai</h1>${body}
<p><small>Cờ tướng · Janggi · Sittuyin — <a href="/api/games">/api/games</a> · <a href="/api/tv">/api/tv</a> · <a href="/api/me">/api/me</a></small></p>
</body></html>`;

export function pageFor(path: string): string | null {
  if (path === '/') return SHELL('Câu lạc bộ', '<p>Câu lạc bộ cờ Youzai: cờ tướng, Janggi và Sittuyin. Giao diện web sẽ có sớm; máy chủ đã chạy.</p>');
  const game = /^\/game\/([A-Za-z0-9]{6,16})$/.exec(path);
  if (game) return SHELL('Ván cờ', `<p>Ván cờ <code>${game[1]}</code>: xem trạng thái tại <a href="/api/games/${game[1]}">/api/games/${game[1]}</a>.</p>`);
  const invite = /^\/invite\/([A-Za-z0-9]{6,16})\/([A-Za-z0-9]{8,64})$/.exec(path);
  if (invite) {
    return SHELL(
      'Lời mời',
      `<p>Bạn được mời chơi ván <code>${invite[1]}</code>.</p><button id="j">Nhận lời</button><p id="o"></p>
<script>document.getElementById('j').onclick=async()=>{const r=await fetch('/api/games/${invite[1]}/join',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({token:'${invite[2]}'})});const j=await r.json();document.getElementById('o').textContent=j.ok?'OK':j.message;if(j.ok)location.href='/game/${invite[1]}'}</script>`,
    );
  }
  return null;
}
